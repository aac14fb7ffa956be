import { z } from 'zod';
import { ConfigError, kafkaShape, loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('when variables are missing or invalid, then every problem is listed at once', () => {
    const shape = { SECRET: z.string().min(8), PORT: z.coerce.number().int().positive() };
    let error: unknown;
    try {
      loadConfig(shape, { PORT: 'abc' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).toMatch(/SECRET/);
    expect(problems.join('\n')).toMatch(/PORT/);
  });

  it('when the environment is empty, then local defaults apply and broker lists are split', () => {
    const cfg = loadConfig(kafkaShape, { KAFKA_BROKERS: 'a:1, b:2' });
    expect(cfg.KAFKA_BROKERS).toEqual(['a:1', 'b:2']);
    expect(cfg.KAFKA_TOPIC_PREFIX).toBe('');
  });
});

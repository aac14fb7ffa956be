import { z } from 'zod';
import {
  configSchema,
  ConfigError,
  kafkaShape,
  loadConfig,
  LOCAL_SETTINGS,
  parseConfig,
  runtimeShape,
  storeShapes,
} from '../src/config';

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

describe('configSchema', () => {
  const shape = { ...runtimeShape(4999), ...storeShapes.postgres, PEER_URL: z.string().url() };
  const schema = configSchema(shape, {
    local: { PEER_URL: 'http://127.0.0.1:4998' },
    production: (c, problem) => {
      if (c.PEER_URL.startsWith('http://127.')) problem('PEER_URL', 'must not be this machine');
    },
  });

  it('when a store URL or a local setting is missing outside production, then its local value applies', () => {
    const c = parseConfig(schema, { NODE_ENV: 'test' });
    expect(c.DATABASE_URL).toBe(LOCAL_SETTINGS.DATABASE_URL);
    expect(c.KAFKA_BROKERS).toEqual([LOCAL_SETTINGS.KAFKA_BROKERS]);
    expect(c.PEER_URL).toBe('http://127.0.0.1:4998');
    expect(c.PORT).toBe(4999);
  });

  it('when production leaves out the stores, the secret and the local settings, then each is reported', () => {
    let error: unknown;
    try {
      parseConfig(schema, { NODE_ENV: 'production' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const named = (error as ConfigError).problems.map((p) => p.split(':')[0]).sort();
    expect(named).toEqual(['DATABASE_URL', 'IDENTITY_SECRET', 'KAFKA_BROKERS', 'PEER_URL']);
  });

  it("when production gives everything, then the service's own production rules still apply", () => {
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/x',
      KAFKA_BROKERS: 'kafka:9092',
      IDENTITY_SECRET: 'p'.repeat(40),
    };
    expect(() => parseConfig(schema, { ...env, PEER_URL: 'http://127.0.0.1:1' })).toThrow(/PEER_URL: must not be/);
    expect(parseConfig(schema, { ...env, PEER_URL: 'http://peer:1' }).PEER_URL).toBe('http://peer:1');
  });
});

import { DEVELOPMENT_IDENTITY_SECRET } from '@syn/kit/identity';
import { ConfigError, loadConfig } from '../src/config';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('gateway environment', () => {
  test('when nothing is set, then local defaults apply and express-gateway secrets are random per process', () => {
    const first = loadConfig({});
    expect(first.port).toBe(8080);
    expect(first.host).toBe('127.0.0.1');
    expect(first.services.dictionary).toEqual(['http://127.0.0.1:4002']);
    expect(first.bodyLimitBytes).toBe(256 * 1024);
    expect(first.webDist).toMatch(/web[\\/]dist$/);
    expect(first.expressGateway.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({}).expressGateway.sessionSecret).not.toBe(first.expressGateway.sessionSecret);
  });

  test('when several dictionary instances are listed, then each becomes an origin', () => {
    const config = loadConfig({ DICTIONARY_URLS: ' http://10.0.0.1:4002 ,http://10.0.0.2:4002/ ', BODY_LIMIT: '1mb' });
    expect(config.services.dictionary).toEqual(['http://10.0.0.1:4002', 'http://10.0.0.2:4002']);
    expect(config.bodyLimitBytes).toBe(1024 * 1024);
  });

  test('when values are invalid, then every problem is listed by name', () => {
    const problems = problemsOf({
      GATEWAY_PORT: 'eighty',
      ACCOUNT_URL: 'ftp://x',
      DICTIONARY_URLS: ',',
      REDIS_URL: 'http://127.0.0.1:6379',
      BODY_LIMIT: 'lots',
    });
    for (const name of ['GATEWAY_PORT', 'ACCOUNT_URL', 'DICTIONARY_URLS', 'REDIS_URL', 'BODY_LIMIT']) {
      expect(problems.some((problem) => problem.startsWith(name))).toBe(true);
    }
  });

  test('when running in production without its secrets, then start-up names them', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems).toEqual([
      'EG_CRYPTO_CIPHER_KEY: is required in production',
      'EG_SESSION_SECRET: is required in production',
      'EG_ACCESS_TOKEN_SECRET: is required in production',
      'IDENTITY_SECRET: is required in production',
    ]);
  });

  test('when production brings the public development identity secret, then start-up refuses it', () => {
    const problems = problemsOf({ NODE_ENV: 'production', IDENTITY_SECRET: DEVELOPMENT_IDENTITY_SECRET });
    expect(problems).toContain('IDENTITY_SECRET: the development value is public; production needs its own');
  });

  test('when nothing is set outside production, then the gateway signs with the development secret its services share', () => {
    expect(loadConfig({}).identitySecret).toBe(DEVELOPMENT_IDENTITY_SECRET);
    expect(loadConfig({ IDENTITY_SECRET: 'j'.repeat(40) }).identitySecret).toBe('j'.repeat(40));
  });

  test('when a secret would be read as a config template, then it is refused', () => {
    expect(problemsOf({ EG_SESSION_SECRET: '${HOME}'.padEnd(40, 'x') })).toEqual([
      'EG_SESSION_SECRET: must not contain "${"',
    ]);
  });

  test('when rate limits are not set, then sane limits apply, lifted in test mode where every browser is 127.0.0.1', () => {
    const local = loadConfig({}).rateLimits;
    expect(local.auth).toEqual({ points: 20, durationSeconds: 60 });
    expect(local.search.points).toBeGreaterThan(local.auth.points);
    expect(loadConfig({ NODE_ENV: 'test' }).rateLimits.auth.points).toBeGreaterThanOrEqual(100_000);
    expect(loadConfig({ NODE_ENV: 'test', RATE_LIMIT_AUTH: '3 / 10' }).rateLimits.auth).toEqual({
      points: 3,
      durationSeconds: 10,
    });
  });

  test('when a rate limit or frame ancestor is malformed, then it is refused by name', () => {
    const problems = problemsOf({ RATE_LIMIT_SEARCH: 'many', RATE_LIMIT_API: '0/60', CSP_FRAME_ANCESTORS: "'self' *" });
    expect(problems.map((problem) => problem.split(/[:.]/)[0]).sort()).toEqual([
      'CSP_FRAME_ANCESTORS',
      'RATE_LIMIT_API',
      'RATE_LIMIT_SEARCH',
    ]);
  });

  test('when a host page, payment origin and public URL are set, then they are the trusted origins for writes', () => {
    const config = loadConfig({
      CSP_FRAME_ANCESTORS: "'self' https://host.example.com",
      CSP_EXTRA_ORIGINS: 'https://cdn.payment.example https:',
      PUBLIC_URL: 'https://dict.example.com/app/',
    });
    expect(config.trustedOrigins).toEqual([
      'https://dict.example.com',
      'https://host.example.com',
      'https://cdn.payment.example',
    ]);
  });
});

import { DEVELOPMENT_IDENTITY_SECRET } from '@syn/kit/identity';
import { ConfigError, SAMPLE_SITE_DETAILS, hasValidCheckDigit, loadConfig } from '../src/config';
import { PRODUCTION_SITE_ENV } from './support';

const SECRETS = {
  EG_CRYPTO_CIPHER_KEY: 'k'.repeat(32),
  EG_SESSION_SECRET: 's'.repeat(32),
  EG_ACCESS_TOKEN_SECRET: 't'.repeat(32),
  IDENTITY_SECRET: 'i'.repeat(32),
};

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

  test('when running in production without its secrets and seller details, then start-up names each', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems).toEqual([
      'EG_CRYPTO_CIPHER_KEY: is required in production',
      'EG_SESSION_SECRET: is required in production',
      'EG_ACCESS_TOKEN_SECRET: is required in production',
      'IDENTITY_SECRET: is required in production',
      'BUSINESS_NAME: is required in production',
      'BUSINESS_REPRESENTATIVE: is required in production',
      'BUSINESS_REGISTRATION_NUMBER: is required in production',
      'BUSINESS_MAIL_ORDER_NUMBER: is required in production',
      'BUSINESS_ADDRESS: is required in production',
      'BUSINESS_PHONE: is required in production',
      'BUSINESS_EMAIL: is required in production',
      'BUSINESS_HOURS: is required in production',
      'PRIVACY_OFFICER_NAME: is required in production',
      'PRIVACY_OFFICER_EMAIL: is required in production',
      'PRIVACY_TRUSTEE_PAYMENT: is required in production',
      'PRIVACY_TRUSTEE_MAIL: is required in production',
    ]);
  });

  test('when production has its secrets but lacks some seller details, then exactly those are named', () => {
    const { BUSINESS_MAIL_ORDER_NUMBER: _mailOrder, PRIVACY_OFFICER_NAME: _officer, ...rest } = PRODUCTION_SITE_ENV;
    expect(problemsOf({ NODE_ENV: 'production', ...SECRETS, ...rest, BUSINESS_ADDRESS: '   ' })).toEqual([
      'BUSINESS_ADDRESS: must not be blank',
      'BUSINESS_MAIL_ORDER_NUMBER: is required in production',
      'BUSINESS_ADDRESS: is required in production',
      'PRIVACY_OFFICER_NAME: is required in production',
    ]);
  });

  test('when production brings the development samples, then start-up refuses them', () => {
    const problems = problemsOf({
      NODE_ENV: 'production',
      ...SECRETS,
      ...PRODUCTION_SITE_ENV,
      BUSINESS_NAME: SAMPLE_SITE_DETAILS.BUSINESS_NAME,
      BUSINESS_REGISTRATION_NUMBER: SAMPLE_SITE_DETAILS.BUSINESS_REGISTRATION_NUMBER,
    });
    expect(problems).toEqual([
      'BUSINESS_NAME: is the development sample; production needs the real value',
      'BUSINESS_REGISTRATION_NUMBER: is the development sample; production needs the real value',
    ]);
  });

  test('when production sets every secret and seller detail, then the site details are exactly those', () => {
    const config = loadConfig({ NODE_ENV: 'production', ...SECRETS, ...PRODUCTION_SITE_ENV });
    expect(config.site).toEqual({
      business: {
        name: '주식회사 낱말숲',
        representative: '이한결',
        registrationNumber: '123-45-67891',
        mailOrderNumber: '제2026-서울마포-0123호',
        address: '서울특별시 마포구 낱말로 12, 3층',
        phone: '1588-0123',
        email: 'help@natmal.example',
        hours: '평일 09:00~18:00',
      },
      privacyOfficer: { name: '박지원', email: 'privacy@natmal.example' },
      privacyTrustees: {
        payment: '코리아포트원 주식회사(PortOne), 주식회사 케이지이니시스',
        mail: '주식회사 낱말메일',
      },
      embedParentOrigins: [],
    });
  });

  test.each(['development', 'test'])(
    'when running as %s without seller details, then plainly fake samples stand in',
    (nodeEnv) => {
      const { business, privacyOfficer } = loadConfig({ NODE_ENV: nodeEnv }).site;
      expect(business.name).toBe('유의어사전 주식회사(개발용)');
      expect(business.registrationNumber).toBe('000-00-00000');
      expect(business.email).toMatch(/\.example$/);
      expect(privacyOfficer.email).toMatch(/\.example$/);
      for (const value of [business.representative, business.mailOrderNumber, business.address, privacyOfficer.name])
        expect(value).toMatch(/개발용|예시/);
      // A detail that is set wins over its sample.
      expect(loadConfig({ NODE_ENV: nodeEnv, BUSINESS_NAME: ' 주식회사 낱말숲 ' }).site.business.name).toBe(
        '주식회사 낱말숲',
      );
    },
  );

  test('when a seller detail is malformed, then it is refused by name', () => {
    const problems = problemsOf({
      BUSINESS_REGISTRATION_NUMBER: '1234567891',
      BUSINESS_PHONE: '문의 1588',
      BUSINESS_EMAIL: 'help-at-natmal',
      PRIVACY_OFFICER_EMAIL: 'privacy@',
      BUSINESS_ADDRESS: '서울특별시\n마포구',
      BUSINESS_HOURS: '${HOURS}',
    });
    expect(problems).toEqual([
      'BUSINESS_REGISTRATION_NUMBER: must look like 000-00-00000',
      'BUSINESS_ADDRESS: must be one line without control characters',
      'BUSINESS_PHONE: must be a phone number such as 02-123-4567 or 1588-0000',
      'BUSINESS_EMAIL: must be an email address',
      'BUSINESS_HOURS: must not contain "${"',
      'PRIVACY_OFFICER_EMAIL: must be an email address',
    ]);
  });

  test('when a registration number has a mistyped digit, then its check digit gives it away', () => {
    expect(hasValidCheckDigit('123-45-67891')).toBe(true);
    expect(hasValidCheckDigit('120-81-47521')).toBe(true);
    expect(hasValidCheckDigit('123-45-67890')).toBe(false);
    expect(hasValidCheckDigit('123-54-67891')).toBe(false);
    expect(problemsOf({ BUSINESS_REGISTRATION_NUMBER: '123-45-67890' })).toEqual([
      'BUSINESS_REGISTRATION_NUMBER: has a wrong check digit',
    ]);
  });

  test('when host pages are named for the login status, then they become origins and must be allowed to frame the app', () => {
    const config = loadConfig({
      CSP_FRAME_ANCESTORS: "'self' https://host.example.com https://b.example.com",
      EMBED_PARENT_ORIGINS: 'https://host.example.com/, https://b.example.com',
    });
    expect(config.site.embedParentOrigins).toEqual(['https://host.example.com', 'https://b.example.com']);
    expect(loadConfig({}).site.embedParentOrigins).toEqual([]);
    expect(problemsOf({ EMBED_PARENT_ORIGINS: 'https://host.example.com' })).toEqual([
      'EMBED_PARENT_ORIGINS: https://host.example.com is not in CSP_FRAME_ANCESTORS',
    ]);
    expect(problemsOf({ EMBED_PARENT_ORIGINS: '*' })).toEqual([
      'EMBED_PARENT_ORIGINS.0: must be an http(s) origin such as http://127.0.0.1:4001',
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

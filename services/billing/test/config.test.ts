import { loadConfig } from '../src/config';

const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://db/syndict',
  KAFKA_BROKERS: 'kafka:9092',
  SMTP_URL: 'smtp://relay:587',
  IDENTITY_SECRET: 's'.repeat(40),
  ACCOUNT_URL: 'http://account:4001',
  PORTONE_API_URL: 'https://api.iamport.kr',
  PORTONE_API_KEY: 'live-key',
  PORTONE_API_SECRET: 'live-secret',
  PORTONE_IMP_CODE: 'imp12345678',
  PORTONE_SCRIPT_URL: 'https://cdn.iamport.kr/v1/iamport.js',
};

describe('billing config', () => {
  it('when nothing is set outside production, then PortOne is the local sandbox', () => {
    const c = loadConfig({});
    expect(c.PORTONE_API_URL).toBe('http://127.0.0.1:4100');
    expect(c.PORTONE_API_KEY).toBe('sandbox-key');
    expect(c.ACCOUNT_URL).toBe('http://127.0.0.1:4001');
  });

  it('when production names the real PortOne, then the config loads', () => {
    expect(loadConfig(production).PORTONE_API_KEY).toBe('live-key');
  });

  it("when production gives the sandbox's key or merchant code, or no script URL, then each is refused", () => {
    const { PORTONE_SCRIPT_URL: _script, ...noScript } = production;
    expect(() => loadConfig({ ...production, PORTONE_API_KEY: 'sandbox-key' })).toThrow(/PORTONE_API_KEY/);
    expect(() => loadConfig({ ...production, PORTONE_IMP_CODE: 'imp_sandbox' })).toThrow(/PORTONE_IMP_CODE/);
    expect(() => loadConfig(noScript)).toThrow(/PORTONE_SCRIPT_URL/);
  });

  it('when production leaves out PortOne or the account service, then they are not defaulted to this machine', () => {
    const { PORTONE_API_URL: _url, ACCOUNT_URL: _account, ...missing } = production;
    expect(() => loadConfig(missing)).toThrow(/PORTONE_API_URL[\s\S]*ACCOUNT_URL|ACCOUNT_URL[\s\S]*PORTONE_API_URL/);
  });
});

// The account service and the real gateway in front of it, for the account abuse tests (issue items
// 5, 6, 9). The gateway trusts X-Forwarded-For from loopback here, so a test can speak as several
// client addresses (a school's NAT, an attacker) the way a load balancer in front would report them.
import { startGateway, type RunningGateway } from '../../../gateway/src/main';
import { randomIp, startAccount, type Running } from '../../../services/account/test/support';
import { call, sessionCookie, type Reply } from './http';

export interface AccountGateway {
  account: Running;
  gateway: RunningGateway;
  stop(): Promise<void>;
}

/** Nothing listens there: these tests only call account paths. */
const NOWHERE = 'http://127.0.0.1:9';

export async function startAccountGateway(env: Record<string, string> = {}): Promise<AccountGateway> {
  const account = await startAccount(env);
  const gateway = await startGateway({
    NODE_ENV: 'test',
    GATEWAY_PORT: '0',
    TRUST_PROXY: 'loopback',
    ACCOUNT_URL: account.url,
    DICTIONARY_URLS: NOWHERE,
    WORDBOOK_URL: NOWHERE,
    BILLING_URL: NOWHERE,
    STATISTICS_URL: NOWHERE,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/1',
  });
  return {
    account,
    gateway,
    stop: async () => {
      await gateway.close();
      await account.svc.stop();
    },
  };
}

/** POST through the gateway as a client at `ip` (default: a fresh random address). */
export function gw(
  g: AccountGateway,
  path: string,
  body: Record<string, unknown>,
  opts: { ip?: string; cookie?: string } = {},
): Promise<Reply> {
  return call(g.gateway.url, 'POST', path, body, {
    cookie: opts.cookie,
    headers: { 'x-forwarded-for': opts.ip ?? randomIp() },
  });
}

/** Signs in through the gateway and returns the session cookie (throws unless 200). */
export async function gwLogin(g: AccountGateway, email: string, password: string, ip?: string): Promise<string> {
  const res = await gw(g, '/api/user/login', { email, password }, { ip });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  return sessionCookie(res.setCookie);
}

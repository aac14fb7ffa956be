// Test support: the account service in-process against the real PostgreSQL, Redis, Kafka and
// maildev, called the way the gateway calls it (identity headers resolved from the session).
import { randomBytes } from 'node:crypto';
import {
  ANONYMOUS_GRADE,
  ANONYMOUS_USER_ID,
  DEVELOPMENT_IDENTITY_SECRET,
  GATEWAY_ISSUER,
  identityHeaders,
  parseSession,
  sessionHash,
  startService,
  type DeviceState,
} from '@syn/kit';
import { accountService } from '../src/service';

export const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/syndict_test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/1';
export const KAFKA_BROKERS = process.env.KAFKA_BROKERS ?? '127.0.0.1:9092';
export const SMTP_URL = process.env.SMTP_URL ?? 'smtp://127.0.0.1:1025';
export const MAIL_WEB = process.env.MAIL_WEB_URL ?? 'http://127.0.0.1:1080';

export const uid = () => randomBytes(5).toString('hex');
export const newEmail = (tag = 'user') => `${tag}.${uid()}@example.com`;

export type Account = Awaited<ReturnType<typeof startAccountService>>;
const startAccountService = (env: Record<string, string>) => startService(accountService, env);

export interface Running {
  svc: Account;
  url: string;
  prefix: string;
  /** A per-file client address (sent as X-Forwarded-For) so IP throttles never leak between files. */
  ip: string;
}

export async function startAccount(extra: Record<string, string> = {}): Promise<Running> {
  const prefix = `accttest.${uid()}.`;
  const svc = await startAccountService({
    PORT: '0',
    NODE_ENV: 'test',
    DATABASE_URL,
    REDIS_URL,
    KAFKA_BROKERS,
    SMTP_URL,
    KAFKA_TOPIC_PREFIX: prefix,
    LOG_LEVEL: 'silent',
    ...extra,
  });
  return { svc, url: svc.http.url, prefix, ip: randomIp() };
}

export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export interface Reply {
  status: number;
  body: Record<string, unknown>;
  setCookie: string[];
}

export interface Identity {
  userId: number;
  grade: number;
  deviceKey?: string;
  sessionHash?: string;
  deviceState?: DeviceState;
}

/**
 * What the gateway forwards for a request, signed as the gateway signs it: a visitor when `who` is
 * absent, a member on their current device unless `deviceState` says otherwise.
 */
export function gatewayHeaders(
  method: string,
  path: string,
  who: Identity | undefined,
  ip: string,
  issuer = GATEWAY_ISSUER,
): Record<string, string> {
  return identityHeaders(DEVELOPMENT_IDENTITY_SECRET, issuer, method, path, {
    userId: who?.userId ?? ANONYMOUS_USER_ID,
    grade: who?.grade ?? ANONYMOUS_GRADE,
    deviceKey: who?.deviceKey,
    deviceState: who ? (who.deviceState ?? 'current') : undefined,
    sessionHash: who?.sessionHash,
    forwardedFor: ip,
  });
}

export async function call(
  run: Running,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  opts: { as?: Identity; ip?: string; headers?: Record<string, string>; issuer?: string; unsigned?: boolean } = {},
): Promise<Reply> {
  const res = await fetch(run.url + path, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.unsigned ? {} : gatewayHeaders(method, path, opts.as, opts.ip ?? run.ip, opts.issuer)),
      ...opts.headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    setCookie: res.headers.getSetCookie(),
  };
}

export const post = (run: Running, path: string, body: unknown, opts?: Parameters<typeof call>[4]) =>
  call(run, 'POST', path, body, opts);

interface MailDevMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
  time: string;
}

/** The newest mail to `address` in maildev's REST inbox whose id is not in `seen` (waits for it). */
export async function readMail(address: string, seen: string[] = [], timeoutMs = 10_000): Promise<MailDevMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const fresh = (await mailsTo(address)).filter((m) => !seen.includes(m.id));
    const newest = fresh.sort((a, b) => Date.parse(b.time) - Date.parse(a.time))[0];
    if (newest) return newest;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no mail to ${address}`);
}

export async function mailsTo(address: string): Promise<MailDevMail[]> {
  const res = await fetch(`${MAIL_WEB}/email`);
  if (!res.ok) throw new Error(`maildev answered ${res.status}`);
  return ((await res.json()) as MailDevMail[]).filter((m) =>
    m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()),
  );
}

/** id and key of the mail link to `page` in a mail's text. */
export function linkIn(
  mail: { text: string },
  page: 'confirmEmail' | 'changePwByMail',
): { id: string; key: string; url: URL } {
  const m = new RegExp(`https?://\\S+/${page}\\?\\S+`).exec(mail.text);
  if (!m) throw new Error(`no ${page} link in mail`);
  const url = new URL(m[0]);
  return { id: url.searchParams.get('id') ?? '', key: url.searchParams.get('key') ?? '', url };
}

export const PASSWORD = 'correct horse 9';

export function joinBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: '김민수',
    email: newEmail(),
    phone: '01012345678',
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    agreePrivacy: true,
    agreeTerms: true,
    recommendUser: '',
    recommendUserId: null,
    recommendType: 'NORMAL',
    ...overrides,
  };
}

export function sidFrom(setCookie: string[]): string {
  const c = setCookie.find((s) => s.startsWith('sid='));
  if (!c) throw new Error('no sid cookie');
  return decodeURIComponent(c.slice(4, c.indexOf(';')));
}

export interface Member {
  id: number;
  email: string;
  password: string;
  name: string;
  sid: string;
  /** Identity headers as the gateway would forward them for this session. */
  as: Identity;
  loginBody: Record<string, unknown>;
}

/** join → confirmation mail → confirm → login, through the API; returns the signed-in member. */
export async function joinedMember(run: Running, overrides: Record<string, unknown> = {}): Promise<Member> {
  const body = joinBody(overrides);
  const joined = await post(run, '/api/user/join', body);
  if (joined.status !== 200) throw new Error(`join failed: ${JSON.stringify(joined.body)}`);
  const email = String(body.email);
  const link = linkIn(await readMail(email), 'confirmEmail');
  const confirmed = await post(run, '/api/user/confirm', { secretId: link.id, secretKey: link.key });
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${JSON.stringify(confirmed.body)}`);
  return login(run, email, String(body.password), String(body.name));
}

export async function login(run: Running, email: string, password: string, name = ''): Promise<Member> {
  const res = await post(run, '/api/user/login', { email, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  const sid = sidFrom(res.setCookie);
  const user = res.body.user as { id: number; grade: number };
  const session = parseSession(await run.svc.deps.redis!.get(`session:${sessionHash(sid)}`));
  if (!session) throw new Error('no session in redis after login');
  return {
    id: user.id,
    email,
    password,
    name,
    sid,
    as: { userId: user.id, grade: session.grade, deviceKey: session.deviceKey, sessionHash: sessionHash(sid) },
    loginBody: res.body,
  };
}

export async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const v = await check();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

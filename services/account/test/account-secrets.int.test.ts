// No response, log line or event carries a password, a mail token or a full session id.
// The service runs as a child process at log level trace so every pino line is captured.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createPool, sessionHash, type Pool } from '@syn/kit';
import { createClient } from 'redis';
import {
  DATABASE_URL,
  KAFKA_BROKERS,
  REDIS_URL,
  SMTP_URL,
  gatewayHeaders,
  linkIn,
  mailsTo,
  newEmail,
  randomIp,
  readMail,
  sidFrom,
  uid,
  until,
  type Identity,
  type Reply,
} from './support';

// jest ignores testTimeout inside `projects`; real servers need more than the 5 s default.
jest.setTimeout(90_000);

const ROOT = path.resolve(__dirname, '../../..');
let child: ChildProcess;
let output = '';
let url = '';
let pool: Pool;
const replies: string[] = [];
const ip = randomIp();

async function send(method: 'GET' | 'POST', p: string, body?: unknown, who?: Identity): Promise<Reply> {
  const res = await fetch(url + p, {
    method,
    headers: { 'content-type': 'application/json', ...gatewayHeaders(method, p, who, ip) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  replies.push(text);
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    setCookie: res.headers.getSetCookie(),
  };
}

beforeAll(async () => {
  pool = createPool(DATABASE_URL);
  child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'services/account/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      // Workspace imports resolve to sources, as in jest.
      TSX_TSCONFIG_PATH: path.join(ROOT, 'tsconfig.tests.json'),
      PORT: '0',
      NODE_ENV: 'test',
      LOG_LEVEL: 'trace',
      DATABASE_URL,
      REDIS_URL,
      KAFKA_BROKERS,
      SMTP_URL,
      KAFKA_TOPIC_PREFIX: `accttest.${uid()}.`,
    },
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  url = await until(
    'account listening',
    async () => /"url":"(http:\/\/[^"]+)","msg":"account listening"/.exec(output)?.[1],
    45_000,
  );
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  await pool?.end();
});

test('when a member goes through every credential-bearing flow, then no secret appears in logs, replies or events', async () => {
  const email = newEmail('secret');
  const passwords = ['first Secret pw 1', 'second Secret pw 2', 'third Secret pw 3'];
  const [p1, p2, p3] = passwords as [string, string, string];
  const secrets: string[] = [...passwords];

  expect(
    (
      await send('POST', '/api/user/join', {
        name: '비밀',
        email,
        phone: '01012345678',
        password: p1,
        passwordConfirm: p1,
        agreePrivacy: true,
        agreeTerms: true,
      })
    ).status,
  ).toBe(200);
  const confirm = linkIn(await readMail(email), 'confirmEmail');
  secrets.push(confirm.key);
  expect((await send('POST', '/api/user/confirm', { secretId: confirm.id, secretKey: confirm.key })).status).toBe(200);
  expect((await send('POST', '/api/user/confirm', { secretId: confirm.id, secretKey: confirm.key })).status).toBe(400);
  expect((await send('POST', '/api/user/login', { email, password: 'wrong Secret pw 0' })).status).toBe(401);
  secrets.push('wrong Secret pw 0');

  const before = (await mailsTo(email)).map((m) => m.id);
  await send('POST', '/api/user/find', { email });
  const reset = linkIn(await readMail(email, before), 'changePwByMail');
  secrets.push(reset.key);
  expect(
    (await send('POST', '/api/user/change', { secretId: reset.id, secretKey: reset.key, password: p2 })).status,
  ).toBe(200);

  const login = await send('POST', '/api/user/login', { email, password: p2 });
  expect(login.status).toBe(200);
  const sid = sidFrom(login.setCookie);
  secrets.push(sid);
  const userId = (login.body.user as { id: number }).id;
  const as: Identity = { userId, grade: 1, sessionHash: sessionHash(sid) };
  expect((await send('POST', '/api/user/updateUserConnectInfo', { userId, userAuthKey: 'dev-key-1' }, as)).status).toBe(
    200,
  );
  expect(
    (await send('POST', '/api/user/updateUserInfo', { userId, oldPassword: 'bad Secret pw 9', newPassword: p3 }, as))
      .status,
  ).toBe(400);
  secrets.push('bad Secret pw 9');
  expect(
    (await send('POST', '/api/user/updateUserInfo', { userId, oldPassword: p2, newPassword: p3 }, as)).status,
  ).toBe(200);

  const login2 = await send('POST', '/api/user/login', { email, password: p3 });
  const sid2 = sidFrom(login2.setCookie);
  secrets.push(sid2);
  const as2: Identity = { userId, grade: 1, sessionHash: sessionHash(sid2) };
  // A malformed body (the JSON parser's error path) carrying a password.
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...gatewayHeaders('POST', '/api/user/login', undefined, ip) },
    body: `{"email":"${email}","password":"${p3}"`,
  });
  expect(res.status).toBe(400);
  expect(
    (await send('POST', '/api/user/insertUserCancelInfo', { userId, userPw: p3, reasonMain: '1', agreement: 'T' }, as2))
      .status,
  ).toBe(200);

  // Events: wait until the relay has published them, then scan the outbox payloads.
  const events = await until('events published', async () => {
    const { rows } = await pool.query<{ payload: Buffer; published_at: Date | null }>(
      `SELECT payload, published_at FROM account.outbox WHERE key = $1`,
      [String(userId)],
    );
    return rows.length >= 4 && rows.every((r) => r.published_at) ? rows : undefined;
  });

  // Sessions are stored under the hash only: no Redis key or value holds the cookie value.
  const redis = createClient({ url: REDIS_URL });
  await redis.connect();
  try {
    for await (const keys of redis.scanIterator({ MATCH: `*${sid.slice(0, 12)}*`, COUNT: 1000 }))
      expect(keys).toEqual([]);
  } finally {
    await redis.quit();
  }

  await until('log lines flushed', async () => (output.includes('member withdrew') ? true : undefined));
  expect(output).toContain('member logged in');
  expect(output).toContain('password changed');
  for (const secret of secrets) {
    expect(output).not.toContain(secret);
    for (const reply of replies) expect(reply).not.toContain(secret);
    for (const e of events) expect(e.payload.includes(Buffer.from(secret))).toBe(false);
  }
  // Only the hash of a session id ever leaves the service.
  expect(events.some((e) => e.payload.includes(Buffer.from(sessionHash(sid))))).toBe(true);
});

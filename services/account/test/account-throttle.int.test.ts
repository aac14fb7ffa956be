// Login throttling per account and per IP, with small limits so the test runs in seconds.
// (Through the gateway, with parallel attempts and the ways back in: test/security/login-throttle.int.test.ts.)
import { TEXT } from '../src/domain/messages';
import { joinedMember, newEmail, post, randomIp, startAccount, type Running } from './support';

// jest ignores testTimeout inside `projects`; real servers need more than the 5 s default.
jest.setTimeout(60_000);

let run: Running;
beforeAll(async () => {
  run = await startAccount({
    LOGIN_MAX_FAILURES_PER_HOUR: '6',
    LOGIN_IP_MAX_FAILURES_PER_HOUR: '10',
    LOGIN_BACKOFF_FREE_FAILURES: '3',
    LOGIN_BACKOFF_BASE_MS: '1000',
    LOGIN_BACKOFF_MAX_MS: '1000',
  });
});
afterAll(async () => {
  await run?.svc.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('login throttling', () => {
  test('when an account keeps failing, then back-off starts, and after the hourly budget even the right password is refused', async () => {
    const m = await joinedMember(run);
    const attempt = (password: string) =>
      post(run, '/api/user/login', { email: m.email, password }, { ip: randomIp() });
    for (let i = 0; i < 3; i++) expect((await attempt('wrong password')).status).toBe(401);
    expect((await attempt('wrong password')).status).toBe(401); // 4th failure starts a 1 s delay
    const blocked = await attempt(m.password);
    expect(blocked).toMatchObject({ status: 429, body: { error: true, message: TEXT.loginThrottled } });
    await sleep(1100);
    // Back-off over: the right password works and clears the account's counter.
    expect((await attempt(m.password)).status).toBe(200);

    for (let i = 0; i < 6; i++) {
      await sleep(1050); // wait out each back-off so every attempt is a real failure
      expect((await attempt('wrong password')).status).toBe(401);
    }
    await sleep(1050);
    expect((await attempt(m.password)).status).toBe(429);
  });

  test('when an unknown email is hammered, then it is throttled exactly like a member (same answers)', async () => {
    const ghost = newEmail('ghost');
    const ip = randomIp();
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await post(run, '/api/user/login', { email: ghost, password: 'guess' }, { ip }));
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 429]);
    expect(answers[4]?.body.message).toBe(TEXT.loginThrottled);
  });

  test('when one IP fails across many accounts, then that IP is throttled and another IP is not', async () => {
    const m = await joinedMember(run);
    const ip = randomIp();
    for (let i = 0; i < 10; i++) {
      await post(run, '/api/user/login', { email: newEmail('scan'), password: 'guess' }, { ip });
    }
    await sleep(1050);
    const fromScanner = await post(run, '/api/user/login', { email: m.email, password: m.password }, { ip });
    // The address's own message: it names the way in (the reset mail) for a member held by others' failures.
    expect(fromScanner).toMatchObject({ status: 429, body: { message: TEXT.loginAddressThrottled } });
    expect(
      (await post(run, '/api/user/login', { email: m.email, password: m.password }, { ip: randomIp() })).status,
    ).toBe(200);
  });
});

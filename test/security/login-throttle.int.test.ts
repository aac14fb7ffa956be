// Issue item 5, through the real gateway: the login throttle counts an attempt before the password is
// evaluated (parallel guesses cannot slip past the back-off), a busy address does not lock out the
// members behind it, and the real owner of a throttled account gets in through the reset mail.
import { TEXT } from '../../services/account/src/domain/messages';
import { joinedMember, linkIn, newEmail, randomIp, readMail, type Member } from '../../services/account/test/support';
import { gw, gwLogin, startAccountGateway, type AccountGateway } from './support/account-gateway';

// jest ignores testTimeout inside `projects`; real servers need more than the 5 s default.
jest.setTimeout(90_000);

const IP_BUDGET = 6;
let g: AccountGateway;

beforeAll(async () => {
  g = await startAccountGateway({
    LOGIN_BACKOFF_FREE_FAILURES: '2',
    // Long enough that no back-off runs out while a test is still looking at it.
    LOGIN_BACKOFF_BASE_MS: '20000',
    LOGIN_BACKOFF_MAX_MS: '20000',
    LOGIN_MAX_FAILURES_PER_HOUR: '10',
    LOGIN_IP_MAX_FAILURES_PER_HOUR: String(IP_BUDGET),
  });
});
afterAll(async () => {
  await g?.stop();
});

const login = (email: string, password: string, ip = randomIp()) =>
  gw(g, '/api/user/login', { email, password }, { ip });

/** Password reset through the gateway: find → mail → change. */
async function resetByMail(m: Member, newPassword: string, ip = randomIp()): Promise<void> {
  const before = (await readMail(m.email).catch(() => null))?.id;
  expect((await gw(g, '/api/user/find', { email: m.email }, { ip })).status).toBe(200);
  const mail = await readMail(m.email, before ? [before] : []);
  const link = linkIn(mail, 'changePwByMail');
  const changed = await gw(
    g,
    '/api/user/change',
    { secretId: link.id, secretKey: link.key, password: newPassword, passwordConfirm: newPassword },
    { ip },
  );
  expect(changed.status).toBe(200);
}

test('when 10 wrong passwords for one account arrive at once after the free failures, then exactly one is evaluated', async () => {
  const m = await joinedMember(g.account);
  for (let i = 0; i < 2; i++) expect((await login(m.email, `wrong ${i}`)).status).toBe(401);

  const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => login(m.email, `parallel ${i}`)));
  const statuses = answers.map((a) => a.status).sort();
  expect(statuses).toEqual([401, ...Array<number>(9).fill(429)]);
  expect(answers.find((a) => a.status === 429)?.body).toMatchObject({ error: true, message: TEXT.loginThrottled });
  // The back-off also holds the right password (the account is not proven to be the caller's).
  expect((await login(m.email, m.password)).status).toBe(429);
});

test('when one address has spent its failure budget, then members known there still sign in, others get a way in', async () => {
  const office = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
  const regular = await joinedMember(g.account);
  const newcomer = await joinedMember(g.account);
  // The regular has signed in from the office before; the newcomer never has.
  await gwLogin(g, regular.email, regular.password, office);

  // Someone at the office guesses at other addresses until the office's budget is spent.
  for (let i = 0; i < IP_BUDGET; i++) expect((await login(newEmail('scan'), 'guess', office)).status).toBe(401);
  const scan = await login(newEmail('scan'), 'guess', office);
  expect(scan).toMatchObject({ status: 429, body: { error: true, message: TEXT.loginAddressThrottled } });

  // The regular is not locked out by someone else's failures.
  expect((await login(regular.email, regular.password, office)).status).toBe(200);
  // The newcomer is refused, told how to get in, and gets in after the reset mail.
  const refused = await login(newcomer.email, newcomer.password, office);
  expect(refused).toMatchObject({ status: 429, body: { error: true, message: TEXT.loginAddressThrottled } });
  expect(String(refused.body.message)).toContain('비밀번호 찾기');
  await resetByMail(newcomer, 'brand new pass 1', office);
  expect((await login(newcomer.email, 'brand new pass 1', office)).status).toBe(200);
  // The guesser at the office is still held.
  expect((await login(newEmail('scan'), 'guess', office)).status).toBe(429);
});

test('when an attacker has put an account into back-off, then a password reset through the mail lets its owner in', async () => {
  const victim = await joinedMember(g.account);
  for (let i = 0; i < 3; i++) expect((await login(victim.email, `guess ${i}`)).status).toBe(401);
  expect((await login(victim.email, victim.password)).status).toBe(429);

  await resetByMail(victim, 'owner again 12');
  expect((await login(victim.email, 'owner again 12')).status).toBe(200);
});

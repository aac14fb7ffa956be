// Issue item 6 (account part), through the real gateway: the password-reset request answers as fast
// for a member as for an unknown address (the mail goes out after the answer), and the coupon-gift
// recipient search shows a member only what a sender needs, of confirmed members only, rate-limited
// per member and per client address.
import { TEXT } from '../../services/account/src/domain/messages';
import { joinBody, linkIn, newEmail, post, randomIp } from '../../services/account/test/support';
import { gw, startAccountGateway, type AccountGateway } from './support/account-gateway';
import { sessionCookie } from './support/http';
import { mailText, startSlowSmtp, type SlowSmtp } from './support/slow-smtp';

// jest ignores testTimeout inside `projects`; real servers need more than the 5 s default.
jest.setTimeout(120_000);

/** A relay this slow makes any answer that waits for the mail plainly slower than one that does not. */
const SMTP_DELAY_MS = 1500;
const SEARCH_IP_PER_HOUR = 8;

let smtp: SlowSmtp;
let g: AccountGateway;

beforeAll(async () => {
  smtp = await startSlowSmtp(SMTP_DELAY_MS);
  g = await startAccountGateway({
    SMTP_URL: smtp.url,
    MEMBER_SEARCH_PER_MINUTE: '6',
    MEMBER_SEARCH_IP_PER_HOUR: String(SEARCH_IP_PER_HOUR),
  });
});
afterAll(async () => {
  await g?.stop();
  await smtp?.close();
});

interface Joined {
  id: number;
  email: string;
  password: string;
  name: string;
  cookie: string;
}

/** Joins; with `confirm`, follows the confirmation mail and signs in through the gateway. */
async function member(name: string, confirm = true): Promise<Joined> {
  const body = joinBody({ name });
  const email = String(body.email);
  const password = String(body.password);
  expect((await post(g.account, '/api/user/join', body)).status).toBe(200);
  if (!confirm) return { id: 0, email, password, name, cookie: '' };
  const link = linkIn({ text: mailText((await smtp.mailTo(email, '/confirmEmail?')).data) }, 'confirmEmail');
  expect((await post(g.account, '/api/user/confirm', { secretId: link.id, secretKey: link.key })).status).toBe(200);
  const login = await gw(g, '/api/user/login', { email, password });
  expect(login.status).toBe(200);
  return { id: (login.body.user as { id: number }).id, email, password, name, cookie: sessionCookie(login.setCookie) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timedFind(email: string): Promise<number> {
  const started = performance.now();
  const res = await gw(g, '/api/user/find', { email });
  const ms = performance.now() - started;
  expect(res).toMatchObject({ status: 200, body: { message: TEXT.resetSent } });
  return ms;
}

describe('password-reset request (/api/user/find)', () => {
  test('when the address is a member, then the answer comes as fast as for an unknown address, and the mail follows', async () => {
    const known = await member('김시간');
    await timedFind(newEmail('warm-up'));
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < 3; i++) {
      knownMs.push(await timedFind(known.email));
      unknownMs.push(await timedFind(newEmail('nobody')));
    }
    // Before the fix the member's answer waited for the mail relay (≥ SMTP_DELAY_MS).
    expect(Math.max(...knownMs)).toBeLessThan(SMTP_DELAY_MS);
    expect(median(knownMs)).toBeLessThan(median(unknownMs) + 400);

    // The mail is still sent, in the background, and its link works. Three requests sent three mails
    // after their answers, in whatever order a busy machine finishes them: a later token replaces an
    // earlier one, so wait for all three and expect the live link among them.
    const resetMails = async () => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const mine = smtp.mails.filter(
          (m) => m.to.includes(known.email.toLowerCase()) && mailText(m.data).includes('/changePwByMail?'),
        );
        if (mine.length >= 3) return mine;
        if (Date.now() > deadline) throw new Error(`${mine.length} of 3 reset mails to ${known.email}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const statuses: number[] = [];
    for (const mail of await resetMails()) {
      const link = linkIn({ text: mailText(mail.data) }, 'changePwByMail');
      const changed = await gw(g, '/api/user/change', {
        secretId: link.id,
        secretKey: link.key,
        password: 'after reset 123',
        passwordConfirm: 'after reset 123',
      });
      statuses.push(changed.status);
    }
    expect(statuses).toContain(200);
  });
});

describe('coupon-gift recipient search (/api/sys/searchUserItems as a member)', () => {
  const search = (who: Joined, body: Record<string, unknown>, ip = randomIp()) =>
    gw(g, '/api/sys/searchUserItems', body, { cookie: who.cookie, ip });

  test('when a member looks up another, then only an exact confirmed address is found, masked; nothing else leaks', async () => {
    const sender = await member('김보냄');
    const friend = await member('박받음');
    const unconfirmed = await member('이미인', false);

    const exact = await search(sender, { userCol: 'email', searchName: friend.email.toUpperCase() });
    expect(exact.status).toBe(200);
    expect(exact.body.searchTotal).toBe(1);
    const rows = exact.body.datas as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!).sort()).toEqual(['ID', 'USEREMAIL', 'USERNAME']);
    expect(rows[0]).toMatchObject({ ID: friend.id, USERNAME: '박*음' });
    expect(String(rows[0]!.USEREMAIL)).toContain('***');
    expect(exact.text).not.toContain(friend.email);

    // A registered but unconfirmed address is not confirmed to exist.
    const pending = await search(sender, { userCol: 'email', searchName: unconfirmed.email });
    expect(pending).toMatchObject({ status: 200, body: { datas: [], searchTotal: 0 } });
    // Parts of addresses (a domain, a prefix) list nobody: no ids, domains or first letters to harvest.
    for (const part of ['@example.com', friend.email.slice(0, 6), 'example']) {
      const r = await search(sender, { userCol: 'email', searchName: part });
      expect(r).toMatchObject({ status: 200, body: { datas: [], searchTotal: 0 } });
    }
    // A name is not enough to pick a recipient (homonyms); the sender is told to type the address.
    const byName = await search(sender, { userCol: 'name', searchName: '박받음' });
    expect(byName).toMatchObject({ status: 400, body: { error: true, message: TEXT.memberSearchEmailOnly } });
  });

  test('when members behind one address search a lot, then the address is limited as well as each member', async () => {
    const ip = randomIp();
    const a = await member('김하나');
    const b = await member('김두리');
    const target = await member('김세엣');
    const q = { userCol: 'email', searchName: target.email };
    for (let i = 0; i < SEARCH_IP_PER_HOUR / 2; i++) expect((await search(a, q, ip)).status).toBe(200);
    for (let i = 0; i < SEARCH_IP_PER_HOUR / 2; i++) expect((await search(b, q, ip)).status).toBe(200);
    // b has searched 4 times (under its 6 a minute), but the address has spent its 8.
    const limited = await search(b, q, ip);
    expect(limited).toMatchObject({ status: 429, body: { error: true, message: TEXT.tooManyRequests } });
    // Elsewhere, b still may.
    expect((await search(b, q)).status).toBe(200);
  });
});

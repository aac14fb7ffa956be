/**
 * The administrator's member screens against the whole stack: filter the
 * member list, see a member's recent dictionary searches (from the statistics service),
 * change a member's email-verification state on the detail screen, and delete a member
 * through the withdrawal path.
 *
 * Run: TEST_STACK_OFFSET=30 npx jest web/e2e/admin-user.e2e.test.ts --selectProjects e2e
 */
import { randomBytes } from 'node:crypto';
import { createKafka, createLogger } from '@syn/kit';
import { encodeEnvelope, newEnvelope, topicOf } from '@syn/proto';
import { Pool } from 'pg';
import { topology } from '../../scripts/topology';
import { seedAdmin } from '../../services/account/src/jobs/seed';
import { useE2E, type Tab } from './support/browser';
import { joinMember } from './support/members';
import { signInWithForm } from './support/signIn';

const e2e = useE2E();

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/syndict_test';
const ADMIN = { email: 'user-e2e-admin@test.syndict.local', password: 'user-e2e-admin-pass1' };
const PASSWORD = 'user-e2e-member-pass1';
const run = randomBytes(4).toString('hex');
/** Every member of this run shares the marker, so the keyword search finds exactly them. */
const marker = `mgr${run}`;

/** A member who joined but has not verified their email (CHECK_EMAIL F). */
async function join(tag: string, name: string): Promise<string> {
  const email = `${marker}.${tag}@test.syndict.local`;
  expect((await joinMember(e2e().baseUrl, { name, email, password: PASSWORD })).status).toBe(200);
  return email;
}

/** Two searches by the member, as the dictionary service's outbox relay publishes them. */
async function searchesBy(userId: number, pool: Pool): Promise<void> {
  const prefix = topology('test').env.KAFKA_TOPIC_PREFIX ?? '';
  const kafka = createKafka(
    'user-e2e',
    [process.env.KAFKA_BROKERS ?? '127.0.0.1:9092'],
    createLogger('user-e2e', 'silent'),
  );
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  const events = [
    { query: '행복', at: new Date(Date.now() - 60_000), resultCount: 4 },
    { query: '기쁨', at: new Date(Date.now() - 30_000), resultCount: 2 },
  ].map(({ query, at, resultCount }) =>
    newEnvelope({
      producer: 'dictionary',
      key: String(userId),
      occurredAt: at,
      event: {
        case: 'headwordSearched',
        value: { userId, sessionHash: `user-e2e-${run}`, query, resultCount, page: 0 },
      },
    }),
  );
  await producer.connect();
  try {
    await producer.send({
      topic: prefix + topicOf(events[0]!),
      acks: -1,
      messages: events.map((e) => ({
        key: e.key,
        value: Buffer.from(encodeEnvelope(e)),
        headers: { 'event-id': e.id },
      })),
    });
  } finally {
    await producer.disconnect();
  }
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM statistics.processed_events WHERE event_id = ANY($1::uuid[])`,
      [events.map((e) => e.id)],
    );
    if (rows[0]?.n === events.length) return;
    if (Date.now() > deadline) throw new Error('the searches were not counted');
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function memberId(pool: Pool, email: string): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(`SELECT id FROM account.users WHERE lower(email) = lower($1)`, [
    email,
  ]);
  if (!rows[0]) throw new Error(`no member ${email}`);
  return rows[0].id;
}

async function rows(tab: Tab): Promise<string[][]> {
  return tab.page.locator('main table.user-table tbody tr').evaluateAll((trs) =>
    trs.map((tr) =>
      Array.from(tr.querySelectorAll('td'), (td) => {
        // A cell's value without the column name a phone's card shows beside it (aria-hidden).
        const copy = td.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('[aria-hidden="true"]').forEach((label) => label.remove());
        return copy.textContent?.trim() ?? '';
      }),
    ),
  );
}

let pool: Pool;
const emails = { first: '', second: '' };

beforeAll(async () => {
  pool = new Pool({ connectionString: DATABASE_URL });
  await seedAdmin(pool, { NODE_ENV: 'test', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  emails.first = await join('a', '가나다');
  emails.second = await join('b', '라마바');
  await searchesBy(await memberId(pool, emails.first), pool);
});

afterAll(async () => {
  await pool?.end();
});

test('an administrator filters members, reads one’s searches, changes the verification state and deletes another', async () => {
  const tab = await e2e().open('desktop');
  await signInWithForm(tab, ADMIN.email, ADMIN.password);
  await tab.goto('/mgrUser');
  await tab.waitForHeading('회원 관리');
  await tab.page.locator('main table.user-table tbody tr').first().waitFor();

  // Email column + keyword: exactly this run's two members, free (grey badge), not verified.
  await tab.page.getByLabel('검색 항목').selectOption('email');
  await tab.page.getByLabel('검색어').fill(marker);
  await tab.page.getByRole('button', { name: '검색', exact: true }).click();
  await tab.page.getByTestId('search-total').filter({ hasText: '2명' }).waitFor();
  const found = await rows(tab);
  expect(found.map((r) => r.slice(1, 4)).sort()).toEqual(
    [
      [emails.first, '가나다', '무료'],
      [emails.second, '라마바', '무료'],
    ].sort(),
  );
  expect(found.map((r) => r[0])).toEqual(['1', '2']);
  await expect(tab.page.locator('main .badge-muted').count()).resolves.toBe(2);

  // Name column.
  await tab.page.getByLabel('검색 항목').selectOption('name');
  await tab.page.getByLabel('검색어').fill('라마바');
  await tab.page.getByRole('button', { name: '검색', exact: true }).click();
  // The email search's table is still on screen until the new answer arrives: wait for it to be replaced.
  await tab.page.locator('main table.user-table tbody tr', { hasText: emails.first }).waitFor({ state: 'detached' });
  await tab.page.locator('main table.user-table tbody tr', { hasText: emails.second }).waitFor();
  expect((await rows(tab)).some((r) => r[1] === emails.first)).toBe(false);

  // Paid members only: neither of them.
  await tab.page.getByLabel('검색 항목').selectOption('email');
  await tab.page.getByLabel('검색어').fill(marker);
  await tab.page.getByRole('button', { name: '검색', exact: true }).click();
  await tab.page.getByTestId('search-total').filter({ hasText: '2명' }).waitFor();
  await tab.page.getByLabel('회원 상태').selectOption('BASIC');
  await tab.page.getByText('회원 정보가 존재하지 않습니다.').waitFor();
  await tab.page.getByLabel('회원 상태').selectOption('ALL');
  await tab.page.getByTestId('search-total').filter({ hasText: '2명' }).waitFor();
  await tab.screenshot('admin-user-list');

  // Dictionary usage info: the member's recent searches, newest first.
  await tab.page.getByRole('button', { name: `${emails.first} 사전 이용 정보` }).click();
  const usage = tab.page.getByRole('dialog', { name: '사전 이용 정보' });
  await usage.getByRole('cell', { name: '기쁨' }).waitFor();
  const searches = await usage
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent?.trim() ?? '').slice(0, 2)),
    );
  expect(searches).toEqual([
    ['기쁨', '2'],
    ['행복', '4'],
  ]);
  await expect(usage.textContent()).resolves.toContain('지금까지 검색 2회');
  await usage.getByRole('button', { name: '확인' }).click();
  await usage.waitFor({ state: 'hidden' });

  // Detail: needs verification → verified, saved, and shown after a reload.
  await tab.page.getByRole('button', { name: `${emails.first} 상세` }).click();
  await tab.waitForHeading('회원 상세 정보');
  await tab.page.getByTestId('email-state').filter({ hasText: '인증 필요' }).waitFor();
  await expect(tab.page.locator('main').textContent()).resolves.toContain(emails.first);
  await tab.page.getByLabel('이메일 인증 변경').selectOption('T');
  await tab.page.getByRole('button', { name: '저장' }).click();
  await tab.page.getByTestId('email-state').filter({ hasText: '인증 완료' }).waitFor();
  await tab.screenshot('admin-user-detail');
  const id = await memberId(pool, emails.first);
  const { rows: stored } = await pool.query(`SELECT email_verified FROM account.users WHERE id = $1`, [id]);
  expect(stored[0]?.email_verified).toBe(true);
  await tab.page.reload();
  await tab.page.getByTestId('email-state').filter({ hasText: '인증 완료' }).waitFor();
  await expect(tab.accessibilityViolations()).resolves.toEqual([]);

  // Delete the second member: confirm, then the list no longer has them.
  await tab.goto('/mgrUser');
  await tab.page.getByLabel('검색어').fill(marker);
  await tab.page.getByRole('button', { name: '검색', exact: true }).click();
  await tab.page.getByTestId('search-total').filter({ hasText: '2명' }).waitFor();
  await tab.page.getByRole('button', { name: `${emails.second} 회원 삭제` }).click();
  const confirm = tab.page.getByRole('alertdialog', { name: '회원 삭제' });
  await confirm.getByRole('button', { name: '삭제' }).click();
  await confirm.waitFor({ state: 'hidden' });
  await tab.page.getByTestId('search-total').filter({ hasText: '1명' }).waitFor();
  expect((await rows(tab)).map((r) => r[1])).toEqual([emails.first]);
  await expect(tab.accessibilityViolations()).resolves.toEqual([]);
  tab.expectNoErrors();
});

test('the detail screen of a malformed member id shows the spec’s message', async () => {
  const tab = await e2e().open('mobile');
  await signInWithForm(tab, ADMIN.email, ADMIN.password);
  await tab.goto('/mgrUser/UserDetail/abc');
  await tab.waitForHeading('회원 상세 정보');
  await tab.page.getByRole('button', { name: '저장' }).click();
  await expect(tab.page.locator('main').textContent()).resolves.toContain('변경할 사용자 정보가 올바르지 않습니다.');
  await tab.page.goto(tab.url('/mgrUser'));
  await tab.page.locator('main table.user-table').waitFor();
  const overflow = await tab.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await tab.screenshot('admin-user-list-mobile');
  tab.expectNoErrors();
});

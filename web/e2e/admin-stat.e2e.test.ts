/**
 * The administrator's statistics screen against the whole stack: a
 * scripted morning of joins, logins, searches and headword views is published to Kafka
 * (the test stack's topics) as the services' outbox relays would, the statistics service
 * counts it, and the administrator sees the counts in the chart tooltips and the tables,
 * grouped by day, week and month.
 *
 * The morning is on a fixed past day with member ids no account ever has and fixed event
 * ids, so the shared test database gives the same counts on every run (a re-run's events
 * are recognised as already counted).
 *
 * Run: TEST_STACK_OFFSET=30 npx jest web/e2e/admin-stat.e2e.test.ts --selectProjects e2e
 */
import { createHash, randomUUID } from 'node:crypto';
import { createKafka, createLogger } from '@syn/kit';
import { encodeEnvelope, newEnvelope, topicOf, type Envelope, type EventCase, type EventValueInit } from '@syn/proto';
import { Pool } from 'pg';
import { topology } from '../../scripts/topology';
import { seedAdmin } from '../../services/account/src/jobs/seed';
import { useE2E, type Tab } from './support/browser';
import { signInWithForm } from './support/signIn';

const e2e = useE2E();

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/syndict_test';
const ADMIN = { email: 'stat-e2e-admin@test.syndict.local', password: 'stat-e2e-admin-pass1' };
/** Member ids far above any real account's, so the scripted facts never touch a real member. */
const BASE_ID = 2_100_000_000;

/** A valid UUID v4 per name, new for every run: each run's consumer counts its own copy once. */
const RUN = randomUUID();
function fixedId(name: string): string {
  const h = createHash('sha256').update(`stat-e2e:${RUN}:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const kst = (local: string) => new Date(`${local.replace(' ', 'T')}:00+09:00`);

function ev<C extends EventCase>(
  name: string,
  kase: C,
  value: EventValueInit<C>,
  at: string,
  userId: number,
): Envelope {
  const producer = kase.startsWith('user') ? 'account' : 'dictionary';
  return newEnvelope({
    id: fixedId(name),
    producer,
    key: String(userId),
    event: { case: kase, value },
    occurredAt: kst(at),
  });
}

const u = (n: number) => BASE_ID + n;
// Wednesday 2024-02-28, Korea Standard Time: three members join, two sign in, five searches, four views.
const MORNING: Envelope[] = [
  ev('join1', 'userJoined', { userId: u(1), recommendType: 'NORMAL' }, '2024-02-28 08:05', u(1)),
  ev('join2', 'userJoined', { userId: u(2), recommendType: 'NORMAL' }, '2024-02-28 08:40', u(2)),
  ev('join3', 'userJoined', { userId: u(3), recommendType: 'NORMAL' }, '2024-02-28 09:15', u(3)),
  ev('login1', 'userLoggedIn', { userId: u(1), sessionHash: 'stat-e2e-1' }, '2024-02-28 08:10', u(1)),
  ev('login2', 'userLoggedIn', { userId: u(2), sessionHash: 'stat-e2e-2' }, '2024-02-28 08:45', u(2)),
  ev(
    'search1',
    'headwordSearched',
    { userId: u(1), sessionHash: 'stat-e2e-1', query: '사랑', resultCount: 3 },
    '2024-02-28 08:11',
    u(1),
  ),
  ev(
    'search2',
    'headwordSearched',
    { userId: u(1), sessionHash: 'stat-e2e-1', query: '기쁨', resultCount: 2 },
    '2024-02-28 08:12',
    u(1),
  ),
  ev(
    'search3',
    'headwordSearched',
    { userId: u(2), sessionHash: 'stat-e2e-2', query: '사랑', resultCount: 3 },
    '2024-02-28 08:46',
    u(2),
  ),
  ev(
    'search4',
    'headwordSearched',
    { userId: 99999999, sessionHash: 'stat-e2e-guest', query: '사랑', resultCount: 3 },
    '2024-02-28 10:00',
    99999999,
  ),
  ev(
    'search5',
    'headwordSearched',
    { userId: 99999999, sessionHash: 'stat-e2e-guest', query: '하늘', resultCount: 1 },
    '2024-02-28 10:01',
    99999999,
  ),
  ev(
    'view1',
    'headwordViewed',
    { userId: u(1), sessionHash: 'stat-e2e-1', headwordId: 1, word: '사랑', hanja: '愛' },
    '2024-02-28 08:11',
    u(1),
  ),
  ev(
    'view2',
    'headwordViewed',
    { userId: u(2), sessionHash: 'stat-e2e-2', headwordId: 1, word: '사랑', hanja: '愛' },
    '2024-02-28 08:47',
    u(2),
  ),
  ev(
    'view3',
    'headwordViewed',
    { userId: 99999999, sessionHash: 'stat-e2e-guest', headwordId: 1, word: '사랑', hanja: '愛' },
    '2024-02-28 10:00',
    99999999,
  ),
  ev(
    'view4',
    'headwordViewed',
    { userId: u(1), sessionHash: 'stat-e2e-1', headwordId: 2, word: '기쁨', hanja: '' },
    '2024-02-28 08:13',
    u(1),
  ),
  // The next Friday (2024-03-01): one more join, for the week and month sums.
  ev('join4', 'userJoined', { userId: u(4), recommendType: 'NORMAL' }, '2024-03-01 07:30', u(4)),
];

async function publishMorning(pool: Pool): Promise<void> {
  const prefix = topology('test').env.KAFKA_TOPIC_PREFIX ?? '';
  // The test database outlives runs (and is shared by test stacks with other offsets): clear what earlier
  // runs left for the scripted days and members, so the counts below are this run's alone.
  await pool.query(`DELETE FROM statistics.members WHERE user_id >= $1`, [BASE_ID]);
  for (const table of ['visitor_daily', 'login_daily', 'search_daily', 'word_daily']) {
    await pool.query(`DELETE FROM statistics.${table} WHERE day BETWEEN '2024-02-20' AND '2024-03-10'`);
  }
  const kafka = createKafka(
    'stat-e2e',
    [process.env.KAFKA_BROKERS ?? '127.0.0.1:9092'],
    createLogger('stat-e2e', 'silent'),
  );
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  await producer.connect();
  try {
    const byTopic = new Map<string, Envelope[]>();
    for (const e of MORNING) byTopic.set(prefix + topicOf(e), [...(byTopic.get(prefix + topicOf(e)) ?? []), e]);
    await producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, events]) => ({
        topic,
        messages: events.map((e) => ({
          key: e.key,
          value: Buffer.from(encodeEnvelope(e)),
          headers: { 'event-id': e.id },
        })),
      })),
    });
  } finally {
    await producer.disconnect();
  }
  const ids = MORNING.map((e) => e.id);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(DISTINCT event_id)::int AS n FROM statistics.processed_events
        WHERE consumer = $2 AND event_id = ANY($1::uuid[])`,
      [ids, `${prefix}statistics`],
    );
    if (rows[0]?.n === ids.length) return;
    if (Date.now() > deadline)
      throw new Error(`statistics counted ${rows[0]?.n ?? 0} of ${ids.length} scripted events`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The table rows of the visible tab panel as arrays of cell texts. */
async function tableRows(tab: Tab): Promise<string[][]> {
  return tab.page.locator('[role="tabpanel"]:not([hidden]) table tbody tr').evaluateAll((rows) =>
    rows.map((row) =>
      Array.from(row.querySelectorAll('td'), (cell) => {
        // A card's column labels (phones) are not the cell's value.
        const value = cell.cloneNode(true) as HTMLElement;
        value.querySelectorAll('.cell-label').forEach((label) => label.remove());
        return value.textContent?.trim() ?? '';
      }),
    ),
  );
}

/** Hovers the chart over the x-axis tick `label` and returns the tooltip's text. */
async function tooltipAt(tab: Tab, label: string): Promise<string> {
  const panel = tab.page.locator('[role="tabpanel"]:not([hidden])');
  // Centred, so the fixed tab bar at the bottom does not cover it.
  await panel
    .locator('.stat-chart')
    .first()
    .evaluate((chart) => chart.scrollIntoView({ block: 'center' }));
  const tick = panel.locator('.recharts-cartesian-axis-tick-value', { hasText: label }).first();
  const tickBox = await tick.boundingBox();
  const surface = await panel.locator('.recharts-wrapper > svg.recharts-surface').first().boundingBox();
  if (!tickBox || !surface) throw new Error(`no chart tick ${label}`);
  await tab.page.mouse.move(surface.x + 2, surface.y + 2);
  await tab.page.mouse.move(tickBox.x + tickBox.width / 2, surface.y + surface.height / 3, { steps: 5 });
  const tooltip = panel.locator('.recharts-tooltip-wrapper');
  await tooltip.locator('.recharts-default-tooltip').waitFor({ state: 'visible' });
  return (await tooltip.textContent()) ?? '';
}

let pool: Pool;

beforeAll(async () => {
  pool = new Pool({ connectionString: DATABASE_URL });
  await seedAdmin(pool, { NODE_ENV: 'test', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  await publishMorning(pool);
});

afterAll(async () => {
  await pool?.end();
});

test('an administrator sees the scripted morning in the charts and tables, by day, week and month', async () => {
  const tab = await e2e().open('desktop');
  await signInWithForm(tab, ADMIN.email, ADMIN.password);
  await tab.goto('/mgrStatistic');
  await tab.waitForHeading('이용 통계');

  // Default period: five days before today to today (Korea time).
  const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
  const fiveDaysAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 5 * 86_400_000).toISOString().slice(0, 10);
  await expect(tab.page.getByLabel('시작일', { exact: true }).inputValue()).resolves.toBe(fiveDaysAgo);
  await expect(tab.page.getByLabel('종료일', { exact: true }).inputValue()).resolves.toBe(today);

  // A wrong period is refused before any call.
  await tab.page.getByLabel('시작일', { exact: true }).fill('2024-03-02');
  await tab.page.getByLabel('종료일', { exact: true }).fill('2024-03-01');
  await tab.page.getByRole('button', { name: '검색', exact: true }).click();
  await tab.page.locator('.field-error', { hasText: '시작일은 종료일보다 늦을 수 없습니다.' }).waitFor();

  // The start date from the calendar modal: it opens on the typed month.
  await tab.page.getByLabel('시작일', { exact: true }).fill('2024-02-20');
  await tab.page.getByRole('button', { name: '시작일 달력 열기' }).click();
  const calendar = tab.page.getByRole('dialog', { name: '시작일 선택' });
  await calendar.waitFor();
  await calendar.getByRole('button', { name: /2024년 2월 26일/ }).click();
  await calendar.waitFor({ state: 'hidden' });
  await expect(tab.page.getByLabel('시작일', { exact: true }).inputValue()).resolves.toBe('2024-02-26');
  await tab.page.getByRole('button', { name: '검색', exact: true }).click();
  await tab.page.getByText('기간: 2024-02-26 ~ 2024-03-01').waitFor();

  // Member joins: the 28th has the three morning joins.
  await tab.page.locator('[role="tabpanel"]:not([hidden]) table tbody tr', { hasText: '2024-02-28' }).waitFor();
  const joins = await tableRows(tab);
  expect(joins.map((r) => [r[0], r[1]])).toEqual([
    ['2024-02-26', '0'],
    ['2024-02-27', '0'],
    ['2024-02-28', '3'],
    ['2024-02-29', '0'],
    ['2024-03-01', '1'],
  ]);
  const joinTip = await tooltipAt(tab, '2024-02-28');
  expect(joinTip).toContain('2024-02-28');
  expect(joinTip).toMatch(/가입\s*:\s*3/);
  await tab.screenshot('admin-stat-joins');

  // Week and month sum the days.
  await tab.page.getByRole('button', { name: '주별' }).click();
  expect((await tableRows(tab)).map((r) => [r[0], r[1]])).toEqual([['2024-02-26 주', '4']]);
  await tab.page.getByRole('button', { name: '월별' }).click();
  expect((await tableRows(tab)).map((r) => [r[0], r[1]])).toEqual([
    ['2024-02', '3'],
    ['2024-03', '1'],
  ]);
  await tab.page.getByRole('button', { name: '일별' }).click();

  // Visitors: two members and one anonymous session on the 28th, two sign-ins.
  await tab.page.getByRole('tab', { name: '방문자' }).click();
  await tab.page.locator('[role="tabpanel"]:not([hidden]) table tbody tr', { hasText: '2024-02-28' }).waitFor();
  const visits = await tableRows(tab);
  expect(visits.find((r) => r[0] === '2024-02-28')).toEqual(['2024-02-28', '3', '2', '1', '2']);
  expect(await tooltipAt(tab, '2024-02-28')).toMatch(/방문자\s*:\s*3/);

  // Dictionary searches: five searches, four headwords opened.
  await tab.page.getByRole('tab', { name: '사전 검색' }).click();
  await tab.page.locator('[role="tabpanel"]:not([hidden]) table tbody tr', { hasText: '2024-02-28' }).waitFor();
  expect((await tableRows(tab)).find((r) => r[0] === '2024-02-28')).toEqual(['2024-02-28', '5', '4']);
  expect(await tooltipAt(tab, '2024-02-28')).toMatch(/검색\s*:\s*5/);
  await tab.screenshot('admin-stat-searches');

  // Top words of the period.
  await tab.page.getByRole('tab', { name: '많이 찾은 낱말' }).click();
  await tab.page.locator('[role="tabpanel"]:not([hidden]) table tbody tr', { hasText: '사랑' }).waitFor();
  expect(await tableRows(tab)).toEqual([
    ['1', '사랑', '愛', '3'],
    ['2', '기쁨', '', '1'],
  ]);
  await tab.screenshot('admin-stat-words');
  await expect(tab.accessibilityViolations()).resolves.toEqual([]);
  tab.expectNoErrors();
});

test('on a 360 px phone the screen fits without sideways scrolling', async () => {
  const tab = await e2e().open('mobile');
  await signInWithForm(tab, ADMIN.email, ADMIN.password);
  await tab.goto('/mgrStatistic');
  await tab.waitForHeading('이용 통계');
  await tab.page.locator('.stat-chart').first().waitFor();
  const overflow = await tab.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // Nor does the table hide its columns behind its own sideways scroll: a card per row.
  const table = tab.page.locator('[role="tabpanel"]:not([hidden]) .table-scroll').first();
  await table.locator('tbody tr').first().waitFor();
  await expect(table.evaluate((el) => el.scrollWidth - el.clientWidth)).resolves.toBeLessThanOrEqual(0);
  await tab.screenshot('admin-stat-mobile');
  tab.expectNoErrors();
});

test('a signed-in member who is not an administrator sees only the permission message', async () => {
  const tab = await e2e().open('mobile');
  // The client check; the gateway's 403 on every /api/sys route is covered by services/statistics/test/sys-guard.int.test.ts.
  const stored = JSON.stringify({
    id: 12,
    userEmail: 'member@test.syndict.local',
    grade: 1,
    status: 'none',
    item: null,
    curKey: '',
  });
  await tab.context.addInitScript((user: string) => localStorage.setItem('user', user), stored);
  await tab.goto('/mgrStatistic');
  // What the page shows after its data arrives: wait for it rather than read the first paint.
  await tab.page.locator('main').getByText('관리자 권한이 필요합니다.').first().waitFor();
  await expect(tab.page.locator('.stat-chart').count()).resolves.toBe(0);
  tab.expectNoErrors();
});

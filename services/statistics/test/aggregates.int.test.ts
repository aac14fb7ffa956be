// Aggregates from a scripted event sequence against the real Kafka and PostgreSQL:
// duplicates, an out-of-order late event for an earlier day, a crash between the
// effects' commit and the offset commit, and a rebuild that equals the live set.
import { randomUUID } from 'node:crypto';
import { createLogger } from '@syn/kit';
import { PassStatus, timestampFromDate } from '@syn/proto';
import { rebuild } from '../src/jobs/rebuild';
import {
  call,
  event,
  kst,
  MEMBER,
  processedCount,
  publish,
  scratch,
  snapshot,
  startStatistics,
  until,
  type Scratch,
  type Stats,
} from './support';

jest.setTimeout(120_000);

let s: Scratch;
let svc: Stats | undefined;

beforeAll(async () => {
  s = await scratch({ STATS_HISTORY_PER_USER: '2' });
});
afterAll(async () => {
  await svc?.stop();
  await s?.close();
});

const PERIOD = { startDate: '2025-03-02', endDate: '2025-03-05' };
const FAR = timestampFromDate(new Date('2099-01-01T00:00:00Z'));

// A search and a headword view as the dictionary publishes them, keyed by the member (99999999: a guest).
const searched = (userId: number, sessionHash: string, query: string, resultCount: number, at: string) =>
  event('headwordSearched', { userId, sessionHash, query, resultCount }, kst(at), userId);
const viewed = (userId: number, sessionHash: string, headwordId: number, word: string, hanja: string, at: string) =>
  event('headwordViewed', { userId, sessionHash, headwordId, word, hanja }, kst(at), userId);

// The morning of 2025-03-03 and the day after, in Korea Standard Time.
const joined101 = event('userJoined', { userId: 101, recommendType: 'NORMAL' }, kst('2025-03-03 09:00'), 101);
const script = [
  joined101,
  event('userJoined', { userId: 102, recommendType: 'NORMAL' }, kst('2025-03-03 23:30'), 102),
  // 00:30 KST on the 4th is still the 3rd in UTC: counted on the 4th.
  event('userJoined', { userId: 103, recommendType: 'NORMAL' }, kst('2025-03-04 00:30'), 103),
  event('userLoggedIn', { userId: 101, sessionHash: 'h101' }, kst('2025-03-03 10:00'), 101),
  event('userLoggedIn', { userId: 101, sessionHash: 'h101b' }, kst('2025-03-03 11:00'), 101),
  searched(99999999, 'sA', '사랑', 3, '2025-03-03 10:05'),
  searched(99999999, 'sA', '행복', 2, '2025-03-03 10:06'),
  searched(99999999, '', '바다', 1, '2025-03-03 10:07'),
  searched(102, 'h102', '사랑', 3, '2025-03-03 10:08'),
  viewed(102, 'h102', 1, '사랑', '愛', '2025-03-03 10:09'),
  viewed(99999999, 'sA', 1, '사랑', '愛', '2025-03-04 08:00'),
  viewed(103, 'h103', 2, '행복', '幸福', '2025-03-04 08:10'),
  searched(101, 'h101', '하늘', 4, '2025-03-04 09:00'),
  searched(101, 'h101', '바다', 5, '2025-03-04 09:01'),
  searched(101, 'h101', '산', 6, '2025-03-04 09:02'),
  event(
    'passChanged',
    {
      userId: 101,
      passId: 1,
      itemId: 6,
      status: PassStatus.START,
      startDate: timestampFromDate(kst('2025-03-04 10:00')),
      endDate: FAR,
    },
    kst('2025-03-04 10:00'),
    101,
  ),
  event(
    'paymentCompleted',
    { userId: 101, merchantUid: `m-${randomUUID()}`, itemId: 6, amount: 3000 },
    kst('2025-03-04 10:00'),
    101,
  ),
  event('userWithdrawn', { userId: 102 }, kst('2025-03-05 12:00'), 102),
];

function day(datas: Array<Record<string, unknown>>, date: string) {
  return datas.find((d) => d.INS_DATE === date);
}

test('when a morning of joins, logins and searches is consumed (one event twice), then every daily aggregate counts it once', async () => {
  svc = await startStatistics(s);
  // The first join is delivered twice (a relay re-send): same event id.
  await publish(s, [...script, joined101]);
  await until('every event to be processed', async () => (await processedCount(s)) === script.length);

  const join = await call<{
    datas: Array<Record<string, unknown>>;
    totalUserCount: number;
    totalPaidUserCount: number;
  }>(svc, '/api/sys/selectUserJoinStatistic', PERIOD);
  expect(join.status).toBe(200);
  expect(join.body.datas).toEqual([
    { INS_DATE: '2025-03-02', JOIN_CNT: 0, PAY_CNT: 0, CNT: 0, AMOUNT: 0, REFUND_CNT: 0, REFUND_AMOUNT: 0 },
    { INS_DATE: '2025-03-03', JOIN_CNT: 2, PAY_CNT: 0, CNT: 0, AMOUNT: 0, REFUND_CNT: 0, REFUND_AMOUNT: 0 },
    { INS_DATE: '2025-03-04', JOIN_CNT: 1, PAY_CNT: 1, CNT: 1, AMOUNT: 3000, REFUND_CNT: 0, REFUND_AMOUNT: 0 },
    { INS_DATE: '2025-03-05', JOIN_CNT: 0, PAY_CNT: 0, CNT: 0, AMOUNT: 0, REFUND_CNT: 0, REFUND_AMOUNT: 0 },
  ]);
  // 3 joined, 102 withdrew; 101 holds a pass in use.
  expect(join.body.totalUserCount).toBe(2);
  expect(join.body.totalPaidUserCount).toBe(1);

  const connect = await call<{ datas: unknown[] }>(svc, '/api/sys/selectUserConnectStatistic', PERIOD);
  expect(connect.body.datas).toEqual([
    { INS_DATE: '2025-03-02', CNT: 0, USER_CNT: 0, GUEST_CNT: 0, LOGIN_CNT: 0 },
    // 101 (two logins), 102 (search and view), the anonymous session sA; the session-less search is not a visitor.
    { INS_DATE: '2025-03-03', CNT: 3, USER_CNT: 2, GUEST_CNT: 1, LOGIN_CNT: 2 },
    { INS_DATE: '2025-03-04', CNT: 3, USER_CNT: 2, GUEST_CNT: 1, LOGIN_CNT: 0 },
    { INS_DATE: '2025-03-05', CNT: 0, USER_CNT: 0, GUEST_CNT: 0, LOGIN_CNT: 0 },
  ]);

  const searches = await call<{ datas: unknown[] }>(svc, '/api/sys/selectSearchStatistic', PERIOD);
  expect(searches.body.datas).toEqual([
    { INS_DATE: '2025-03-02', CNT: 0, VIEW_CNT: 0 },
    { INS_DATE: '2025-03-03', CNT: 4, VIEW_CNT: 1 },
    { INS_DATE: '2025-03-04', CNT: 3, VIEW_CNT: 2 },
    { INS_DATE: '2025-03-05', CNT: 0, VIEW_CNT: 0 },
  ]);

  const words = await call<{ datas: unknown[] }>(svc, '/api/sys/selectSearchWordStatistic', {
    ...PERIOD,
    searchCount: 10,
  });
  expect(words.body.datas).toEqual([
    { WORD: '사랑', HANJA: '愛', CNT: 2 },
    { WORD: '행복', HANJA: '幸福', CNT: 1 },
  ]);
  const top1 = await call<{ datas: unknown[] }>(svc, '/api/sys/selectSearchWordStatistic', { searchCount: 1 });
  expect(top1.body.datas).toEqual([{ WORD: '사랑', HANJA: '愛', CNT: 2 }]);

  // Only the newest 2 searches are kept (STATS_HISTORY_PER_USER=2), the total counts all 3.
  const history = await call(svc, '/api/sys/selectUserSearchHistory', { userId: 101, pageSize: 10, pageNum: 0 });
  expect(history.body).toEqual({
    datas: [
      { WORD: '산', RESULT_CNT: 6, SEARCH_DATE: '2025-03-04 09:02:00' },
      { WORD: '바다', RESULT_CNT: 5, SEARCH_DATE: '2025-03-04 09:01:00' },
    ],
    totalCount: 2,
    totalPages: 1,
    searchTotal: 3,
  });
  // A withdrawn member's searches are gone.
  const withdrawn = await call(svc, '/api/sys/selectUserSearchHistory', { userId: 102 });
  expect(withdrawn.body).toMatchObject({ datas: [], totalCount: 0, searchTotal: 0 });
});

test('when a late event for an earlier day arrives, then that earlier day is corrected', async () => {
  const before = await processedCount(s);
  await publish(s, [
    event('userJoined', { userId: 104, recommendType: 'NORMAL' }, kst('2025-03-03 12:00'), 104),
    // 101's pass was in use a day earlier than first reported: the conversion moves to the 3rd.
    event(
      'passChanged',
      {
        userId: 101,
        passId: 1,
        itemId: 6,
        status: PassStatus.START,
        startDate: timestampFromDate(kst('2025-03-03 12:00')),
        endDate: FAR,
      },
      kst('2025-03-03 12:00'),
      101,
    ),
  ]);
  await until('the late events', async () => (await processedCount(s)) === before + 2);
  const join = await call<{
    datas: Array<Record<string, unknown>>;
    totalUserCount: number;
    totalPaidUserCount: number;
  }>(svc!, '/api/sys/selectUserJoinStatistic', PERIOD);
  expect(day(join.body.datas, '2025-03-03')).toMatchObject({ JOIN_CNT: 3, PAY_CNT: 1 });
  expect(day(join.body.datas, '2025-03-04')).toMatchObject({ JOIN_CNT: 1, PAY_CNT: 0, CNT: 1 });
  expect(join.body.totalUserCount).toBe(3);
  // The older pass state did not overwrite the newer one: still one paid member.
  expect(join.body.totalPaidUserCount).toBe(1);
});

test('when the service crashes after committing the effects and before committing the offsets, then the redelivered events are not counted again', async () => {
  await svc?.stop();
  svc = undefined;
  let crashes = 0;
  const crashing = await startStatistics(s, {
    afterApply: (outcome) => {
      if (outcome.applied > 0 || crashes > 0) {
        crashes++;
        throw new Error('simulated crash between the aggregate commit and the offset commit');
      }
    },
  });
  const before = await processedCount(s);
  const burst = Array.from({ length: 20 }, (_, i) => searched(99999999, 'crash', `q${i}`, 1, '2025-03-05 09:00'));
  try {
    await publish(s, burst);
    await until('the burst to be applied', async () => (await processedCount(s)) === before + burst.length);
    await until('the crash seam to run', async () => crashes > 0);
  } finally {
    await crashing.stop();
  }
  // A new process of the same group gets the uncommitted batch again.
  svc = await startStatistics(s);
  await until(
    'the redelivered events to be recognised',
    async () => (svc!.consumers[0]?.stats.duplicate ?? 0) >= burst.length,
  );
  const searches = await call<{ datas: Array<Record<string, unknown>> }>(svc, '/api/sys/selectSearchStatistic', PERIOD);
  expect(day(searches.body.datas, '2025-03-05')).toEqual({ INS_DATE: '2025-03-05', CNT: 20, VIEW_CNT: 0 });
  expect(await processedCount(s)).toBe(before + burst.length);
});

test('when the aggregates are rebuilt from the topics while the service runs, then the swapped-in set equals the live one and live counting goes on', async () => {
  const live = await snapshot(s.pool, s.schema);
  const progress: number[] = [];
  const result = await rebuild({
    pool: s.pool,
    brokers: [s.env.KAFKA_BROKERS!],
    log: createLogger('rebuild-test', 'silent'),
    schema: s.schema,
    topicPrefix: s.prefix,
    historyPerUser: 2,
    onProgress: (done) => progress.push(done),
  });
  // 18 scripted + 2 late + 20 burst distinct events, plus the scripted duplicate. Publication is
  // at-least-once (a producer retry on a busy machine may write a message twice), so the replay
  // must apply each distinct event once and count every extra copy as a duplicate.
  expect(result.events - result.duplicates).toBe(script.length + 2 + 20);
  expect(result.duplicates).toBeGreaterThanOrEqual(1);
  expect(result.missingFromTopics).toBe(0);
  expect(progress.at(-1)).toBe(result.events);
  expect(await snapshot(s.pool, s.schema)).toEqual(live);
  const { rows } = await s.pool.query(`SELECT nspname FROM pg_namespace WHERE nspname LIKE $1`, [`${s.schema}_%`]);
  expect(rows).toEqual([]);

  // The live consumer writes into the swapped-in set and still skips what the replay already counted.
  const before = await processedCount(s);
  await publish(s, [event('userJoined', { userId: 105, recommendType: 'NORMAL' }, kst('2025-03-05 13:00'), 105)]);
  await until('the join after the swap', async () => (await processedCount(s)) === before + 1);
  const join = await call<{ datas: Array<Record<string, unknown>> }>(svc!, '/api/sys/selectUserJoinStatistic', PERIOD);
  expect(day(join.body.datas, '2025-03-05')).toMatchObject({ JOIN_CNT: 1 });
  expect(day(join.body.datas, '2025-03-03')).toMatchObject({ JOIN_CNT: 3, PAY_CNT: 1 });
});

describe('date validation', () => {
  test.each([
    [{ startDate: '2025-03-05', endDate: '2025-03-04' }, '시작일은 종료일보다 늦을 수 없습니다.'],
    [{ startDate: '2025-01-01', endDate: '2026-01-02' }, '조회 기간은 최대 1년까지 선택할 수 있습니다.'],
    [{ startDate: '2025-02-30', endDate: '2025-03-04' }, '조회 기간을 YYYY-MM-DD 형식으로 입력해 주세요.'],
    [{ endDate: '2025-03-04' }, '조회 기간을 YYYY-MM-DD 형식으로 입력해 주세요.'],
    [{ startDate: "2025-03-01'; --", endDate: '2025-03-04' }, '조회 기간을 YYYY-MM-DD 형식으로 입력해 주세요.'],
  ])('when the period is %j, then 400 with the message', async (period, message) => {
    for (const path of [
      '/api/sys/selectUserJoinStatistic',
      '/api/sys/selectUserConnectStatistic',
      '/api/sys/selectSearchStatistic',
    ]) {
      const res = await call(svc!, path, period);
      expect({ path, status: res.status, body: res.body }).toEqual({
        path,
        status: 400,
        body: { error: true, message },
      });
    }
  });

  test('when the period is exactly one year (or given as YYYYMMDD), then it is answered day by day', async () => {
    const year = await call<{ datas: unknown[] }>(svc!, '/api/sys/selectSearchStatistic', {
      startDate: '2025-01-01',
      endDate: '2026-01-01',
    });
    expect(year.status).toBe(200);
    expect(year.body.datas).toHaveLength(366);
    const compact = await call<{ datas: unknown[] }>(svc!, '/api/sys/selectSearchStatistic', {
      startDate: '20250303',
      endDate: '20250303',
    });
    expect(compact.body.datas).toEqual([{ INS_DATE: '2025-03-03', CNT: 4, VIEW_CNT: 1 }]);
  });

  test('when searchCount is out of range, then 400', async () => {
    const res = await call(svc!, '/api/sys/selectSearchWordStatistic', { searchCount: 0 });
    expect(res).toEqual({
      status: 400,
      body: { error: true, message: '조회할 단어 수는 1에서 100 사이로 입력해 주세요.' },
    });
  });

  test('when a member (not grade 0) calls the service directly, then 403', async () => {
    const res = await call(svc!, '/api/sys/selectUserJoinStatistic', PERIOD, MEMBER);
    expect(res).toEqual({ status: 403, body: { error: true, message: '관리자 권한이 필요합니다.' } });
  });
});

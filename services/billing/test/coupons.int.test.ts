// Coupons against real PostgreSQL through the billing HTTP app: administrator groups and
// coupons with every validation message, member use (once, concurrently, expired, another
// member's), gifts, and code uniqueness over 100,000 codes.
import { COUPON_MESSAGES as M } from '@syn/kit/rules';
import { COUPON_CODE_PATTERN } from '../src/coupons/codes';
import { couponExpiry } from '../src/coupons/rules';
import { DAY, startCouponHarness, stopCouponHarness, type Harness } from './harness';

// Users 880000–880999 belong to this file; 880000 is the administrator.
const U = 880_000;
const ADMIN = { user: U, grade: 0 };
const run = Date.now().toString(36);
let h: Harness;
const groups: number[] = [];

beforeAll(async () => {
  h = await startCouponHarness(U);
});
afterAll(() => stopCouponHarness(h, groups));

const admin = (path: string, body: Record<string, unknown>) => h.call('POST', path, { ...ADMIN, body });

async function newGroup(name: string, createCount = 3, couponType = 1): Promise<number> {
  const r = await admin('/api/sys/insertCouponGroupItem', {
    userId: U,
    couponType,
    couponName: name,
    note: '테스트',
    createCount,
  });
  expect(r.status).toBe(200);
  groups.push(r.body.groupId as number);
  return r.body.groupId as number;
}

type Row = Record<string, unknown>;
async function couponsOf(groupId: number, extra: Record<string, unknown> = {}) {
  const r = await admin('/api/sys/selectCouponItems', { couponGroupId: groupId, pageSize: 10, pageNum: 0, ...extra });
  expect(r.status).toBe(200);
  return r.body as { totalCount: number; datas: Row[]; group: Row };
}

/** An administrator assigns a coupon of the group to the member (coupon detail → user row). */
async function assign(groupId: number, userId: number): Promise<Row> {
  const { datas } = await couponsOf(groupId, { couponStatus: 'STANDBY' });
  const coupon = datas[0]!;
  const r = await admin('/api/sys/updateCouponItem', { couponId: coupon.ID, userId, status: 'USING' });
  expect(r.status).toBe(200);
  return coupon;
}

async function memberList(user: number, body: Record<string, unknown> = {}) {
  const r = await h.call('POST', '/api/coupon/list', {
    user,
    body: { userId: user, pageSize: 10, pageNum: 0, ...body },
  });
  expect(r.status).toBe(200);
  return r.body as { totalCount: number; datas: Row[] };
}

describe('administrator: coupon groups and coupons', () => {
  it('when a member calls an admin coupon path, then it is refused even without the gateway', async () => {
    for (const path of [
      '/api/sys/selectCouponGroupItems',
      '/api/sys/insertCouponGroupItem',
      '/api/sys/updateCouponItem',
    ]) {
      const r = await h.call('POST', path, { user: U + 1, grade: 1, body: {} });
      expect([path, r.status, r.body.message]).toEqual([path, 403, '관리자 권한이 필요합니다.']);
    }
  });

  it('when a group form is incomplete, then each spec §5 message comes back in order', async () => {
    const base = { userId: U, couponType: 1, couponName: `검증 ${run}`, note: '', createCount: 1 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, couponType: '' }, M.typeRequired],
      [{ ...base, couponType: 0, couponName: '' }, M.typeRequired],
      [{ ...base, couponName: '' }, M.kindNameRequired],
      [{ ...base, couponName: '   ', createCount: '' }, M.kindNameRequired],
      [{ ...base, createCount: '' }, M.createCountRequired],
      [{ ...base, createCount: null }, M.createCountRequired],
      [{ ...base, createCount: 0 }, M.createCountPositive],
      [{ ...base, createCount: -3 }, M.createCountPositive],
    ];
    for (const [body, message] of cases) {
      const r = await admin('/api/sys/insertCouponGroupItem', body);
      expect([r.status, r.body]).toEqual([400, { error: true, message }]);
    }
    const empty = await admin('/api/sys/checkCouponOverlap', { couponName: ' ' });
    expect([empty.status, empty.body.message]).toEqual([400, M.overlapNameRequired]);
    const g = await newGroup(`추가 검증 ${run}`, 1);
    for (const [createCount, message] of [
      ['', M.createCountRequired],
      [0, M.createCountPositive],
    ] as const) {
      const r = await admin('/api/sys/insertCouponItems', { userId: U, couponGroupId: g, createCount });
      expect([r.status, r.body.message]).toEqual([400, message]);
    }
    const more = await admin('/api/sys/insertCouponItems', { userId: U, couponGroupId: g, createCount: 2 });
    expect(more.body).toMatchObject({ totalCount: 3 });
  });

  it('when a name is checked, then a taken one answers 200 with error true and creating it anyway is refused', async () => {
    const name = `중복 ${run}`;
    expect((await admin('/api/sys/checkCouponOverlap', { couponName: name })).body).toEqual({
      error: false,
      message: M.nameAvailable,
    });
    const g = await newGroup(name, 3);
    const taken = await admin('/api/sys/checkCouponOverlap', { couponName: ` ${name.toUpperCase()} ` });
    expect([taken.status, taken.body]).toEqual([200, { error: true, message: M.nameTaken }]);
    // The edit screen checks against the other groups only.
    expect((await admin('/api/sys/checkCouponOverlap', { couponName: name, groupId: g })).body.error).toBe(false);
    const again = await admin('/api/sys/insertCouponGroupItem', { couponType: 1, couponName: name, createCount: 1 });
    expect([again.status, again.body.message]).toEqual([409, M.nameTaken]);
    const renamed = await admin('/api/sys/updateCouponGroupItem', {
      couponGroupId: g,
      couponName: `${name} 수정`,
      note: '메모',
    });
    expect(renamed.status).toBe(200);
    const list = await admin('/api/sys/selectCouponGroupItems', {
      searchName: `${name} 수정`,
      pageSize: 10,
      pageNum: 0,
    });
    expect(list.body.datas).toEqual([
      expect.objectContaining({
        ID: g,
        COUPON_NAME: `${name} 수정`,
        CATEGORY_ID: 1,
        TOTAL_COUNT: 3,
        USED_COUNT: 0,
        NOTE: '메모',
        CREATE_DATE: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        product: { ITEM_ID: 1, NAME: '1개월 이용권' },
      }),
    ]);
  });

  it('when the group list is paged and filtered, then it shows 10 a page and groups with coupons in that state', async () => {
    const tag = `페이지 ${run}`;
    for (let i = 0; i < 11; i++) await newGroup(`${tag} ${i}`, 1);
    const p0 = await admin('/api/sys/selectCouponGroupItems', { searchName: tag, pageSize: 10, pageNum: 0 });
    const p1 = await admin('/api/sys/selectCouponGroupItems', { searchName: tag, pageSize: 10, pageNum: 1 });
    expect([p0.body.totalCount, (p0.body.datas as Row[]).length, (p1.body.datas as Row[]).length]).toEqual([11, 10, 1]);
    const using = await admin('/api/sys/selectCouponGroupItems', { searchName: tag, couponStatus: 'USING' });
    expect(using.body.totalCount).toBe(0);
    await assign(groups[groups.length - 1]!, U + 90);
    const after = await admin('/api/sys/selectCouponGroupItems', { searchName: tag, couponStatus: 'USING' });
    expect(after.body.totalCount).toBe(1);
  });

  it('when an admin picks a user for a coupon, then it is USING, issued today and valid 3 months; STANDBY takes it back; delete removes it', async () => {
    const g = await newGroup(`배정 ${run}`, 2);
    const before = await couponsOf(g);
    expect(before.totalCount).toBe(2);
    expect(before.group).toMatchObject({ ID: g, COUPON_NAME: `배정 ${run}` });
    expect(before.datas[0]).toMatchObject({ STATUS: 'STANDBY', USER_ID: null, USEREMAIL: null });
    const coupon = await assign(g, U + 10);
    const [detail] = (await couponsOf(g, { couponId: coupon.ID })).datas;
    const today = new Date(h.clock.now().getTime() + 9 * 3600_000).toISOString().slice(0, 10);
    expect(detail).toMatchObject({
      ID: coupon.ID,
      STATUS: 'USING',
      USER_ID: U + 10,
      USEREMAIL: `member${U + 10}@test.syndict.local`,
      ISSUE_DATE: today,
    });
    // Calendar months, clamped to the month's last day (Nov 29 + 3 months = Feb 28): couponExpiry, unit-tested.
    const expiry = couponExpiry(new Date(`${today}T00:00:00Z`));
    expect(detail!.EXPIRED_DATE).toBe(expiry.toISOString().slice(0, 10));
    // An unknown user is refused with the detail screen's user message.
    const unknown = await admin('/api/sys/updateCouponItem', {
      couponId: coupon.ID,
      userId: 99_999_990,
      status: 'USING',
    });
    expect([unknown.status, unknown.body.message]).toEqual([400, M.detailUser]);
    const noStatus = await admin('/api/sys/updateCouponItem', { couponId: coupon.ID, status: '' });
    expect(noStatus.body.message).toBe(M.detailStatus);
    const back = await admin('/api/sys/updateCouponItem', { couponId: coupon.ID, status: 'STANDBY' });
    expect(back.body.status).toBe('STANDBY');
    expect((await memberList(U + 10)).totalCount).toBe(0);
    const del = await admin('/api/sys/deleteCouponItem', { couponId: coupon.ID, groupId: g });
    expect(del.status).toBe(200);
    expect((await couponsOf(g)).totalCount).toBe(1);
    expect((await admin('/api/sys/deleteCouponItem', { couponId: coupon.ID, groupId: g })).status).toBe(404);
  });

  it('when 100,000 coupons are created, then every code is distinct, 80-bit Crockford base32', async () => {
    const g = await newGroup(`대량 ${run}`, 100_000);
    const [stats] = await h.sql<{ n: number; distinct: number; bad: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT coupon_code)::int AS distinct,
              count(*) FILTER (WHERE coupon_code !~ $2)::int AS bad
         FROM billing.coupons WHERE group_id = $1`,
      [g, COUPON_CODE_PATTERN.source],
    );
    expect(stats).toEqual({ n: 100_000, distinct: 100_000, bad: 0 });
    // Unique across the whole table, not just the group.
    const [dups] = await h.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT coupon_code FROM billing.coupons GROUP BY coupon_code HAVING count(*) > 1) d`,
    );
    expect(dups!.n).toBe(0);
  }, 120_000);
});

describe('member: list, use and gift', () => {
  it('when a member lists coupons, then only their own show, with the spec keys, and a name search narrows them', async () => {
    const mine = await newGroup(`목록 ${run}`, 2, 2);
    const other = await newGroup(`남의 것 ${run}`, 1);
    await assign(mine, U + 20);
    await assign(other, U + 21);
    const list = await memberList(U + 20, { userId: U + 21 }); // the body's userId is ignored
    expect(list.totalCount).toBe(1);
    expect(list.datas[0]).toEqual(
      expect.objectContaining({
        ID: expect.any(Number),
        COUPON_CODE: expect.stringMatching(COUPON_CODE_PATTERN),
        ISSUE_DATE: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        EXPIRED_DATE: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        STATUS: 'USING',
        COUPON_NAME: `목록 ${run}`,
      }),
    );
    expect((await memberList(U + 20, { searchName: '목록' })).totalCount).toBe(1);
    expect((await memberList(U + 20, { searchName: '없는 이름' })).totalCount).toBe(0);
    expect((await h.call('POST', '/api/coupon/list', { body: {} })).status).toBe(401);
  });

  it('when a member uses a coupon, then its pass starts in the same transaction, the coupon is COMPLETE and a second use is refused', async () => {
    const user = U + 30;
    const g = await newGroup(`사용 ${run}`, 1, 2);
    const coupon = await assign(g, user);
    const used = await h.call('POST', '/api/coupon/use', {
      user,
      body: { userId: user, couponId: coupon.ID, couponCode: String(coupon.COUPON_CODE).toLowerCase() },
    });
    expect(used.status).toBe(200);
    expect(used.body).toMatchObject({ status: 'success', message: M.couponUsed, used: { STATUS: 'START' } });
    const passes = await h.sql(`SELECT item_id, status FROM billing.passes WHERE user_id = $1`, [user]);
    expect(passes).toEqual([{ item_id: 2, status: 'START' }]);
    const isUsed = await h.call('GET', `/api/used/isUsed?id=${user}`, { user });
    expect(isUsed.body.status).toBe('valid');
    expect((await memberList(user)).datas[0]).toMatchObject({ ID: coupon.ID, STATUS: 'COMPLETE' });
    const again = await h.call('POST', '/api/coupon/use', { user, body: { couponId: coupon.ID } });
    expect([again.status, again.body.message]).toEqual([409, M.couponNotUsable]);
    const [row] = (await couponsOf(g)).datas;
    expect(row).toMatchObject({ STATUS: 'COMPLETE', USED_DATE: expect.stringMatching(/^\d{4}-/) });
    expect((await admin('/api/sys/selectCouponGroupItems', { groupId: g })).body.datas).toEqual([
      expect.objectContaining({ USED_COUNT: 1 }),
    ]);
    const events = await h.events(user);
    expect(events.map((e) => e.event.case)).toEqual(['passChanged']);
  });

  it('when the same coupon is used twice at once, then exactly one use succeeds and one pass is granted', async () => {
    const user = U + 31;
    const g = await newGroup(`동시 ${run}`, 1);
    const coupon = await assign(g, user);
    const results = await Promise.all(
      [0, 1, 2].map(() => h.call('POST', '/api/coupon/use', { user, body: { couponId: coupon.ID } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await h.sql(`SELECT count(*)::int AS n FROM billing.passes WHERE user_id = $1`, [user])).toEqual([{ n: 1 }]);
  });

  it("when a coupon is expired or another member's, then it is refused and nothing is granted", async () => {
    const user = U + 32;
    const g = await newGroup(`거절 ${run}`, 3);
    const a = await assign(g, user);
    const foreign = await h.call('POST', '/api/coupon/use', { user: U + 33, body: { couponId: a.ID } });
    expect([foreign.status, foreign.body.message]).toEqual([404, M.couponNotFound]);
    const wrongCode = await h.call('POST', '/api/coupon/use', { user, body: { couponId: a.ID, couponCode: 'AAAA' } });
    expect(wrongCode.status).toBe(404);

    // A pass in use no longer refuses a coupon: its days wait after it (coupons-subscription.int.test.ts).

    const start = h.clock.now();
    h.clock.advance(93 * DAY);
    try {
      const expired = await h.call('POST', '/api/coupon/use', { user, body: { couponId: a.ID } });
      expect([expired.status, expired.body.message]).toEqual([400, M.couponExpired]);
    } finally {
      h.clock.set(start);
    }
    expect(await h.sql(`SELECT count(*)::int AS n FROM billing.passes WHERE user_id = $1`, [user])).toEqual([{ n: 0 }]);
  });

  it('when a member gifts a coupon, then the recipient gets a new USING coupon with the same expiry and the giver sees PRESENT', async () => {
    const giver = U + 40;
    const target = U + 41;
    const g = await newGroup(`선물 ${run}`, 1);
    const coupon = await assign(g, giver);
    const gift = (body: Record<string, unknown>, user = giver) =>
      h.call('POST', '/api/sys/presentCouponItem', { user, body: { status: 'PRESENT', ...body } });

    const toSelf = await gift({ couponId: coupon.ID, userId: giver, targetUserId: giver });
    expect([toSelf.status, toSelf.body.message]).toEqual([400, M.giftSelf]);
    const toNobody = await gift({ couponId: coupon.ID, userId: giver, targetUserId: 0 });
    expect([toNobody.status, toNobody.body.message]).toEqual([400, M.giftTargetInvalid]);
    const toMissing = await gift({ couponId: coupon.ID, userId: giver, targetUserId: 99_999_990 });
    expect([toMissing.status, toMissing.body.message]).toEqual([400, M.giftTargetInvalid]);
    const noCoupon = await gift({ couponId: 0, userId: giver, targetUserId: target });
    expect(noCoupon.body.message).toBe(M.giftTargetInvalid);
    // The giver is the session's user: naming the owner in the body does not help another member.
    const thief = await gift({ couponId: coupon.ID, userId: giver, targetUserId: target }, U + 42);
    expect([thief.status, thief.body.message]).toEqual([400, M.giftTargetInvalid]);

    const before = (await memberList(giver)).datas[0]!;
    const ok = await gift({ couponId: coupon.ID, userId: giver, targetUserId: target });
    expect([ok.status, ok.body.message]).toEqual([200, M.giftDone]);
    expect((await memberList(giver)).datas[0]).toMatchObject({ ID: coupon.ID, STATUS: 'PRESENT' });
    const received = (await memberList(target)).datas;
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      STATUS: 'USING',
      COUPON_NAME: `선물 ${run}`,
      ISSUE_DATE: before.ISSUE_DATE,
      EXPIRED_DATE: before.EXPIRED_DATE,
    });
    expect(received[0]!.COUPON_CODE).not.toBe(before.COUPON_CODE);
    // A gift cannot be undone or repeated; the giver cannot use it any more.
    const twice = await gift({ couponId: coupon.ID, userId: giver, targetUserId: U + 43 });
    expect(twice.status).toBe(409);
    expect((await h.call('POST', '/api/coupon/use', { user: giver, body: { couponId: coupon.ID } })).status).toBe(409);
    // The recipient uses it.
    const used = await h.call('POST', '/api/coupon/use', { user: target, body: { couponId: received[0]!.ID } });
    expect(used.status).toBe(200);
    // Created count does not include the gifted copy.
    expect((await couponsOf(g)).group).toMatchObject({ TOTAL_COUNT: 1, USED_COUNT: 1 });
  });
});

// The administrator's coupon detail save (spec §2.5 item 9, §5, §7.4 updateCouponItem) through the
// billing HTTP app on real PostgreSQL: each bad field is refused with the form's own message and
// changes nothing; a good save records the issue date it was sent.
import { randomBytes } from 'node:crypto';
import { COUPON_MESSAGES as M } from '@syn/kit/rules';
import { couponExpiry } from '../src/coupons/rules';
import { startCouponHarness, stopCouponHarness, type Harness } from './harness';

// Users 948000–948999 belong to this file; 948000 is the administrator.
const U = 948_000;
const ADMIN = { user: U, grade: 0 };
const run = randomBytes(3).toString('hex');
const groups: number[] = [];
let h: Harness;

beforeAll(async () => {
  h = await startCouponHarness(U);
});
afterAll(() => stopCouponHarness(h, groups));

const admin = (body: Record<string, unknown>) => h.call('POST', '/api/sys/updateCouponItem', { ...ADMIN, body });

const kstDay = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);
const DAY = 86_400_000;

async function newCoupon(): Promise<number> {
  const created = await h.call('POST', '/api/sys/insertCouponGroupItem', {
    ...ADMIN,
    body: { userId: U, couponType: 1, couponName: `상세 ${run} ${groups.length}`, note: '', createCount: 1 },
  });
  expect(created.status).toBe(200);
  const groupId = created.body.groupId as number;
  groups.push(groupId);
  const [row] = await h.sql<{ coupon_id: number }>(`SELECT coupon_id FROM billing.coupons WHERE group_id = $1`, [
    groupId,
  ]);
  return row!.coupon_id;
}

const stored = (couponId: number) =>
  h.sql(
    `SELECT status, user_id, issue_date, used_date, expired_date, updated_at FROM billing.coupons WHERE coupon_id = $1`,
    [couponId],
  );

describe('administrator coupon detail save', () => {
  it('when a field is bad, then it answers 400 with that field’s message and the coupon is untouched', async () => {
    const couponId = await newCoupon();
    const user = U + 1;
    const today = kstDay(h.clock.now());
    const tomorrow = kstDay(new Date(h.clock.now().getTime() + DAY));
    const good = { couponId, userId: user, status: 'USING', issueDate: today };

    // An unassigned coupon first: nothing may be saved on it but a whole, valid form.
    const untouched = await stored(couponId);
    const refused: [Record<string, unknown>, string][] = [
      [{ ...good, status: '' }, M.detailStatus],
      [{ ...good, status: 'PRESENT' }, M.detailStatus],
      [{ ...good, status: undefined }, M.detailStatus],
      [{ ...good, userId: 'abc' }, M.detailUser],
      [{ ...good, userId: -5 }, M.detailUser],
      [{ ...good, userId: 99_999_990 }, M.detailUser],
      [{ ...good, userId: '' }, M.detailUser],
      [{ ...good, issueDate: '2026-02-30' }, M.detailIssueDate],
      [{ ...good, issueDate: '어제' }, M.detailIssueDate],
      [{ ...good, issueDate: tomorrow }, M.detailIssueDate],
      [{ ...good, userId: undefined, status: 'COMPLETE' }, M.detailUser],
    ];
    for (const [body, message] of refused) {
      const r = await admin(body);
      expect([body, r.status, r.body.message]).toEqual([body, 400, message]);
      expect(await stored(couponId)).toEqual(untouched);
    }

    // The whole form: the chosen user holds it from today, for 3 months (spec §9).
    const saved = await admin(good);
    expect(saved.status).toBe(200);
    // Calendar months, clamped to the month's last day (Nov 29 + 3 months = Feb 28): couponExpiry, unit-tested.
    const expiry = couponExpiry(new Date(`${today}T00:00:00Z`));
    expect(saved.body).toMatchObject({
      message: M.couponUpdated,
      status: 'USING',
      ISSUE_DATE: today,
      EXPIRED_DATE: expiry.toISOString().slice(0, 10),
    });

    // The same checks hold for a held coupon: a bad field leaves the holder and dates as they are.
    // (Without a user the call keeps the holder, so those two rows are no refusal here.)
    const held = await stored(couponId);
    for (const [body, message] of refused.filter(([b]) => b.userId !== undefined && b.userId !== '')) {
      const r = await admin(body);
      expect([body, r.status, r.body.message]).toEqual([body, 400, message]);
    }
    expect(await stored(couponId)).toEqual(held);
  });

  it('when the saved issue date is an earlier day, then the coupon is issued then and expires 3 months after', async () => {
    const couponId = await newCoupon();
    const user = U + 2;
    const today = kstDay(h.clock.now());
    expect((await admin({ couponId, userId: user, status: 'USING', issueDate: today })).status).toBe(200);

    const earlier = kstDay(new Date(h.clock.now().getTime() - 10 * DAY));
    const r = await admin({ couponId, userId: user, status: 'USING', issueDate: earlier });
    const expiry = couponExpiry(new Date(`${earlier}T00:00:00Z`));
    expect([r.status, r.body.ISSUE_DATE, r.body.EXPIRED_DATE]).toEqual([
      200,
      earlier,
      expiry.toISOString().slice(0, 10),
    ]);
    const list = await h.call('POST', '/api/sys/selectCouponItems', {
      ...ADMIN,
      body: { couponGroupId: groups.at(-1), couponId, pageSize: 1, pageNum: 0 },
    });
    expect(list.body.datas).toEqual([
      expect.objectContaining({
        ID: couponId,
        USER_ID: user,
        STATUS: 'USING',
        ISSUE_DATE: earlier,
        OWNER_WITHDRAWN: false,
      }),
    ]);

    // STANDBY with the form's user and date takes the coupon back (spec §4); so it does with another
    // user chosen on the form: the status saved is the status written.
    const back = await admin({ couponId, userId: user, status: 'STANDBY', issueDate: earlier });
    expect([back.status, back.body.status, back.body.ISSUE_DATE]).toEqual([200, 'STANDBY', null]);
    const notAssigned = await admin({ couponId, userId: user + 1, status: 'STANDBY', issueDate: today });
    expect([notAssigned.status, notAssigned.body.status]).toEqual([200, 'STANDBY']);
    expect(await h.sql(`SELECT user_id FROM billing.coupons WHERE coupon_id = $1`, [couponId])).toEqual([
      { user_id: null },
    ]);

    // A newly chosen user saved as used: the coupon is theirs, used today.
    const used = await admin({ couponId, userId: user + 1, status: 'COMPLETE', issueDate: today });
    expect([used.status, used.body.status, used.body.ISSUE_DATE]).toEqual([200, 'COMPLETE', today]);
    const [row] = await h.sql<{ user_id: number; used_date: Date | null }>(
      `SELECT user_id, used_date FROM billing.coupons WHERE coupon_id = $1`,
      [couponId],
    );
    expect([row!.user_id, row!.used_date !== null]).toEqual([user + 1, true]);
  });
});

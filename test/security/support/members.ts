// Members made through the real flows, all through the gateway: join → maildev mail → confirm
// link → login; a pass bought with the PortOne sandbox; coupons from the administrator's API.
import { randomBytes, randomInt } from 'node:crypto';
import { Pool } from 'pg';
import { seedAdmin } from '../../../services/account/src/jobs/seed';
import { joinBody, linkIn, readMail } from '../../../services/account/test/support';
import { call, sessionCookie, type Reply } from './http';

export interface Member {
  id: number;
  email: string;
  password: string;
  name: string;
  phone: string;
  cookie: string;
  grade: number;
}

/** What a member owns, so a test can look for it in other callers' answers. */
export interface MemberData {
  /** Wordbook item ids and the headwords they hold. */
  itemIds: string[];
  savedHeadwordIds: number[];
  /** A coupon assigned to the member, still usable. */
  couponId: number;
  couponCode: string;
  couponGroupId: number;
  /** A one-off order still waiting for payment (STANDBY) and one whose card was declined. */
  standbyMerchantUid: string;
  failedMerchantUid: string;
  /** The billing-key id of their monthly subscription, which has a live (STANDBY) record. */
  customerUid: string;
  /** A headword only this member viewed (their search history). */
  viewedHeadwordId: number;
}

export const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/syndict_test';

const expectOk = (what: string, r: Reply): Reply => {
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${r.text.slice(0, 300)}`);
  return r;
};

export async function login(
  baseUrl: string,
  email: string,
  password: string,
): Promise<{ cookie: string; id: number; grade: number }> {
  const r = expectOk(`login ${email}`, await call(baseUrl, 'POST', '/api/user/login', { email, password }));
  const user = r.body.user as { id: number; grade: number };
  const cookie = sessionCookie(r.setCookie);
  // As the web app does after every login: this session's device claims the account (spec §4),
  // without which it is signed in but not entitled to paid content.
  expectOk(
    `claim device ${email}`,
    await call(
      baseUrl,
      'POST',
      '/api/user/updateUserConnectInfo',
      { userId: user.id, userAuthKey: `device-${randomBytes(6).toString('hex')}` },
      { cookie },
    ),
  );
  return { cookie, id: user.id, grade: user.grade };
}

/** join → confirmation mail → confirm → login, through the gateway. */
export async function joinMember(baseUrl: string, tag: string, emailTag: string): Promise<Member> {
  const suffix = randomBytes(4).toString('hex');
  const name = `${tag}${suffix}`;
  const phone = `010${randomInt(10_000_000, 99_999_999)}`;
  const body = joinBody({ name, phone, email: `perm.${emailTag}.${suffix}@example.com` });
  const email = String(body.email);
  const password = String(body.password);
  expectOk(`join ${email}`, await call(baseUrl, 'POST', '/api/user/join', body));
  const link = linkIn(await readMail(email, [], 20_000), 'confirmEmail');
  expectOk(
    `confirm ${email}`,
    await call(baseUrl, 'POST', '/api/user/confirm', { secretId: link.id, secretKey: link.key }),
  );
  const session = await login(baseUrl, email, password);
  return { id: session.id, email, password, name, phone, cookie: session.cookie, grade: session.grade };
}

/** The administrator (grade 0), seeded straight into the account schema as `npm start` does. */
export async function adminMember(baseUrl: string): Promise<Member> {
  const email = 'perm-matrix-admin@test.syndict.local';
  const password = 'perm-matrix-admin-pass1';
  const pool = new Pool({ connectionString: DATABASE_URL });
  try {
    await seedAdmin(pool, { NODE_ENV: 'test', ADMIN_EMAIL: email, ADMIN_PASSWORD: password });
  } finally {
    await pool.end();
  }
  const session = await login(baseUrl, email, password);
  return { id: session.id, email, password, name: '관리자', phone: '', cookie: session.cookie, grade: session.grade };
}

/** A one-off order paid (or declined) with a sandbox card, verified by the billing service. */
/** A one-off order of `itemId` created through the gateway: its merchant_uid, amount and name. */
export async function createOrder(baseUrl: string, member: Member, itemId = 1): Promise<Reply> {
  return expectOk(
    'order create',
    await call(
      baseUrl,
      'POST',
      '/api/pay/order/create',
      { id: itemId, pg: 'html5_inicis', pay_method: 'card' },
      { cookie: member.cookie },
    ),
  );
}

/** A one-off order paid with `card` at the PortOne sandbox, not yet completed with the service. */
export async function payAtSandbox(
  baseUrl: string,
  sandboxUrl: string,
  member: Member,
  card: string,
): Promise<{ merchantUid: string; paid: Reply }> {
  const order = await createOrder(baseUrl, member);
  const merchantUid = String(order.body.merchant_uid);
  const paid = await call(sandboxUrl, 'POST', '/checkout/pay', {
    params: { merchant_uid: merchantUid, amount: order.body.amount, name: order.body.name, pay_method: 'card' },
    card_number: card,
  });
  return { merchantUid, paid };
}

export async function payOneOff(
  baseUrl: string,
  sandboxUrl: string,
  member: Member,
  card: string,
): Promise<{ merchantUid: string; reply: Reply }> {
  const { merchantUid, paid } = await payAtSandbox(baseUrl, sandboxUrl, member, card);
  const rsp = paid.body as { imp_uid?: string | null };
  const reply = await call(
    baseUrl,
    'POST',
    '/api/pay/order/complete',
    { imp_uid: rsp.imp_uid ?? undefined, merchant_uid: merchantUid },
    { cookie: member.cookie },
  );
  return { merchantUid, reply };
}

export const APPROVED_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';

/** A coupon group of `count` coupons of the 1-month pass (item 1); returns its id. */
export async function couponGroup(baseUrl: string, admin: Member, count: number): Promise<number> {
  const r = expectOk(
    'coupon group',
    await call(
      baseUrl,
      'POST',
      '/api/sys/insertCouponGroupItem',
      {
        couponType: 1,
        couponName: `권한매트릭스-${randomBytes(4).toString('hex')}`,
        note: 'permission matrix',
        createCount: count,
      },
      { cookie: admin.cookie },
    ),
  );
  return Number(r.body.groupId);
}

/** Assigns the next unassigned coupon of the group to `member` (status USING = usable). */
export async function assignCoupon(
  baseUrl: string,
  admin: Member,
  groupId: number,
  member: Member,
): Promise<{ couponId: number; couponCode: string }> {
  const list = expectOk(
    'coupon list',
    await call(
      baseUrl,
      'POST',
      '/api/sys/selectCouponItems',
      { couponGroupId: groupId, couponStatus: 'STANDBY', pageSize: 10, pageNum: 0 },
      { cookie: admin.cookie },
    ),
  );
  const free = (list.body.datas as { ID: number; COUPON_CODE: string; USER_ID: number | null }[]).find(
    (c) => c.USER_ID === null,
  );
  if (!free) throw new Error(`no unassigned coupon left in group ${groupId}`);
  expectOk(
    'coupon assign',
    await call(
      baseUrl,
      'POST',
      '/api/sys/updateCouponItem',
      { couponId: free.ID, userId: member.id, status: 'USING', issueDate: new Date().toISOString().slice(0, 10) },
      { cookie: admin.cookie },
    ),
  );
  return { couponId: free.ID, couponCode: free.COUPON_CODE };
}

/**
 * Gives a free member their own data: saved words, a viewed headword (history), a usable coupon,
 * a STANDBY order, a declined payment and their subscription customer id.
 */
export async function giveData(
  baseUrl: string,
  sandboxUrl: string,
  admin: Member,
  member: Member,
  opts: { groupId: number; savedHeadwordIds: number[]; viewedHeadwordId: number },
): Promise<MemberData> {
  const as = { cookie: member.cookie };
  const itemIds: string[] = [];
  for (const pyojaeId of opts.savedHeadwordIds) {
    const saved = expectOk(
      'wordbook save',
      await call(baseUrl, 'POST', '/api/dic/wordbook/insertWordbookItem', { pyojaeId, word: '-', hanja: '' }, as),
    );
    itemIds.push(String(saved.body.itemId));
  }
  expectOk(
    'detail view',
    await call(baseUrl, 'POST', '/api/dic/search/wordSynItems', { pyojaeId: opts.viewedHeadwordId }, as),
  );
  const coupon = await assignCoupon(baseUrl, admin, opts.groupId, member);
  const declined = await payOneOff(baseUrl, sandboxUrl, member, DECLINED_CARD);
  if (declined.reply.status === 200) throw new Error('a declined card was granted a pass');
  const standby = expectOk(
    'order create',
    await call(baseUrl, 'POST', '/api/pay/order/create', { id: 2, pg: 'html5_inicis', pay_method: 'card' }, as),
  );
  const customerUid = await readySubscription(baseUrl, member);
  return {
    itemIds,
    savedHeadwordIds: opts.savedHeadwordIds,
    couponId: coupon.couponId,
    couponCode: coupon.couponCode,
    couponGroupId: opts.groupId,
    standbyMerchantUid: String(standby.body.merchant_uid),
    failedMerchantUid: declined.merchantUid,
    customerUid,
    viewedHeadwordId: opts.viewedHeadwordId,
  };
}

/** Strings that identify `member` and their data: none may appear in another member's answers. */
export function markersOf(member: Member, data: MemberData): string[] {
  return [
    member.email,
    member.name,
    member.phone,
    ...data.itemIds,
    data.couponCode,
    data.standbyMerchantUid,
    data.failedMerchantUid,
    data.customerUid,
  ];
}

/**
 * The ready record of a monthly subscription (spec §4) for `member`: a live subscription others must
 * not cancel, and one that auto-renewal cannot be turned on for. Returns its customer_uid.
 */
export async function readySubscription(baseUrl: string, member: Member): Promise<string> {
  const as = { cookie: member.cookie };
  const uid = expectOk('merchant uid', await call(baseUrl, 'GET', '/subscribe/generate-merchant-uid', {}, as));
  expectOk(
    'subscription ready record',
    await call(
      baseUrl,
      'POST',
      '/subscribe/payments/initializeDatabase',
      { paymentData: { merchant_uid: uid.body.merchant_uid }, item: { ITEM_ID: 6 } },
      as,
    ),
  );
  return String(uid.body.customer_uid);
}

/**
 * The spec's clients, call by call: every path of gateway/openapi.json is called through the
 * gateway in each form the spec (../shared/spec.md §7) sends it — a flat body, the query string
 * ("as params"), and the envelope object the spec names (`params`, `data`, `paymentData`,
 * `paymentDataFromPG`) — with the fields the spec lists for it, and answers its documented status
 * and response keys. One named case per path and form; each arranges its own data through the API.
 *
 * Run: TEST_STACK_OFFSET=32 npx jest --selectProjects integration --runInBand --runTestsByPath test/contract/spec-calls.int.test.ts
 */
import { randomBytes } from 'node:crypto';
import type { Stack } from '../../scripts/stack';
import {
  admin,
  Caller,
  type Envelope,
  gateway,
  joinBody,
  legacyAccount,
  mailedLink,
  member,
  newEmail,
  OPERATIONS,
  PASSWORD,
  payments,
  run,
  type Shape,
  startContractStack,
} from './support';

// Its own ports and names unless the runner chose: other suites start stacks too.
process.env.TEST_STACK_OFFSET ??= '32';

jest.setTimeout(120_000);

type Call = ReturnType<typeof gateway>;
type Method = 'GET' | 'POST';

let stack: Stack | undefined;
let call: Call;
let databaseUrl = '';
let pay: ReturnType<typeof payments>;

let adminUser: Caller;
/** Reads: profile, lists, detail, wordbook. */
let alice: Caller;
/** Signs in again and again (login, logout). */
let signer: Caller;
/** Holds one running subscription for the read-only subscription calls. */
let subscriber: Caller;
let subscription: { merchantUid: string; customerUid: string };
const visitor = new Caller('visitor');
let headword = { id: 0, word: '', hanja: '' };
let passItem = { ITEM_ID: 0, NAME: '', AMOUNT: 0, TYPE: '' };
/** A coupon group of this run: its unused coupons are handed out one per case. */
let couponGroup = 0;
const spareCoupons: Array<{ ID: number; COUPON_CODE: string }> = [];

beforeAll(async () => {
  let sandboxUrl: string;
  ({ stack, call, sandboxUrl, databaseUrl } = await startContractStack('spec-calls'));
  pay = payments(call, sandboxUrl);
  [adminUser, alice, signer, subscriber] = await Promise.all([
    admin(call, databaseUrl),
    member(call, 'alice'),
    member(call, 'signer'),
    member(call, 'subscriber'),
  ]);
  subscription = await pay.subscribe(subscriber);
  passItem = await pay.onePass();

  const found = await call(visitor, 'POST', '/api/dic/search/pyojaeItems', { searchWord: '사랑' });
  const items = (found.body.results as { wordInfoItems: Array<{ ID: number; WORD: string; HANJA: string }> })
    .wordInfoItems;
  const first = items[0]!;
  headword = { id: first.ID, word: first.WORD, hanja: first.HANJA };

  const group = await call(adminUser, 'POST', '/api/sys/insertCouponGroupItem', {
    userId: adminUser.id,
    couponType: passItem.ITEM_ID,
    couponName: `계약양식${run}`,
    note: '',
    createCount: 30,
  });
  couponGroup = Number(group.body.groupId);
  const list = await call(adminUser, 'POST', '/api/sys/selectCouponItems', {
    couponGroupId: couponGroup,
    pageSize: 100,
    pageNum: 0,
  });
  spareCoupons.push(...(list.body.datas as Array<{ ID: number; COUPON_CODE: string }>));
}, 300_000);

afterAll(async () => {
  await stack?.stop();
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** An unused coupon of this run's group, owned by `owner` when given (assigned as the admin screen does). */
async function coupon(owner?: Caller): Promise<{ ID: number; COUPON_CODE: string }> {
  const c = spareCoupons.shift();
  if (!c) throw new Error('the coupon group ran out');
  if (owner) {
    await call(adminUser, 'POST', '/api/sys/updateCouponItem', { couponId: c.ID, userId: owner.id, status: 'USING' });
  }
  return c;
}

/** A confirmed, signed-in member with a subscription started (first month paid). */
async function newSubscriber(tag: string): Promise<{ who: Caller; merchantUid: string; customerUid: string }> {
  const who = await member(call, tag);
  return { who, ...(await pay.subscribe(who)) };
}

// --- the table -----------------------------------------------------------------------------------

interface Arranged {
  /** Who calls: null sends no session. */
  who: Caller | null;
  fields: Record<string, unknown>;
  /** Sent beside the envelope (spec §7.3 `paymentData, item, user`). */
  beside?: Record<string, unknown>;
  /** The real path when the documented one is a template. */
  target?: string;
}

interface Row {
  method: Method;
  /** As gateway/openapi.json documents it. */
  path: string;
  /** Told apart from another row of the same path (another caller). */
  label?: string;
  /** The ways the spec sends it, besides the flat body and the query string every POST accepts. */
  envelope?: Envelope;
  /** The keys of the documented answer (spec §7 where it names them, else the route catalogue's). */
  keys: readonly string[];
  /** Success status: 200 unless the spec says otherwise. */
  status?: number;
  /** Data for one call, made fresh through the API; `shape` lets a nested value travel as a scalar. */
  arrange: (shape: Shape) => Promise<Arranged>;
  /** Where an optional field narrows the answer: proof that this form's field was read. */
  check?: (body: Record<string, unknown>) => void;
}

const as = (who: Caller | null, fields: Record<string, unknown> = {}): Arranged => ({ who, fields });

const ROWS: Row[] = [
  // §7.1 Account
  {
    method: 'POST',
    path: '/api/user/login',
    keys: ['user'],
    arrange: async () => as(new Caller('login', signer.email), { email: signer.email, password: PASSWORD }),
  },
  {
    method: 'GET',
    path: '/api/user/logout',
    keys: ['message'],
    arrange: async () => {
      const who = new Caller('logout', signer.email);
      await call(who, 'POST', '/api/user/login', { email: signer.email, password: PASSWORD });
      return as(who);
    },
  },
  {
    method: 'POST',
    path: '/api/user/validate',
    keys: ['user', 'status', 'item'],
    // The stored user (spec §3): id, userEmail, grade, status, curKey.
    arrange: async () =>
      as(alice, { id: alice.id, userEmail: alice.email, grade: 1, status: 'none', curKey: alice.authKey }),
  },
  {
    method: 'POST',
    path: '/api/user/join',
    keys: ['message'],
    // §7.1's payload, and the form's confirmation and consents of §5, which the service requires.
    arrange: async () =>
      as(null, {
        name: '계약회원',
        phone: '01012345678',
        email: newEmail('join'),
        password: PASSWORD,
        recommendUserId: '',
        recommendUser: '',
        recommendType: 'NORMAL',
        passwordConfirm: PASSWORD,
        agreePrivacy: 'T',
        agreeTerms: 'T',
      }),
  },
  {
    method: 'POST',
    path: '/api/user/find',
    keys: ['message'],
    arrange: async () => as(null, { email: (await member(call, 'find')).email }),
  },
  {
    method: 'POST',
    path: '/api/user/change',
    keys: ['message'],
    arrange: async () => {
      const who = await member(call, 'change');
      await call(null, 'POST', '/api/user/find', { email: who.email });
      const link = await mailedLink(who.email, 'changePwByMail');
      return as(null, { secretId: link.id, secretKey: link.key, password: 'contract pass 2' });
    },
  },
  {
    method: 'POST',
    path: '/api/user/confirm',
    keys: ['message'],
    arrange: async () => {
      const email = newEmail('confirm');
      await call(null, 'POST', '/api/user/join', joinBody(email));
      const link = await mailedLink(email, 'confirmEmail');
      return as(null, { secretId: link.id, secretKey: link.key });
    },
  },
  {
    method: 'POST',
    path: '/api/user/checkRecommendUserInfo',
    envelope: 'params',
    keys: ['userInfo', 'message'],
    arrange: async () => as(null, { recommendUser: alice.email }),
  },
  {
    method: 'POST',
    path: '/api/user/updateUserConnectInfo',
    envelope: 'params',
    keys: ['authKey', 'message'],
    arrange: async () => {
      const who = await member(call, 'device');
      return as(who, { userId: who.id, userAuthKey: `contract-${randomBytes(6).toString('hex')}` });
    },
  },
  {
    method: 'POST',
    path: '/api/user/certify',
    keys: ['ok', 'message'],
    arrange: async () => {
      const email = newEmail('certify');
      await call(null, 'POST', '/api/user/join', joinBody(email));
      return as(null, { email });
    },
  },
  {
    method: 'POST',
    path: '/api/user/searchPrevUserInfo',
    envelope: 'params',
    keys: ['results'],
    arrange: async () => as(alice, { userId: await legacyAccount(databaseUrl, 'legacy pw 1'), userPw: 'legacy pw 1' }),
  },
  {
    method: 'POST',
    path: '/api/user/combinePrevUserInfo',
    envelope: 'params',
    keys: ['message'],
    arrange: async () => {
      const who = await member(call, 'merge');
      const prevUserId = await legacyAccount(databaseUrl, 'legacy pw 1');
      const found = await call(who, 'POST', '/api/user/searchPrevUserInfo', {
        userId: prevUserId,
        userPw: 'legacy pw 1',
      });
      const period = (found.body.results as { payHistoryItems: Array<{ SDATE: string; EDATE: string }> })
        .payHistoryItems[0]!;
      return as(who, {
        userId: who.id,
        prevUserId,
        remainedDay: found.body.remainedDay,
        startDate: period.SDATE,
        endDate: period.EDATE,
      });
    },
  },
  {
    method: 'POST',
    path: '/api/user/updateUserInfo',
    keys: ['message'],
    arrange: async () => {
      const who = await member(call, 'password');
      return as(who, { userId: who.id, oldPassword: PASSWORD, newPassword: 'contract pass 3' });
    },
  },
  {
    method: 'POST',
    path: '/api/user/insertUserCancelInfo',
    envelope: 'params',
    keys: ['message'],
    arrange: async () => {
      const who = await member(call, 'withdraw');
      return as(who, {
        userId: who.id,
        userPw: PASSWORD,
        userEmail: who.email,
        userName: '계약회원',
        reasonMain: '기타',
        reasonSub: '',
        agreement: 'T',
      });
    },
  },
  {
    method: 'POST',
    path: '/api/user/getUserInfo',
    keys: ['user'],
    arrange: async () => as(alice),
  },
  {
    method: 'POST',
    path: '/api/user/updateUserProfile',
    keys: ['message', 'user'],
    arrange: async () => as(alice, { userName: '계약앨리스', userPhone: '01098765432' }),
  },

  // §7.2 Dictionary
  {
    method: 'POST',
    path: '/api/dic/search/pyojaeItems',
    envelope: 'params',
    keys: ['totalElements', 'totalPages', 'results'],
    arrange: async () => as(visitor, { searchWord: headword.word, pageSize: 10, pageNum: 0 }),
  },
  {
    method: 'POST',
    path: '/api/dic/search/hanjaItems',
    keys: ['totalElements', 'totalPages', 'results'],
    arrange: async () => as(null, { hanja: [...(headword.hanja || '愛')][0]!, pageSize: 10, pageNum: 0 }),
  },
  {
    method: 'POST',
    path: '/api/dic/search/wordSynItems',
    envelope: 'params',
    keys: ['authKey', 'wordSynItems', 'gubnItems', 'message', 'authKeyError'],
    arrange: async () => as(alice, { userId: alice.id, pyojaeId: headword.id, userAuthKey: alice.authKey }),
  },
  {
    method: 'POST',
    path: '/api/dic/search/wordSynItems',
    label: 'a visitor as user 99999999',
    envelope: 'params',
    keys: ['authKey', 'wordSynItems', 'gubnItems', 'message', 'authKeyError'],
    // Spec §6: anonymous calls use user id 99999999.
    arrange: async () => as(visitor, { userId: 99999999, pyojaeId: headword.id, userAuthKey: '' }),
    check: (body) => expect(body.reader).toBe('visitor'),
  },
  {
    method: 'GET',
    path: '/api/dic/search/suggest',
    keys: ['suggestItems'],
    arrange: async () => as(null, { q: [...headword.word][0]! }),
  },
  {
    method: 'GET',
    path: '/api/dic/search/dataset',
    keys: ['headwords', 'relations'],
    arrange: async () => as(null),
  },
  {
    method: 'POST',
    path: '/api/dic/search/historyItems',
    keys: ['historyItems'],
    arrange: async () => as(visitor),
  },
  {
    method: 'POST',
    path: '/api/dic/search/deleteHistoryItem',
    keys: ['historyItems', 'message'],
    arrange: async () => {
      const who = new Caller('history');
      await call(who, 'POST', '/api/dic/search/wordSynItems', { pyojaeId: headword.id });
      return as(who, { itemId: headword.id });
    },
  },
  {
    method: 'POST',
    path: '/api/dic/search/clearHistoryItems',
    keys: ['historyItems', 'message'],
    arrange: async () => as(visitor, { confirm: true }),
  },
  {
    method: 'POST',
    path: '/api/dic/search/externalLink',
    keys: ['message'],
    arrange: async () => as(alice, { userId: alice.id, linkType: 'natmal', wordId: headword.id }),
  },
  {
    method: 'POST',
    path: '/api/dic/wordbook/insertWordbookItem',
    envelope: 'params',
    keys: ['message'],
    arrange: async () =>
      as(alice, {
        userId: alice.id,
        pyojaeId: headword.id,
        word: headword.word,
        hanja: headword.hanja,
        linkUrl: `/dictionary/Search/${headword.id}`,
      }),
  },
  {
    method: 'POST',
    path: '/api/dic/wordbook/searchWordbookItems',
    envelope: 'params',
    keys: ['wordBookItems', 'totalPages', 'totalElements'],
    arrange: async () => as(alice, { userId: alice.id, pageSize: 10, pageNum: 0 }),
  },
  {
    method: 'POST',
    path: '/api/dic/wordbook/deleteWordbookItem',
    envelope: 'params',
    keys: ['message'],
    arrange: async () => {
      const who = await member(call, 'wordbook');
      const saved = await call(who, 'POST', '/api/dic/wordbook/insertWordbookItem', {
        pyojaeId: headword.id,
        word: headword.word,
      });
      return as(who, { userId: who.id, itemId: saved.body.itemId });
    },
  },
  {
    method: 'GET',
    path: '/api/dic/wordbook/export',
    keys: [],
    arrange: async () => as(alice, { format: 'csv' }),
  },
  {
    method: 'POST',
    path: '/api/dic/order/selectOrderItems',
    keys: ['orderItems'],
    arrange: async () => as(null),
  },

  // §7.3 Payment, usage, coupons
  { method: 'GET', path: '/api/pay/config', keys: ['impCode'], arrange: async () => as(null) },
  { method: 'GET', path: '/api/pay/products', keys: ['orderItems'], arrange: async () => as(null) },
  {
    method: 'POST',
    path: '/api/pay/order/create',
    keys: ['merchant_uid'],
    arrange: async () =>
      as(alice, {
        id: passItem.ITEM_ID,
        title: passItem.NAME,
        amount: passItem.AMOUNT,
        type: passItem.TYPE,
        pg: 'html5_inicis',
        pay_method: 'card',
        user: alice.id,
      }),
  },
  {
    method: 'POST',
    path: '/api/pay/order/complete',
    keys: ['status', 'merchant_uid'],
    arrange: async () => {
      const who = await member(call, 'complete');
      const paid = await pay.paidOrder(who);
      return as(who, { imp_uid: paid.impUid, merchant_uid: paid.merchantUid });
    },
  },
  {
    method: 'GET',
    path: '/api/pay/order/complete',
    keys: ['status', 'merchant_uid'],
    arrange: async () => {
      const who = await member(call, 'mobile');
      const paid = await pay.paidOrder(who);
      return as(who, { imp_uid: paid.impUid, merchant_uid: paid.merchantUid, imp_success: 'true' });
    },
  },
  {
    method: 'POST',
    path: '/api/pay/order/fail',
    keys: ['status', 'message'],
    arrange: async () => {
      const order = await call(alice, 'POST', '/api/pay/order/create', { id: passItem.ITEM_ID, pay_method: 'card' });
      return as(alice, { imp_uid: '', merchant_uid: order.body.merchant_uid, error_msg: '카드 거절' });
    },
  },
  {
    method: 'POST',
    path: '/api/pay/order/usedSuccess',
    keys: ['status', 'redirect'],
    arrange: async () => {
      const who = await member(call, 'used');
      const paid = await pay.buyPass(who);
      return as(who, { merchant_uid: paid.merchantUid, user: who.id });
    },
  },
  {
    method: 'POST',
    path: '/api/pay/order/cancel',
    keys: ['status', 'item'],
    arrange: async () => {
      const who = await member(call, 'refund');
      const paid = await pay.buyPass(who);
      return as(who, { merchant_uid: paid.merchantUid, reason: '계약 테스트' });
    },
  },
  {
    method: 'POST',
    path: '/api/pay/webhook',
    keys: ['status'],
    arrange: async () => {
      const who = await member(call, 'webhook');
      const paid = await pay.paidOrder(who);
      return as(null, { imp_uid: paid.impUid, merchant_uid: paid.merchantUid });
    },
  },
  {
    method: 'GET',
    path: '/api/used/isUsed',
    keys: ['status', 'used'],
    arrange: async () => as(subscriber, { id: subscriber.id }),
  },
  {
    method: 'POST',
    path: '/api/used/isUsedByManager',
    keys: ['status', 'used'],
    arrange: async () => as(adminUser, { userId: subscriber.id }),
  },
  {
    method: 'GET',
    path: '/api/used/isUsedRemain',
    keys: ['status', 'used'],
    arrange: async () => as(subscriber),
  },
  {
    method: 'POST',
    path: '/api/used/usedList',
    keys: ['total', 'datas'],
    arrange: async () => as(subscriber, { userId: subscriber.id, pageSize: 10, pageNum: 0 }),
  },
  {
    method: 'POST',
    path: '/api/used/paymentLists',
    keys: ['total', 'datas'],
    arrange: async () => as(subscriber, { userId: subscriber.id, pageSize: 10, pageNum: 0 }),
  },
  {
    method: 'POST',
    path: '/api/used/onOff',
    keys: ['status', 'autoRenew'],
    arrange: async () => {
      const { who } = await newSubscriber('onoff');
      return as(who, { onOff: 'OFF' });
    },
  },
  {
    method: 'POST',
    path: '/api/coupon/use',
    keys: ['status', 'message'],
    arrange: async () => {
      const who = await member(call, 'couponuse');
      const c = await coupon(who);
      return as(who, { userId: who.id, couponId: c.ID, couponCode: c.COUPON_CODE });
    },
  },
  {
    method: 'POST',
    path: '/api/coupon/list',
    keys: ['totalCount', 'datas'],
    arrange: async () => as(alice, { userId: alice.id, pageSize: 10, pageNum: 0 }),
  },
  {
    method: 'POST',
    path: '/api/coupon/referralRewards',
    keys: ['joinCount', 'datas'],
    arrange: async () => as(alice),
  },
  {
    method: 'GET',
    path: '/subscribe/generate-merchant-uid',
    keys: ['merchant_uid'],
    arrange: async () => as(alice),
  },
  {
    method: 'POST',
    path: '/subscribe/{product}-billings',
    envelope: 'paymentDataFromPG',
    keys: ['code', 'message'],
    arrange: async () => {
      const who = await member(call, 'billings');
      const ids = await pay.registeredSubscription(who);
      return {
        ...as(who, { merchant_uid: ids.merchantUid, customer_uid: ids.customerUid }),
        target: '/subscribe/basic-billings',
      };
    },
  },
  {
    method: 'GET',
    path: '/subscribe/{product}-billings',
    keys: ['code', 'message'],
    arrange: async () => {
      const s = await newSubscriber('billingsget');
      return {
        ...as(s.who, { merchant_uid: s.merchantUid, customer_uid: s.customerUid, imp_success: 'true' }),
        target: '/subscribe/basic-billings',
      };
    },
  },
  {
    method: 'POST',
    path: '/subscribe/payments/initializeDatabase',
    envelope: 'paymentData',
    keys: ['code', 'data'],
    arrange: async (shape) => {
      const who = await member(call, 'initialize');
      const ids = await call(who, 'GET', '/subscribe/generate-merchant-uid');
      const paymentData = { merchant_uid: ids.body.merchant_uid, customer_uid: ids.body.customer_uid };
      // The query string carries the item as its id; a body carries the product object and the stored user.
      if (shape === 'query') return as(who, { ...paymentData, item: 6, user: who.id });
      const beside = { item: { ITEM_ID: 6 }, user: { id: who.id, userEmail: who.email } };
      return shape === 'flat' ? as(who, { ...paymentData, ...beside }) : { ...as(who, paymentData), beside };
    },
  },
  {
    method: 'POST',
    path: '/subscribe/user-cancel-payments',
    keys: ['code', 'message'],
    arrange: async () => {
      const s = await newSubscriber('cancelpay');
      return as(s.who, { merchant_uid: s.merchantUid });
    },
  },
  {
    method: 'POST',
    path: '/subscribe/info',
    keys: ['code', 'data'],
    arrange: async () => as(subscriber, { customer_uid: subscription.customerUid, item_id: 6, user_id: subscriber.id }),
  },
  {
    method: 'GET',
    path: '/subscribe/info',
    keys: ['code', 'data'],
    arrange: async () => as(subscriber, { customer_uid: subscription.customerUid }),
  },
  {
    method: 'POST',
    path: '/subscribe/user-cancel-subscribe',
    keys: ['code', 'message'],
    arrange: async () => {
      const s = await newSubscriber('cancelsub');
      return as(s.who, { customer_uid: s.customerUid, reason: '계약 테스트' });
    },
  },
  {
    method: 'POST',
    path: '/subscribe/payments/admin-cancel',
    keys: ['code', 'message'],
    arrange: async () => {
      const s = await newSubscriber('admincancel');
      return as(adminUser, { merchant_uid: s.merchantUid, customer_uid: s.customerUid, reason: '계약 테스트' });
    },
  },
  {
    method: 'POST',
    path: '/subscribe/payments/admin-success',
    keys: ['code'],
    arrange: async () => as(adminUser, { merchant_uid: subscription.merchantUid }),
  },
  {
    method: 'POST',
    path: '/subscribe/payments/downgrade',
    keys: ['code', 'message'],
    arrange: async () => as((await newSubscriber('downgrade')).who),
  },
  {
    method: 'POST',
    path: '/subscribe/payments/get-payment',
    keys: ['code', 'data'],
    arrange: async () => as(subscriber, { merchant_uid: subscription.merchantUid }),
  },
  {
    method: 'POST',
    path: '/subscribe/payments/find-payment',
    keys: ['code', 'data'],
    arrange: async () => as(subscriber, { merchant_uid: subscription.merchantUid }),
  },

  // §7.4 Administrator and gift (body shaped as params)
  {
    method: 'POST',
    path: '/api/sys/presentCouponItem',
    envelope: 'params',
    keys: ['status', 'message'],
    arrange: async () => {
      const c = await coupon(alice);
      return as(alice, { couponId: c.ID, userId: alice.id, targetUserId: subscriber.id, status: 'PRESENT' });
    },
  },
  {
    method: 'POST',
    path: '/api/sys/selectUserItems',
    envelope: 'params',
    keys: ['data'],
    arrange: async () => as(adminUser, { userId: alice.id }),
  },
  {
    method: 'POST',
    path: '/api/sys/searchUserItems',
    envelope: 'params',
    keys: ['datas', 'searchTotal', 'userTotal', 'paidTotal', 'freeTotal'],
    arrange: async () =>
      as(adminUser, { userStatus: 'ALL', userCol: 'email', searchName: alice.email, pageSize: 10, pageNum: 0 }),
    check: (body) => expect(body.datas).toEqual([expect.objectContaining({ USEREMAIL: alice.email })]),
  },
  {
    method: 'POST',
    path: '/api/sys/updateUserItem',
    envelope: 'params',
    keys: ['message'],
    arrange: async () => as(adminUser, { userId: alice.id, userCheckEmail: 'T' }),
  },
  {
    method: 'POST',
    path: '/api/sys/deleteUserItem',
    envelope: 'params',
    keys: ['message'],
    arrange: async () => {
      const email = newEmail('deleted');
      await call(null, 'POST', '/api/user/join', joinBody(email));
      const found = await call(adminUser, 'POST', '/api/sys/searchUserItems', { userCol: 'email', searchName: email });
      return as(adminUser, { userId: (found.body.datas as Array<{ ID: number }>)[0]!.ID });
    },
  },
  {
    method: 'POST',
    path: '/api/sys/insertUserOrderItem',
    envelope: 'params',
    keys: ['message'],
    arrange: async () => {
      const who = await member(call, 'granted');
      return as(adminUser, { userId: who.id, orderType: passItem.ITEM_ID });
    },
  },
  {
    method: 'POST',
    path: '/api/sys/selectUserOrderItems',
    envelope: 'params',
    keys: ['datas', 'total'],
    arrange: async () => as(adminUser, { userId: subscriber.id, pageSize: 10, pageNum: 0 }),
  },
  {
    method: 'POST',
    path: '/api/sys/selectPaymentItems',
    envelope: 'params',
    keys: ['datas', 'totalCount'],
    arrange: async () =>
      as(adminUser, { userCol: 'useremail', searchName: subscriber.email, pageSize: 10, pageNum: 0 }),
    check: (body) => {
      const rows = body.datas as Array<{ USEREMAIL: string }>;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((r) => r.USEREMAIL !== subscriber.email)).toEqual([]);
    },
  },
  {
    method: 'POST',
    path: '/api/sys/order/cancel',
    envelope: 'data',
    keys: ['status', 'message'],
    arrange: async () => {
      const who = await member(call, 'adminrefund');
      const paid = await pay.buyPass(who);
      return as(adminUser, { merchant_uid: paid.merchantUid, reason: '계약 테스트' });
    },
    check: (body) => expect(body.status).toBe('success'),
  },
  {
    method: 'POST',
    path: '/api/sys/subscribe/admin-cancel',
    envelope: 'params',
    keys: ['status', 'message'],
    arrange: async () => {
      const s = await newSubscriber('sysadmincancel');
      return as(adminUser, { merchant_uid: s.merchantUid, customer_uid: s.customerUid, reason: '계약 테스트' });
    },
  },
  {
    method: 'POST',
    path: '/api/sys/subscribe/user-cancel',
    envelope: 'params',
    keys: ['status', 'message'],
    arrange: async () => {
      const s = await newSubscriber('sysusercancel');
      return as(adminUser, { customer_uid: s.customerUid });
    },
  },
  {
    method: 'POST',
    path: '/api/sys/selectCouponGroupItems',
    envelope: 'params',
    keys: ['datas', 'totalCount'],
    arrange: async () => as(adminUser, { couponStatus: 'ALL', searchName: `계약양식${run}`, pageSize: 10, pageNum: 0 }),
  },
  {
    method: 'POST',
    path: '/api/sys/checkCouponOverlap',
    envelope: 'params',
    keys: ['error', 'message'],
    arrange: async () => as(adminUser, { couponName: `계약중복${run}` }),
  },
  {
    method: 'POST',
    path: '/api/sys/insertCouponGroupItem',
    envelope: 'params',
    keys: ['message', 'totalCount'],
    arrange: async () =>
      as(adminUser, {
        userId: adminUser.id,
        couponType: passItem.ITEM_ID,
        couponName: `계약그룹${run}${randomBytes(3).toString('hex')}`,
        note: '계약 테스트',
        createCount: 1,
      }),
  },
  {
    method: 'POST',
    path: '/api/sys/updateCouponGroupItem',
    envelope: 'params',
    keys: ['message'],
    arrange: async () =>
      as(adminUser, { couponGroupId: couponGroup, couponName: `계약양식${run}`, note: '계약 테스트' }),
  },
  {
    method: 'POST',
    path: '/api/sys/insertCouponItems',
    envelope: 'params',
    keys: ['message', 'totalCount'],
    arrange: async () => as(adminUser, { userId: adminUser.id, couponGroupId: couponGroup, createCount: 1 }),
  },
  {
    method: 'POST',
    path: '/api/sys/deleteCouponItem',
    envelope: 'params',
    keys: ['message'],
    arrange: async () => as(adminUser, { couponId: (await coupon()).ID, groupId: couponGroup }),
  },
  {
    method: 'POST',
    path: '/api/sys/selectCouponItems',
    envelope: 'params',
    keys: ['datas', 'totalCount'],
    arrange: async () => as(adminUser, { couponGroupId: couponGroup, couponStatus: 'ALL', pageSize: 10, pageNum: 0 }),
  },
  {
    method: 'POST',
    path: '/api/sys/updateCouponItem',
    envelope: 'params',
    keys: ['message'],
    arrange: async () =>
      as(adminUser, { couponId: (await coupon()).ID, userId: alice.id, status: 'USING', issueDate: day(0) }),
  },
  {
    method: 'POST',
    path: '/api/sys/selectUserJoinStatistic',
    envelope: 'params',
    keys: ['datas', 'totalUserCount', 'totalPaidUserCount'],
    arrange: async () => as(adminUser, { startDate: day(-5), endDate: day(0) }),
  },
  {
    method: 'POST',
    path: '/api/sys/selectUserConnectStatistic',
    envelope: 'params',
    keys: ['datas'],
    arrange: async () => as(adminUser, { startDate: day(-5), endDate: day(0) }),
  },
  {
    method: 'POST',
    path: '/api/sys/selectSearchStatistic',
    envelope: 'params',
    keys: ['datas'],
    arrange: async () => as(adminUser, { startDate: day(-5), endDate: day(0) }),
  },
  {
    method: 'POST',
    path: '/api/sys/selectSearchWordStatistic',
    envelope: 'params',
    keys: ['datas'],
    arrange: async () => as(adminUser, { searchCount: 10 }),
  },
  {
    method: 'POST',
    path: '/api/sys/selectUserSearchHistory',
    envelope: 'params',
    keys: ['datas', 'totalCount'],
    arrange: async () => as(adminUser, { userId: alice.id, pageSize: 10, pageNum: 0 }),
  },
];

/** Every form of a row: a GET only as a query string; a POST flat, as a query string, and in its envelope. */
const formsOf = (row: Row): Shape[] =>
  row.method === 'GET' ? ['query'] : ['flat', 'query', ...(row.envelope ? [row.envelope] : [])];

const CASES = ROWS.flatMap((row) =>
  formsOf(row).map(
    (shape) => [`${row.method} ${row.path}${row.label ? ` (${row.label})` : ''} — ${shape}`, row, shape] as const,
  ),
);

test.each(CASES)('%s', async (_name, row, shape) => {
  const a = await row.arrange(shape);
  const reply = await call(a.who, row.method, a.target ?? row.path, a.fields, {
    shape,
    beside: a.beside,
    doc: row.path,
    status: row.status ?? 200,
  });
  if (reply.contentType.startsWith('application/json')) {
    expect(Object.keys(reply.body)).toEqual(expect.arrayContaining([...row.keys]));
    row.check?.(reply.body);
  } else {
    expect(reply.text.length).toBeGreaterThan(0);
  }
});

test('the table names every documented operation', () => {
  const tabled = new Set(ROWS.map((r) => `${r.method} ${r.path}`));
  expect(OPERATIONS.filter((op) => !tabled.has(op))).toEqual([]);
});

// A withdrawn member's payments in the administrator's screens: the payment
// records stay (전자상거래법: 대금결제 기록 5년), marked 탈퇴 회원 without the personal data the
// account service erased, and the withdrawal ends their passes, so nothing says 사용중 any more.
// Real PostgreSQL, Kafka (UserWithdrawn) and the PortOne sandbox.
import { BILLING_MESSAGES as M } from '@syn/kit/rules';
import { newEnvelope, PassStatus, type ValidEnvelope } from '@syn/proto';
import { accountProducer, buyPass, CARDS, couponConsumerApplied, startHarness, type Harness } from './harness';

jest.setTimeout(120_000);

// Users 947000–947999 belong to this file; 947000 is the administrator.
const U = 947_000;
const ADMIN = { user: U, grade: 0 };
let h: Harness;
const producer = accountProducer('billing-admin-withdrawn-test');

beforeAll(async () => {
  h = await startHarness(U);
  await producer.connect();
});
afterAll(async () => {
  await producer.disconnect();
  await h?.stop();
});

const withdrawn = (userId: number) =>
  newEnvelope({ producer: 'account', key: String(userId), event: { case: 'userWithdrawn', value: { userId } } });

/** Publishes as the account service does and waits until billing's consumer has applied them. */
async function deliver(...envs: ValidEnvelope[]): Promise<void> {
  await producer.send(h, ...envs);
  await couponConsumerApplied(h, [...new Set(envs.map((e) => e.id))]);
}

type PaymentRow = Record<string, unknown> & { MERCHANT_UID: string };
async function payments(userCol: string, searchName: string): Promise<PaymentRow[]> {
  const r = await h.call('POST', '/api/sys/selectPaymentItems', {
    ...ADMIN,
    body: { params: { userCol, searchName, pageNum: 0, pageSize: 10 } },
  });
  expect(r.status).toBe(200);
  return r.body.datas as PaymentRow[];
}

async function orderRows(userId: number) {
  const r = await h.call('POST', '/api/sys/selectUserOrderItems', {
    ...ADMIN,
    body: { params: { userId, pageNum: 0, pageSize: 10 } },
  });
  expect(r.status).toBe(200);
  return r.body as {
    datas: { MERCHANT_UID: string | null; STATUS: string; START_DATE: string; END_DATE: string }[];
  } & {
    status: string;
  };
}

async function subscribe(user: number): Promise<string> {
  const gen = await h.call('GET', '/subscribe/generate-merchant-uid', { user });
  const { merchant_uid, customer_uid } = gen.body as { merchant_uid: string; customer_uid: string };
  await h.checkout({ merchant_uid, customer_uid, amount: 0 }, CARDS.ok);
  const billed = await h.call('POST', '/subscribe/basic-billings', { user, body: { merchant_uid, customer_uid } });
  expect(billed.status).toBe(200);
  return merchant_uid;
}

it('when a member withdraws, then their payments stay in the admin list as 탈퇴 회원 and their passes end', async () => {
  const member = U + 1;
  const subscriber = U + 2;
  const email = `member${member}@test.syndict.local`;

  // A pass bought, and one the administrator granted waiting behind it (STANDBY). A subscriber pays monthly.
  const first = await buyPass(h, member, 1);
  expect(first.completed.status).toBe(200);
  const granted = await h.call('POST', '/api/sys/insertUserOrderItem', {
    ...ADMIN,
    body: { userId: member, orderType: 2 },
  });
  expect(granted.body.status).toBe('STANDBY');
  const monthly = await subscribe(subscriber);
  expect((await orderRows(member)).datas.map((r) => r.STATUS).sort()).toEqual(['STANDBY', 'START']);

  const [before] = await payments('MERCHANT_UID', first.merchantUid);
  expect(before).toMatchObject({ USEREMAIL: email, USERNAME: `회원${member}`, WITHDRAWN: false, U_STATUS: 'START' });

  // The account service erases them (its lookup no longer finds them) and publishes UserWithdrawn.
  h.users.delete(member);
  h.users.delete(subscriber);
  await deliver(withdrawn(member), withdrawn(subscriber));
  const eventsBefore = (await h.events(member)).length;

  // Every payment is still listed, by the searches an administrator has left: order number and member id.
  const byUser = await payments('USER_ID', String(member));
  expect(byUser.map((r) => r.MERCHANT_UID)).toEqual([first.merchantUid]);
  for (const row of [...byUser, ...(await payments('MERCHANT_UID', monthly))]) {
    expect(row).toMatchObject({
      USEREMAIL: null,
      USERNAME: M.withdrawnMember,
      WITHDRAWN: true,
      P_STATUS: '결제완료',
      O_STATUS: 'SUCCESS',
      U_STATUS: 'EXPIRED',
      REFUND: null,
    });
  }
  // The erased email finds nothing: the record keeps only the member id.
  expect(await payments('USEREMAIL', email)).toEqual([]);

  // Their passes show the state the withdrawal left: ended, none in use or waiting.
  const orders = await orderRows(member);
  expect(orders.status).toBe('none');
  expect(orders.datas.map((r) => r.STATUS)).toEqual(['EXPIRED', 'EXPIRED']);
  for (const r of orders.datas) expect(r.START_DATE <= r.END_DATE).toBe(true);
  const banner = await h.call('POST', '/api/used/isUsedByManager', { ...ADMIN, body: { userId: subscriber } });
  expect(banner.body).toMatchObject({ status: 'none', used: null });
  // Other services hear of it as of any pass change.
  const changed = (await h.events(member)).filter((e) => e.event.case === 'passChanged').slice(-2);
  expect(changed.map((e) => (e.event.case === 'passChanged' ? e.event.value.status : null))).toEqual([
    PassStatus.EXPIRED,
    PassStatus.EXPIRED,
  ]);
  expect(
    await h.sql(
      `SELECT count(*)::int AS n FROM billing.passes WHERE user_id = $1 AND status IN ('START', 'STANDBY', 'LOCK')`,
      [member],
    ),
  ).toEqual([{ n: 0 }]);

  // A redelivery finds nothing left to change.
  await deliver(withdrawn(member));
  expect((await h.events(member)).length).toBe(eventsBefore);

  // The payment can still be refunded by the administrator (the record is the member's money).
  const refund = await h.call('POST', '/api/sys/order/cancel', {
    ...ADMIN,
    body: { data: { merchant_uid: first.merchantUid, reason: '탈퇴 회원 환불' } },
  });
  expect([refund.status, refund.body.message]).toEqual([200, M.refunded]);
  const [refunded] = await payments('MERCHANT_UID', first.merchantUid);
  expect(refunded).toMatchObject({ WITHDRAWN: true, REFUND: '환불완료', O_STATUS: 'CANCEL', U_STATUS: 'EXPIRED' });
});

it('when the account service cannot find a member who never withdrew, then the row is not marked 탈퇴 회원', async () => {
  const member = U + 3;
  const { merchantUid } = await buyPass(h, member, 1);
  // Not found is not withdrawn: the account service may be down, or the row not yet visible.
  h.users.delete(member);
  const [row] = await payments('MERCHANT_UID', merchantUid);
  expect(row).toMatchObject({ USEREMAIL: null, USERNAME: null, WITHDRAWN: false, U_STATUS: 'START' });
});

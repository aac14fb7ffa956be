import { PassStatus } from '@syn/proto';
import { BILLING_MESSAGES as M } from '@syn/kit/rules';
import { buyPass, CARDS, DAY, MAILDEV_URL, startHarness, subscribe as subscribeWith, type Harness } from './harness';

// Users 820000–820999 belong to this file.
const U = 820_000;
let h: Harness;
beforeAll(async () => {
  h = await startHarness(U);
});
afterAll(async () => {
  await h?.stop();
});
afterEach(() => {
  h.clock.set(new Date());
});

async function subscribe(user: number, card = CARDS.ok) {
  const r = await subscribeWith(h, user, card);
  return { merchant_uid: r.merchantUid, customer_uid: r.customerUid, rsp: r.rsp, billed: r.billed };
}

const passOf = async (user: number) =>
  (
    await h.sql<{ status: string; end_date: Date; lock_date: Date | null }>(
      `SELECT status, end_date, lock_date FROM billing.passes WHERE user_id = $1`,
      [user],
    )
  )[0];

const renewals = async (user: number, status: string) =>
  (await h.sql(`SELECT 1 FROM billing.orders WHERE user_id = $1 AND kind = 'RENEWAL' AND status = $2`, [user, status]))
    .length;

async function mailsTo(address: string): Promise<{ subject: string }[]> {
  const res = await fetch(`${MAILDEV_URL}/email`);
  const all = (await res.json()) as { subject: string; to: { address: string }[] }[];
  return all.filter((m) => m.to.some((t) => t.address === address));
}

describe('monthly subscription', () => {
  it('when a member registers a card, then the first month is charged and a pass starts with auto-renewal', async () => {
    const user = U + 1;
    const { customer_uid, billed } = await subscribe(user);
    expect(customer_uid).toBe(`syn_6_${user}`);
    expect(billed.status).toBe(200);
    expect(billed.body).toMatchObject({ code: 'success', status: 'success', used: { STATUS: 'START' } });
    const info = await h.call('POST', '/subscribe/info', { user, body: { customer_uid, item_id: 6, user_id: user } });
    expect(info.body).toMatchObject({
      code: 'success',
      data: { CUSTOMER_UID: customer_uid, STATUS: 'START', PASS_STATUS: 'START' },
    });
    const events = await h.events(user);
    expect(events.map((e) => e.event.case)).toEqual(['paymentCompleted', 'passChanged']);
    expect(events[0]!.event.case === 'paymentCompleted' && events[0]!.event.value.amount).toBe(3000);
  });

  it("when another member asks about someone's subscription, then it is not shown", async () => {
    const r = await h.call('POST', '/subscribe/info', { user: U + 2, body: { customer_uid: `syn_6_${U + 1}` } });
    expect(r.status).toBe(404);
  });

  it('when the month ends, then the scheduler renews through subscribe/payments/again and extends the pass', async () => {
    const user = U + 3;
    await subscribe(user);
    const before = (await passOf(user))!;
    h.clock.set(new Date(before.end_date.getTime() + 60_000));
    const report = await h.runJobs();
    expect(report.renewed).toBeGreaterThanOrEqual(1);
    expect(await renewals(user, 'SUCCESS')).toBe(1);
    const after = (await passOf(user))!;
    expect(after.status).toBe('START');
    expect(after.end_date.getTime() - before.end_date.getTime()).toBeGreaterThanOrEqual(28 * DAY);
    const paid = (await h.events(user)).filter((e) => e.event.case === 'paymentCompleted');
    expect(paid).toHaveLength(2);
    // Running again at the same time does nothing more.
    await h.runJobs();
    expect(await renewals(user, 'SUCCESS')).toBe(1);
  });

  it('when two replicas run the due jobs at the same moment, then the renewal is charged once', async () => {
    const user = U + 13;
    const { customer_uid } = await subscribe(user);
    const end = (await passOf(user))!.end_date;
    h.clock.set(new Date(end.getTime() + 60_000));
    const other = h.svc.built;
    await Promise.all([h.runJobs(), other.runDueJobs(h.clock.now(), h.scope), h.runJobs()]);
    expect(await renewals(user, 'SUCCESS')).toBe(1);
    const state = (await (await fetch(`${h.sandbox.url}/sandbox/state`)).json()) as {
      response: { payments: Record<string, { customer_uid: string | null; status: string }> };
    };
    const charges = Object.values(state.response.payments).filter(
      (p) => p.customer_uid === customer_uid && p.status === 'paid',
    );
    expect(charges).toHaveLength(2); // first month + one renewal
  });

  it('when a renewal is declined once, then it is retried after the back-off and succeeds', async () => {
    const user = U + 4;
    await subscribe(user, CARDS.declineOnce);
    const end = (await passOf(user))!.end_date;
    h.clock.set(new Date(end.getTime() + 1000));
    await h.runJobs();
    expect([await renewals(user, 'FAIL'), await renewals(user, 'SUCCESS')]).toEqual([1, 0]);
    expect((await passOf(user))!.status).toBe('START'); // grace while retrying
    h.clock.advance(30 * 60_000);
    await h.runJobs();
    expect([await renewals(user, 'FAIL'), await renewals(user, 'SUCCESS')]).toEqual([1, 0]); // not yet due
    h.clock.advance(31 * 60_000);
    await h.runJobs();
    expect([await renewals(user, 'FAIL'), await renewals(user, 'SUCCESS')]).toEqual([1, 1]);
    expect((await passOf(user))!.end_date.getTime()).toBeGreaterThan(end.getTime());
  });

  it('when every renewal attempt is declined, then the pass goes LOCK, PassChanged says so and the member is mailed', async () => {
    const user = U + 5;
    await subscribe(user, CARDS.declineRenewals);
    const end = (await passOf(user))!.end_date;
    h.clock.set(new Date(end.getTime() + 1000));
    await h.runJobs();
    expect(await renewals(user, 'FAIL')).toBe(1);
    h.clock.advance(61 * 60_000);
    await h.runJobs();
    expect(await renewals(user, 'FAIL')).toBe(2);
    expect((await passOf(user))!.status).toBe('START');
    h.clock.advance(361 * 60_000);
    expect((await h.runJobs()).locked).toBeGreaterThanOrEqual(1);
    const pass = (await passOf(user))!;
    expect(pass.status).toBe('LOCK');
    expect(pass.lock_date).not.toBeNull();
    const last = (await h.events(user)).at(-1)!;
    expect(last.event.case === 'passChanged' && last.event.value.status).toBe(PassStatus.LOCK);
    const failed = await h.sql(
      `SELECT 1 FROM billing.orders WHERE user_id = $1 AND kind = 'RENEWAL' AND status = 'FAIL'`,
      [user],
    );
    expect(failed).toHaveLength(3);
    expect(h.directory.calls.some((ids) => ids.includes(user))).toBe(true);
    const mails = await mailsTo(`member${user}@test.syndict.local`);
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(mails[0]!.subject).toContain('정기 결제');
  });

  it('when the member cancels, then auto-billing stops, the pass runs to its end date and then expires', async () => {
    const user = U + 6;
    const { customer_uid } = await subscribe(user);
    const r = await h.call('POST', '/subscribe/user-cancel-subscribe', { user, body: { customer_uid, reason: '' } });
    expect(r.body).toMatchObject({
      code: 'success',
      message: M.subscriptionCancelled,
      data: { remainDays: expect.any(Number) },
    });
    expect((r.body.data as { remainDays: number }).remainDays).toBeGreaterThanOrEqual(28);
    const remain = await h.call('GET', '/api/used/isUsedRemain', { user });
    expect(remain.body).toMatchObject({ status: 'valid', autoRenew: false });
    const end = (await passOf(user))!.end_date;
    h.clock.set(new Date(end.getTime() + 1000));
    expect((await h.runJobs()).expired).toBeGreaterThanOrEqual(1);
    expect((await passOf(user))!.status).toBe('EXPIRED');
    expect(await h.sql(`SELECT 1 FROM billing.orders WHERE user_id = $1 AND kind = 'RENEWAL'`, [user])).toHaveLength(0);
  });

  it("when a member tries to cancel someone else's subscription, then it is not found", async () => {
    const user = U + 7;
    const { customer_uid } = await subscribe(user);
    const r = await h.call('POST', '/subscribe/user-cancel-subscribe', { user: U + 8, body: { customer_uid } });
    expect(r.status).toBe(404);
    expect((await h.call('POST', '/subscribe/info', { user, body: { customer_uid } })).body).toMatchObject({
      data: { STATUS: 'START' },
    });
  });

  it('when the card cannot be registered, then the subscription answers code fail and grants nothing', async () => {
    const user = U + 9;
    const { rsp, billed } = await subscribe(user, CARDS.declined);
    expect(rsp.success).toBe(false);
    expect(billed.status).toBe(400);
    expect(billed.body).toMatchObject({ error: true, code: 'fail', message: M.recurringUnavailable });
    expect((await h.call('GET', '/api/used/isUsed', { user })).body.status).toBe('none');
  });

  it('when a member with a pass in use subscribes, then it is refused', async () => {
    const user = U + 10;
    await buyPass(h, user, 1);
    const { billed } = await subscribe(user);
    expect(billed.status).toBe(409);
    expect(billed.body.message).toBe(M.passInUse);
  });

  it('when the ready record is written first (initializeDatabase), then billings charges that same order', async () => {
    const user = U + 12;
    const gen = await h.call('GET', '/subscribe/generate-merchant-uid', { user });
    const { merchant_uid, customer_uid } = gen.body as { merchant_uid: string; customer_uid: string };
    const init = await h.call('POST', '/subscribe/payments/initializeDatabase', {
      user,
      body: { paymentData: { merchant_uid }, item: { ITEM_ID: 6 }, user: { id: 1 } },
    });
    expect(init.body).toMatchObject({
      code: 'success',
      data: { MERCHANT_UID: merchant_uid, ITEM_ID: 6, AMOUNT: 3000, STATUS: 'STANDBY' },
    });
    await h.checkout({ merchant_uid, customer_uid, amount: 0 }, CARDS.ok);
    const billed = await h.call('POST', '/subscribe/basic-billings', { user, body: { merchant_uid, customer_uid } });
    expect(billed.body.code).toBe('success');
    expect(await h.sql(`SELECT status, user_id FROM billing.orders WHERE user_id = $1`, [user])).toEqual([
      { status: 'SUCCESS', user_id: user },
    ]);
  });

  it('when billings is sent twice for one merchant_uid, then the month is charged once', async () => {
    const user = U + 11;
    const { merchant_uid, customer_uid } = await subscribe(user);
    const again = await h.call('POST', '/subscribe/basic-billings', { user, body: { merchant_uid, customer_uid } });
    expect(again.body.code).toBe('success');
    expect(await h.sql(`SELECT 1 FROM billing.orders WHERE user_id = $1`, [user])).toHaveLength(1);
  });
});

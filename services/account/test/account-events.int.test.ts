// Events on real Kafka: UserJoined / UserConfirmed / UserLoggedIn / UserWithdrawn published through the outbox,
// withdrawal removing personal data, and billing's PassChanged projected into `validate`.
import { createKafka, createLogger, currentDeviceKey } from '@syn/kit';
import { ACCOUNT_MESSAGES as M } from '@syn/kit/rules';
import {
  decodeEnvelope,
  encodeEnvelope,
  newEnvelope,
  PassStatus,
  timestampFromDate,
  type ValidEnvelope,
} from '@syn/proto';
import type { Consumer, Producer } from 'kafkajs';
import { TEXT } from '../src/domain/messages';
import { joinBody, joinedMember, post, startAccount, until, KAFKA_BROKERS, type Member, type Running } from './support';

// jest ignores testTimeout inside `projects`; real servers need more than the 5 s default.
jest.setTimeout(60_000);

let run: Running;
let consumer: Consumer;
let producer: Producer;
const seen: ValidEnvelope[] = [];
const kafka = createKafka('account-test', KAFKA_BROKERS.split(','), createLogger('account-test', 'silent'));

beforeAll(async () => {
  run = await startAccount();
  consumer = kafka.consumer({ groupId: `${run.prefix}test-reader` });
  await consumer.connect();
  await consumer.subscribe({ topic: `${run.prefix}account.events`, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      if (message.value) seen.push(decodeEnvelope(message.value));
    },
  });
  producer = kafka.producer();
  await producer.connect();
});
afterAll(async () => {
  await consumer?.disconnect();
  await producer?.disconnect();
  await run?.svc.stop();
});

const pool = () => run.svc.deps.pool!;
const redis = () => run.svc.deps.redis!;
const eventFor = <C extends ValidEnvelope['event']['case']>(c: C, userId: number) =>
  until(`${c} for ${userId}`, async () =>
    seen.find(
      (e): e is ValidEnvelope<C> => e.event.case === c && (e.event.value as { userId: number }).userId === userId,
    ),
  );

describe('published facts', () => {
  test('when a recommended member joins and logs in, then UserJoined and UserLoggedIn reach Kafka', async () => {
    const friend = await joinedMember(run);
    const m = await joinedMember(run, { recommendUser: friend.email, recommendUserId: friend.id });
    const joined = await eventFor('userJoined', m.id);
    expect(joined.event.value).toMatchObject({ userId: m.id, recommenderUserId: friend.id, recommendType: 'NORMAL' });
    expect(joined.key).toBe(String(m.id));
    expect(joined.producer).toBe('account');
    const loggedIn = await eventFor('userLoggedIn', m.id);
    expect(loggedIn.event.value.sessionHash).toBe(m.as.sessionHash);
    expect(loggedIn.event.value.sessionHash).not.toBe(m.sid);
  });
});

describe('referral credit at the first confirmation', () => {
  const phone = () => `010${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;

  test('when a recommended member confirms, then UserConfirmed credits the recommender; a second account of the same phone credits nobody', async () => {
    const host = await joinedMember(run, { phone: phone() });
    const friendPhone = phone();
    const friend = await joinedMember(run, { phone: friendPhone, recommendUser: host.email, recommendUserId: host.id });
    const credited = await eventFor('userConfirmed', friend.id);
    expect(credited.event.value).toMatchObject({ userId: friend.id, recommenderUserId: host.id, referral: 'counted' });
    const again = await joinedMember(run, { phone: friendPhone, recommendUser: host.email, recommendUserId: host.id });
    const refused = await eventFor('userConfirmed', again.id);
    expect(refused.event.value).toMatchObject({ userId: again.id, recommenderUserId: 0, referral: 'existing-member' });
    const { rows } = await pool().query<{ member_id: number; phone_key: string }>(
      'SELECT member_id, phone_key FROM account.referral_credits WHERE recommender_id = $1',
      [host.id],
    );
    expect(rows.map((r) => r.member_id)).toEqual([friend.id]);
    // The ledger holds a keyed hash, never the number.
    expect(rows[0]!.phone_key).not.toContain(friendPhone.slice(3));
  });

  test('when a member who named nobody confirms, then UserConfirmed says none', async () => {
    const m = await joinedMember(run, { phone: phone() });
    expect((await eventFor('userConfirmed', m.id)).event.value).toMatchObject({
      recommenderUserId: 0,
      referral: 'none',
    });
  });
});

describe('withdrawal', () => {
  test.each([
    [{ userPw: '', reasonMain: '1', agreement: 'T' }, M.passwordRequired],
    [{ userPw: 'x', reasonMain: '', agreement: 'T' }, M.withdrawReason],
    [{ userPw: 'x', reasonMain: '1', agreement: 'F' }, M.withdrawAgreement],
    [{ userPw: 'x', reasonMain: '1' }, M.withdrawAgreement],
  ])('when insertUserCancelInfo gets %p, then it answers the rule message', async (body, message) => {
    const m = await joinedMember(run);
    expect(await post(run, '/api/user/insertUserCancelInfo', { userId: m.id, ...body }, { as: m.as })).toMatchObject({
      status: 400,
      body: { error: true, message },
    });
  });

  test('when the password is wrong, then nothing is closed', async () => {
    const m = await joinedMember(run);
    const res = await post(
      run,
      '/api/user/insertUserCancelInfo',
      { userId: m.id, userPw: 'wrong password', reasonMain: '1', agreement: 'T' },
      { as: m.as },
    );
    expect(res).toMatchObject({ status: 400, body: { message: TEXT.passwordWrong } });
    expect((await post(run, '/api/user/getUserInfo', {}, { as: m.as })).status).toBe(200);
  });

  test('when a member withdraws, then personal data is removed, sessions end and UserWithdrawn is published', async () => {
    const m = await joinedMember(run, { name: '박탈퇴', phone: '01099998888' });
    await post(run, '/api/user/updateUserConnectInfo', { userId: m.id, userAuthKey: 'device-key-1' }, { as: m.as });
    const res = await post(
      run,
      '/api/user/insertUserCancelInfo',
      {
        userId: m.id,
        userPw: m.password,
        userEmail: m.email,
        userName: '박탈퇴',
        reasonMain: '2',
        reasonSub: '자주 쓰지 않아요',
        agreement: 'T',
      },
      { as: m.as },
    );
    expect(res).toMatchObject({ status: 200, body: { message: TEXT.withdrawn } });
    expect(res.setCookie.some((c) => c.startsWith('sid=;'))).toBe(true);

    const { rows } = await pool().query('SELECT * FROM account.users WHERE id = $1', [m.id]);
    const row = rows[0] as Record<string, unknown>;
    expect(row.email).toBe(`withdrawn-${m.id}@invalid`);
    expect(row.name).toBe('');
    expect(row.phone).toBe('');
    expect(row.password_hash).toBe('');
    expect(row.device_key).toBe('');
    expect(row.withdrawn_at).not.toBeNull();
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(m.email);
    expect(dump).not.toContain('박탈퇴');
    expect(dump).not.toContain('01099998888');
    const { rows: tokens } = await pool().query('SELECT 1 FROM account.mail_tokens WHERE user_id = $1', [m.id]);
    expect(tokens).toEqual([]);
    const { rows: reasons } = await pool().query(
      'SELECT reason_main, reason_sub FROM account.withdrawals WHERE user_id = $1',
      [m.id],
    );
    expect(reasons).toEqual([{ reason_main: '2', reason_sub: '자주 쓰지 않아요' }]);

    expect(await redis().get(`session:${m.as.sessionHash}`)).toBeNull();
    expect(await redis().exists(`user-sessions:${m.id}`)).toBe(0);
    expect(await redis().get(currentDeviceKey(m.id))).toBeNull();
    expect((await post(run, '/api/user/login', { email: m.email, password: m.password })).status).toBe(401);
    // The address is free again.
    expect((await post(run, '/api/user/join', joinBody({ email: m.email }))).status).toBe(200);

    const withdrawn = await eventFor('userWithdrawn', m.id);
    expect(withdrawn.event.value.userId).toBe(m.id);
    expect(withdrawn.key).toBe(String(m.id));
  });
});

describe('paid status from billing PassChanged', () => {
  async function passChanged(userId: number, passId: number, status: PassStatus, end: Date, occurredAt = new Date()) {
    const env = newEnvelope({
      producer: 'billing',
      key: String(userId),
      occurredAt,
      event: {
        case: 'passChanged',
        value: {
          userId,
          passId,
          itemId: 6,
          status,
          startDate: timestampFromDate(new Date(Date.now() - 86_400_000)),
          endDate: timestampFromDate(end),
        },
      },
    });
    await producer.send({
      topic: `${run.prefix}billing.events`,
      messages: [{ key: env.key, value: Buffer.from(encodeEnvelope(env)), headers: { 'event-id': env.id } }],
    });
  }
  const validate = async (m: Member) => (await post(run, '/api/user/validate', { id: m.id }, { as: m.as })).body;
  const rowOf = (passId: number) =>
    until(`pass ${passId} projected`, async () => {
      const { rows } = await pool().query<{ status: string }>('SELECT status FROM account.passes WHERE pass_id = $1', [
        passId,
      ]);
      return rows[0];
    });

  test('when a START pass arrives, then validate says valid with its item; a later CANCEL makes it none', async () => {
    const m = await joinedMember(run);
    expect((await validate(m)).status).toBe('none');
    const passId = Math.floor(Math.random() * 1e9);
    const t0 = new Date();
    await passChanged(m.id, passId, PassStatus.START, new Date(Date.now() + 30 * 86_400_000), t0);
    const valid = await until('valid status', async () => {
      const body = await validate(m);
      return body.status === 'valid' ? body : undefined;
    });
    expect(valid).toMatchObject({ status: 'valid', item: 6, user: { id: m.id, status: 'valid', item: 6 } });
    expect((await post(run, '/api/user/getUserInfo', {}, { as: m.as })).body.user).toMatchObject({ status: 'valid' });

    await passChanged(m.id, passId, PassStatus.CANCEL, new Date(), new Date(t0.getTime() + 60_000));
    await until('none status', async () => ((await validate(m)).status === 'none' ? true : undefined));

    // An older START arriving late (same partition, so before the marker) does not undo the CANCEL.
    await passChanged(
      m.id,
      passId,
      PassStatus.START,
      new Date(Date.now() + 30 * 86_400_000),
      new Date(t0.getTime() + 30_000),
    );
    const marker = passId + 1;
    await passChanged(m.id, marker, PassStatus.EXPIRED, new Date());
    expect(await rowOf(marker)).toEqual({ status: 'EXPIRED' });
    expect(await rowOf(passId)).toEqual({ status: 'CANCEL' });
    expect((await validate(m)).status).toBe('none');
  });

  test('when a START pass has already ended, then the member is not paid', async () => {
    const m = await joinedMember(run);
    const passId = Math.floor(Math.random() * 1e9);
    await passChanged(m.id, passId, PassStatus.START, new Date(Date.now() - 1000));
    expect(await rowOf(passId)).toEqual({ status: 'START' });
    expect((await validate(m)).status).toBe('none');
  });
});

// Spec §4/§8, the one-device rule on the account service's side: a login holds no device until it
// claims one; a claim replaces every other session; logging out on the current device lets go.
import { currentDeviceKey, deviceStateOf, parseDeviceRecord, parseSession, type DeviceState } from '@syn/kit';
import { ACCOUNT_MESSAGES as M } from '@syn/kit/rules';
import { TEXT } from '../src/domain/messages';
import { call, joinedMember, login, post, startAccount, type Member, type Running } from './support';

jest.setTimeout(60_000);

let run: Running;
beforeAll(async () => {
  run = await startAccount();
});
afterAll(async () => {
  await run?.svc.stop();
});

/** The device state the gateway would forward for this member's session, read from Redis as it does. */
async function stateOf(m: Member): Promise<DeviceState | 'ended'> {
  const redis = run.svc.deps.redis!;
  const session = parseSession(await redis.get(`session:${m.as.sessionHash}`));
  if (!session) return 'ended';
  const record = parseDeviceRecord(await redis.get(currentDeviceKey(m.id)));
  return deviceStateOf(session, m.as.sessionHash ?? '', record);
}

const claim = (m: Member, key: string) =>
  post(run, '/api/user/updateUserConnectInfo', { userId: m.id, userAuthKey: key }, { as: m.as });

describe('the one-device rule', () => {
  test('when a member logs in, then the session holds no device until it claims one, and never inherits the current key', async () => {
    const first = await joinedMember(run);
    expect(await stateOf(first)).toBe('unclaimed');
    expect((first.loginBody.user as { curKey: string }).curKey).toBe('');
    expect(await claim(first, 'device-A')).toMatchObject({
      status: 200,
      body: { authKey: 'device-A', message: TEXT.connectInfoSaved },
    });
    expect(await stateOf(first)).toBe('current');

    // A second login is told which device holds the account, but is not that device.
    const second = await login(run, first.email, first.password);
    expect((second.loginBody.user as { curKey: string }).curKey).toBe('device-A');
    expect(second.as.deviceKey).toBe('');
    expect(await stateOf(second)).toBe('unclaimed');
    expect(await stateOf(first)).toBe('current');

    // Claiming with the very same key (a copied local key) still takes the account from the first session.
    expect((await claim(second, 'device-A')).status).toBe(200);
    expect(await stateOf(second)).toBe('current');
    expect(await stateOf(first)).toBe('replaced');
  });

  test('when a replaced session validates, then it answers 401 authKeyError and that session ends', async () => {
    const first = await joinedMember(run);
    await claim(first, 'device-A');
    const second = await login(run, first.email, first.password);
    await claim(second, 'device-B');

    const stale = await post(
      run,
      '/api/user/validate',
      { id: first.id },
      { as: { ...first.as, deviceKey: 'device-A', deviceState: 'replaced' } },
    );
    expect(stale).toMatchObject({
      status: 401,
      body: {
        error: true,
        authKeyError: true,
        message: '다른 기기에서 로그인하여 로그아웃되었습니다. 다시 로그인해 주세요.',
      },
    });
    expect(await stateOf(first)).toBe('ended');
    // Nor can a replaced session claim the account back: it must log in again.
    const reclaim = await post(
      run,
      '/api/user/updateUserConnectInfo',
      { userId: first.id, userAuthKey: 'device-A' },
      { as: { ...first.as, deviceState: 'replaced' } },
    );
    expect(reclaim).toMatchObject({ status: 401, body: { authKeyError: true } });

    // The device that took over is still valid.
    const fresh = await post(run, '/api/user/validate', { id: second.id }, { as: second.as });
    expect(fresh.status).toBe(200);
    expect((fresh.body.user as { curKey: string }).curKey).toBe('device-B');
  });

  test('when the current device logs out, then the next login sees no device holding the account', async () => {
    const first = await joinedMember(run);
    await claim(first, 'device-A');
    // Logging out elsewhere (a session that is not the current device) lets nothing go.
    const other = await login(run, first.email, first.password);
    expect((await call(run, 'GET', '/api/user/logout', undefined, { as: other.as })).status).toBe(200);
    expect((await login(run, first.email, first.password)).loginBody).toMatchObject({ user: { curKey: 'device-A' } });

    expect((await call(run, 'GET', '/api/user/logout', undefined, { as: first.as })).status).toBe(200);
    const next = await login(run, first.email, first.password);
    expect(next.loginBody).toMatchObject({ user: { curKey: '' } });
  });

  test('when the session is current, then validate answers the stored user with its key', async () => {
    const m = await joinedMember(run);
    await claim(m, 'device-C');
    const ok = await post(run, '/api/user/validate', { id: m.id }, { as: m.as });
    expect(ok).toMatchObject({ status: 200, body: { user: { id: m.id, userEmail: m.email, curKey: 'device-C' } } });
  });

  test('when the body names another user or the key is malformed, then the claim is refused and nothing changes', async () => {
    const m = await joinedMember(run);
    const foreign = await post(
      run,
      '/api/user/updateUserConnectInfo',
      { userId: m.id + 1, userAuthKey: 'k1' },
      { as: m.as },
    );
    expect(foreign).toMatchObject({ status: 400, body: { error: true, message: M.userInvalid } });
    const missing = await post(run, '/api/user/updateUserConnectInfo', { userAuthKey: 'k1' }, { as: m.as });
    expect(missing.body.message).toBe(M.userInvalid);
    const bad = await post(run, '/api/user/updateUserConnectInfo', { userId: m.id, userAuthKey: '' }, { as: m.as });
    expect(bad).toMatchObject({ status: 400, body: { message: M.connectInfoInvalid } });
    const anonymous = await post(run, '/api/user/updateUserConnectInfo', { userId: m.id, userAuthKey: 'k1' });
    expect(anonymous).toMatchObject({ status: 401, body: { message: M.userInvalid } });
    const noSession = await post(
      run,
      '/api/user/updateUserConnectInfo',
      { userId: m.id, userAuthKey: 'k1' },
      { as: { ...m.as, sessionHash: '0'.repeat(64) } },
    );
    expect(noSession.body.message).toBe(M.connectInfoInvalid);
    expect(await run.svc.deps.redis!.get(currentDeviceKey(m.id))).toBeNull();
  });
});

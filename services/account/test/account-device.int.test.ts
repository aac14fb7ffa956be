// Spec §4 post-login device check, asserted on the Redis state the gateway reads.
import { currentDeviceKey, parseSession } from '@syn/kit';
import { ACCOUNT_MESSAGES as M } from '@syn/kit/rules';
import { TEXT } from '../src/domain/messages';
import { joinedMember, login, post, startAccount, type Member, type Running } from './support';

// jest ignores testTimeout inside `projects`; real servers need more than the 5 s default.
jest.setTimeout(60_000);

let run: Running;
beforeAll(async () => {
  run = await startAccount();
});
afterAll(async () => {
  await run?.svc.stop();
});

const redis = () => run.svc.deps.redis!;
const session = async (m: Member) => parseSession(await redis().get(`session:${m.as.sessionHash}`));

/** The gateway's rule: a session is stale when its deviceKey is set and differs from the user's current key. */
async function isStale(m: Member): Promise<boolean> {
  const s = await session(m);
  const current = await redis().get(currentDeviceKey(m.id));
  return s !== null && s.deviceKey !== '' && s.deviceKey !== current;
}

describe('device check after login', () => {
  test('when a second device logs in and claims the account, then the first session becomes stale', async () => {
    const first = await joinedMember(run);
    expect((first.loginBody.user as { curKey: string }).curKey).toBe('');

    // Device A: curKey is empty, so the web app stores its key with updateUserConnectInfo.
    const claimA = await post(
      run,
      '/api/user/updateUserConnectInfo',
      { userId: first.id, userAuthKey: 'device-A-key' },
      { as: first.as },
    );
    expect(claimA).toMatchObject({ status: 200, body: { authKey: 'device-A-key', message: TEXT.connectInfoSaved } });
    expect(await redis().get(currentDeviceKey(first.id))).toBe('device-A-key');
    expect((await session(first))?.deviceKey).toBe('device-A-key');
    expect(await isStale(first)).toBe(false);

    // Device B logs in: curKey tells it another device holds the account (the duplicate-login modal).
    const second = await login(run, first.email, first.password);
    expect((second.loginBody.user as { curKey: string }).curKey).toBe('device-A-key');
    expect((await session(second))?.deviceKey).toBe('device-A-key');
    expect(await isStale(first)).toBe(false);

    // "Change user": device B claims the account.
    const claimB = await post(
      run,
      '/api/user/updateUserConnectInfo',
      { userId: second.id, userAuthKey: 'device-B-key' },
      { as: second.as },
    );
    expect(claimB.body.authKey).toBe('device-B-key');
    expect(await redis().get(currentDeviceKey(first.id))).toBe('device-B-key');
    expect((await session(second))?.deviceKey).toBe('device-B-key');
    expect(await isStale(second)).toBe(false);
    expect(await isStale(first)).toBe(true);

    // The stored key survives in PostgreSQL: the next login reports it as curKey.
    const third = await login(run, first.email, first.password);
    expect((third.loginBody.user as { curKey: string }).curKey).toBe('device-B-key');
    const validate = await post(run, '/api/user/validate', { id: first.id }, { as: second.as });
    expect((validate.body.user as { curKey: string }).curKey).toBe('device-B-key');
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
    expect(await redis().get(currentDeviceKey(m.id))).toBeNull();
  });
});

// Spec §4/§8: once another device claims the account, the replaced device's next validation logs it out.
import { DEVICE_STALE_HEADER } from '@syn/kit';
import { TEXT } from '../src/domain/messages';
import { joinedMember, login, post, startAccount, type Running } from './support';

jest.setTimeout(60_000);

let run: Running;
beforeAll(async () => {
  run = await startAccount();
});
afterAll(async () => {
  await run?.svc.stop();
});

describe('validate from a replaced device', () => {
  test('when the gateway flags the session as stale, then validate answers 401 authKeyError and ends that session', async () => {
    const first = await joinedMember(run);
    await post(run, '/api/user/updateUserConnectInfo', { userId: first.id, userAuthKey: 'device-A' }, { as: first.as });
    const second = await login(run, first.email, first.password);
    await post(
      run,
      '/api/user/updateUserConnectInfo',
      { userId: second.id, userAuthKey: 'device-B' },
      { as: second.as },
    );

    const stale = await post(
      run,
      '/api/user/validate',
      { id: first.id },
      { as: { ...first.as, deviceKey: 'device-A' }, headers: { [DEVICE_STALE_HEADER]: '1' } },
    );
    expect(stale).toMatchObject({
      status: 401,
      body: { error: true, authKeyError: true, message: TEXT.deviceReplaced },
    });
    expect(await run.svc.deps.redis!.get(`session:${first.as.sessionHash}`)).toBeNull();

    // The device that took over is still valid.
    const fresh = await post(run, '/api/user/validate', { id: second.id }, { as: second.as });
    expect(fresh.status).toBe(200);
    expect((fresh.body.user as { curKey: string }).curKey).toBe('device-B');
  });

  test('when the session is not stale, then validate answers the stored user', async () => {
    const m = await joinedMember(run);
    const ok = await post(run, '/api/user/validate', { id: m.id }, { as: m.as });
    expect(ok).toMatchObject({ status: 200, body: { user: { id: m.id, userEmail: m.email } } });
  });
});

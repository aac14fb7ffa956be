// Registration, confirmation, login, validation, passwords and profile against the real stores.
import { parseSession, sessionHash } from '@syn/kit';
import { ACCOUNT_MESSAGES as M } from '@syn/kit/rules';
import { TEXT } from '../src/domain/messages';
import {
  call,
  joinBody,
  joinedMember,
  linkIn,
  login,
  mailsTo,
  newEmail,
  PASSWORD,
  post,
  readMail,
  sidFrom,
  startAccount,
  type Running,
} from './support';

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
const pool = () => run.svc.deps.pool!;

describe('registration (spec §5)', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['name missing', { name: '' }, '이름을 입력해 주세요.'],
    ['name blank', { name: '   ' }, '이름을 입력해 주세요.'],
    ['email malformed', { email: 'not-an-email' }, '이메일 형식이 올바르지 않습니다.'],
    ['email under 5 characters', { email: 'a@b' }, '이메일 형식이 올바르지 않습니다.'],
    ['phone with dashes', { phone: '010-1234-5678' }, '숫자만 입력해 주세요.'],
    ['phone under 9 digits', { phone: '01012345' }, '9자 이상의 연락처를 입력해 주세요.'],
    ['password under 8', { password: 'short1', passwordConfirm: 'short1' }, '8자 이상의 비밀번호를 입력해 주세요.'],
    ['confirmation differs', { passwordConfirm: 'something else' }, '암호가 일치하지 않습니다.'],
    ['confirmation missing', { passwordConfirm: undefined }, '암호가 일치하지 않습니다.'],
    ['privacy not agreed', { agreePrivacy: false }, '서비스 제공을 위한 개인정보 이용에 동의해 주세요.'],
    ['terms not viewed', { agreeTerms: 'F' }, '이용 약관을 확인해 주세요.'],
    [
      'recommender typed but not checked',
      { recommendUser: 'friend@example.com', recommendUserId: null },
      '추천인을 입력한 경우 추천인 확인을 클릭해 주세요.',
    ],
    ['unknown recommend type', { recommendType: 'SPAM' }, M.recommendTypeInvalid],
  ];
  test.each(cases)('when the %s, then join answers 400 with the rule message', async (_what, overrides, message) => {
    const body = joinBody(overrides);
    const res = await post(run, '/api/user/join', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: true, message });
    const { rowCount } = await pool().query('SELECT 1 FROM account.users WHERE lower(email) = lower($1)', [body.email]);
    expect(rowCount).toBe(0);
  });

  test('when several rules fail, then the first in form order is reported', async () => {
    const res = await post(
      run,
      '/api/user/join',
      joinBody({ passwordConfirm: 'x', agreePrivacy: false, agreeTerms: false }),
    );
    expect(res.body.message).toBe('암호가 일치하지 않습니다.');
  });

  test('when the email is taken in another case, then join refuses it', async () => {
    const body = joinBody();
    expect((await post(run, '/api/user/join', body)).status).toBe(200);
    const again = await post(run, '/api/user/join', joinBody({ email: String(body.email).toUpperCase() }));
    expect(again).toMatchObject({ status: 400, body: { error: true, message: TEXT.emailTaken } });
  });

  test('when a recommender is checked, then join stores it; a mismatched id is refused', async () => {
    const friend = await joinedMember(run);
    const blank = await post(run, '/api/user/checkRecommendUserInfo', { recommendUser: '' });
    expect(blank.body).toEqual({ error: true, message: M.recommenderBlank });
    const unknown = await post(run, '/api/user/checkRecommendUserInfo', { recommendUser: newEmail('nobody') });
    expect(unknown).toMatchObject({ status: 400, body: { message: M.recommenderInvalid } });
    const checked = await post(run, '/api/user/checkRecommendUserInfo', { recommendUser: friend.email.toUpperCase() });
    expect(checked).toMatchObject({ status: 200, body: { userInfo: friend.id, message: TEXT.recommenderVerified } });
    const byId = await post(run, '/api/user/checkRecommendUserInfo', { recommendUser: String(friend.id) });
    expect(byId.body.userInfo).toBe(friend.id);

    const wrongId = await post(
      run,
      '/api/user/join',
      joinBody({ recommendUser: friend.email, recommendUserId: friend.id + 100000 }),
    );
    expect(wrongId).toMatchObject({ status: 400, body: { message: M.recommenderInvalid } });

    const body = joinBody({
      recommendUser: String(friend.id),
      recommendUserId: String(friend.id),
      recommendType: 'MESSENGER',
    });
    expect((await post(run, '/api/user/join', body)).status).toBe(200);
    const { rows } = await pool().query<{ recommender_id: number; recommend_type: string }>(
      'SELECT recommender_id, recommend_type FROM account.users WHERE email = $1',
      [body.email],
    );
    expect(rows[0]).toEqual({ recommender_id: friend.id, recommend_type: 'MESSENGER' });
  });
});

describe('email confirmation', () => {
  test('when a member joins, then the mail link confirms once and login works', async () => {
    const body = joinBody();
    const email = String(body.email);
    expect((await post(run, '/api/user/join', body)).body).toEqual({ message: TEXT.joined, registered: true });

    const unverified = await post(run, '/api/user/login', { email, password: PASSWORD });
    expect(unverified).toMatchObject({
      status: 403,
      body: { error: true, message: TEXT.emailUnverified, resendPath: '/recertify' },
    });
    expect(unverified.setCookie).toEqual([]);

    const mail = await readMail(email);
    expect(mail.subject).toContain('이메일 인증');
    expect(mail.html).toContain('/confirmEmail?id=');
    const link = linkIn(mail, 'confirmEmail');
    expect(link.url.origin).toBe('http://127.0.0.1:8080');
    expect(Buffer.from(link.key, 'base64url').length).toBeGreaterThanOrEqual(16);

    const wrongKey = await post(run, '/api/user/confirm', { secretId: link.id, secretKey: link.key.slice(1) + 'A' });
    expect(wrongKey).toMatchObject({ status: 400, body: { message: TEXT.confirmInvalid } });
    expect(await post(run, '/api/user/confirm', { secretId: link.id, secretKey: link.key })).toMatchObject({
      status: 200,
      body: { message: TEXT.confirmed },
    });
    expect(await post(run, '/api/user/confirm', { secretId: link.id, secretKey: link.key })).toMatchObject({
      status: 400,
      body: { message: TEXT.confirmInvalid },
    });
    expect((await post(run, '/api/user/login', { email, password: PASSWORD })).status).toBe(200);
  });

  test.each([{ secretId: 'abc' }, { secretKey: 'abc' }, {}])(
    'when confirm lacks id or key (%p), then it answers the unauthorised-path message',
    async (body) => {
      const res = await post(run, '/api/user/confirm', body);
      expect(res).toMatchObject({ status: 400, body: { error: true, message: M.badLink } });
    },
  );

  test('when certify resends, then only the newest link works and unknown emails get the same answer', async () => {
    const body = joinBody();
    const email = String(body.email);
    await post(run, '/api/user/join', body);
    const first = await readMail(email);
    const resent = await post(run, '/api/user/certify', { email });
    expect(resent).toMatchObject({ status: 200, body: { ok: true, message: TEXT.verificationSent } });
    const second = await readMail(email, [first.id]);
    const unknown = await post(run, '/api/user/certify', { email: newEmail('ghost') });
    expect(unknown.body).toEqual(resent.body);
    expect((await post(run, '/api/user/certify', { email: 'bad' })).body.message).toBe(M.emailInvalid);

    const old = linkIn(first, 'confirmEmail');
    expect((await post(run, '/api/user/confirm', { secretId: old.id, secretKey: old.key })).status).toBe(400);
    const fresh = linkIn(second, 'confirmEmail');
    expect((await post(run, '/api/user/confirm', { secretId: fresh.id, secretKey: fresh.key })).status).toBe(200);
  });
});

describe('login and session', () => {
  test.each([
    [{ email: '', password: 'x' }, M.emailInvalid],
    [{ email: 'a@b', password: 'x' }, M.emailInvalid],
    [{ email: 'someone@example.com', password: '' }, M.passwordRequired],
  ])('when login gets %p, then it answers the rule message', async (body, message) => {
    expect(await post(run, '/api/user/login', body)).toMatchObject({ status: 400, body: { error: true, message } });
  });

  test('when an unknown email or a wrong password is sent, then both get the same answer', async () => {
    const m = await joinedMember(run);
    const wrong = await post(run, '/api/user/login', { email: m.email, password: 'wrong password' });
    const unknown = await post(run, '/api/user/login', { email: newEmail('ghost'), password: 'wrong password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ error: true, message: TEXT.loginFailed });
  });

  test('when a member logs in, then the user comes back and a fresh HttpOnly, Lax cookie is set', async () => {
    const m = await joinedMember(run);
    expect(m.loginBody).toEqual({
      user: { id: m.id, userEmail: m.email, grade: 1, status: 'none', item: null, curKey: '' },
    });
    const res = await post(run, '/api/user/login', { email: m.email.toUpperCase(), password: PASSWORD }, { as: m.as });
    const cookie = res.setCookie.find((c) => c.startsWith('sid='))!;
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // NODE_ENV=test: plain http locally
    expect(cookie).toMatch(/Max-Age=1209600/);
    const sid = sidFrom(res.setCookie);
    expect(sid).not.toBe(m.sid);
    expect(Buffer.from(sid, 'base64url').length).toBe(32);
    // The session the browser came with is ended; the new one is registered for the user.
    expect(await redis().get(`session:${m.as.sessionHash}`)).toBeNull();
    const session = parseSession(await redis().get(`session:${sessionHash(sid)}`));
    expect(session).toMatchObject({ userId: m.id, grade: 1, deviceKey: '', email: m.email });
    expect(await redis().sIsMember(`user-sessions:${m.id}`, `session:${sessionHash(sid)}`)).toBe(1);
    expect(JSON.stringify(res.body)).not.toContain(sid);
  });

  test('when validate is called, then it returns the stored user, status and item; a foreign id is refused', async () => {
    const m = await joinedMember(run);
    const res = await post(run, '/api/user/validate', { id: m.id, userEmail: m.email, grade: 1 }, { as: m.as });
    expect(res.body).toEqual({
      user: { id: m.id, userEmail: m.email, grade: 1, status: 'none', item: null, curKey: '' },
      status: 'none',
      item: null,
    });
    expect((await post(run, '/api/user/validate', { id: m.id + 1 }, { as: m.as })).status).toBe(401);
    expect((await post(run, '/api/user/validate', { id: m.id })).status).toBe(401);
  });

  test('when a member logs out, then the session is gone and the cookie cleared', async () => {
    const m = await joinedMember(run);
    const res = await call(run, 'GET', '/api/user/logout', undefined, { as: m.as });
    expect(res.status).toBe(200);
    expect(res.setCookie.find((c) => c.startsWith('sid=;'))).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(await redis().get(`session:${m.as.sessionHash}`)).toBeNull();
    expect(await redis().sIsMember(`user-sessions:${m.id}`, `session:${m.as.sessionHash}`)).toBe(0);
  });
});

describe('password reset by mail', () => {
  test('when find is asked, then a member gets a link and an unknown email the same answer without mail', async () => {
    const m = await joinedMember(run);
    const known = await post(run, '/api/user/find', { email: m.email });
    const ghost = newEmail('ghost');
    const unknown = await post(run, '/api/user/find', { email: ghost });
    expect(known).toMatchObject({ status: 200, body: { message: TEXT.resetSent } });
    expect(unknown.body).toEqual(known.body);
    expect((await post(run, '/api/user/find', { email: 'nope' })).body).toEqual({
      error: true,
      message: M.emailInvalid,
    });
    const mail = await readMail(
      m.email,
      (await mailsTo(m.email)).filter((x) => !x.subject.includes('비밀번호')).map((x) => x.id),
    );
    expect(mail.subject).toContain('비밀번호');
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsTo(ghost)).toEqual([]);

    const link = linkIn(mail, 'changePwByMail');
    expect(
      (await post(run, '/api/user/change', { secretId: link.id, secretKey: link.key, password: 'short' })).body.message,
    ).toBe(M.passwordTooShort);
    expect(
      (
        await post(run, '/api/user/change', {
          secretId: link.id,
          secretKey: link.key,
          password: 'new password 1',
          passwordConfirm: 'x',
        })
      ).body.message,
    ).toBe(M.passwordMismatch);
    expect(
      (await post(run, '/api/user/change', { secretKey: link.key, password: 'new password 1' })).body.message,
    ).toBe(M.badLink);

    const changed = await post(run, '/api/user/change', {
      secretId: link.id,
      secretKey: link.key,
      password: 'new password 1',
    });
    expect(changed).toMatchObject({ status: 200, body: { message: TEXT.passwordChanged, changed: true } });
    // Every session ended; the old password no longer works, the new one does.
    expect(await redis().get(`session:${m.as.sessionHash}`)).toBeNull();
    expect((await post(run, '/api/user/login', { email: m.email, password: PASSWORD })).status).toBe(401);
    await login(run, m.email, 'new password 1');

    const reused = await post(run, '/api/user/change', {
      secretId: link.id,
      secretKey: link.key,
      password: 'another one 2',
    });
    expect(reused).toMatchObject({ status: 400, body: { message: TEXT.resetInvalid } });
  });

  test('when the reset link has expired, then change refuses it', async () => {
    const m = await joinedMember(run);
    const before = (await mailsTo(m.email)).map((x) => x.id);
    await post(run, '/api/user/find', { email: m.email });
    const link = linkIn(await readMail(m.email, before), 'changePwByMail');
    await pool().query("UPDATE account.mail_tokens SET expires_at = now() - interval '1 second' WHERE id = $1", [
      link.id,
    ]);
    const res = await post(run, '/api/user/change', {
      secretId: link.id,
      secretKey: link.key,
      password: 'new password 1',
    });
    expect(res).toMatchObject({ status: 400, body: { message: TEXT.resetInvalid } });
    await login(run, m.email, PASSWORD);
  });
});

describe('change password while signed in', () => {
  test.each([
    [{ oldPassword: '', newPassword: 'new password 1' }, M.oldPasswordRequired],
    [{ oldPassword: 'short', newPassword: 'new password 1' }, M.passwordTooShort],
    [{ oldPassword: PASSWORD, newPassword: '' }, M.newPasswordRequired],
    [{ oldPassword: PASSWORD, newPassword: 'short' }, M.passwordTooShort],
    [{ oldPassword: PASSWORD, newPassword: 'new password 1', newPasswordConfirm: 'other' }, M.passwordMismatch],
  ])('when updateUserInfo gets %p, then it answers the rule message', async (body, message) => {
    const m = await joinedMember(run);
    expect(await post(run, '/api/user/updateUserInfo', { userId: m.id, ...body }, { as: m.as })).toMatchObject({
      status: 400,
      body: { error: true, message },
    });
  });

  test('when the old password is right, then every session ends; a wrong one or another user id is refused', async () => {
    const m = await joinedMember(run);
    const other = await login(run, m.email, PASSWORD);
    const wrong = await post(
      run,
      '/api/user/updateUserInfo',
      { userId: m.id, oldPassword: 'wrong password', newPassword: 'new password 1' },
      { as: m.as },
    );
    expect(wrong).toMatchObject({ status: 400, body: { message: TEXT.oldPasswordWrong } });
    const foreign = await post(
      run,
      '/api/user/updateUserInfo',
      { userId: m.id + 1, oldPassword: PASSWORD, newPassword: 'new password 1' },
      { as: m.as },
    );
    expect(foreign).toMatchObject({ status: 400, body: { message: M.userInvalid } });
    const ok = await post(
      run,
      '/api/user/updateUserInfo',
      { userId: m.id, oldPassword: PASSWORD, newPassword: 'new password 1' },
      { as: m.as },
    );
    expect(ok).toMatchObject({ status: 200, body: { message: TEXT.passwordChanged } });
    expect(await redis().get(`session:${m.as.sessionHash}`)).toBeNull();
    expect(await redis().get(`session:${other.as.sessionHash}`)).toBeNull();
    expect(await redis().exists(`user-sessions:${m.id}`)).toBe(0);
    await login(run, m.email, 'new password 1');
  });
});

describe('profile (/userInfo)', () => {
  test('when a member edits name and phone, then getUserInfo shows them; rules apply', async () => {
    const m = await joinedMember(run);
    expect((await post(run, '/api/user/getUserInfo', {}, { as: m.as })).body).toEqual({
      user: { id: m.id, userEmail: m.email, userName: '김민수', userPhone: '01012345678', status: 'none' },
    });
    expect(
      (await post(run, '/api/user/updateUserProfile', { userName: '', userPhone: '0101234567' }, { as: m.as })).body
        .message,
    ).toBe(M.nameRequired);
    expect(
      (await post(run, '/api/user/updateUserProfile', { userName: '이영희', userPhone: '010-1' }, { as: m.as })).body
        .message,
    ).toBe(M.phoneDigits);
    const ok = await post(
      run,
      '/api/user/updateUserProfile',
      { userName: '이영희', userPhone: '0212345678' },
      { as: m.as },
    );
    expect(ok.status).toBe(200);
    expect((await post(run, '/api/user/getUserInfo', {}, { as: m.as })).body.user).toMatchObject({
      userName: '이영희',
      userPhone: '0212345678',
    });
    expect((await post(run, '/api/user/getUserInfo', {})).status).toBe(401);
  });
});

import type { Request } from 'express';
import { ANONYMOUS_USER_ID, callerOf, requireAdmin, requireMember, HttpError } from '../src';
import { SIGN_IN_MESSAGES } from '../src/rules';

const req = (headers: Record<string, string>) => ({ headers }) as unknown as Request;

describe('callerOf', () => {
  it('when no user headers arrive, then the caller is the anonymous user 99999999', () => {
    const c = callerOf(req({}));
    expect(c).toMatchObject({ userId: ANONYMOUS_USER_ID, anonymous: true, admin: false });
  });

  it('when the gateway forwards an administrator, then admin is true', () => {
    expect(callerOf(req({ 'x-user-id': '7', 'x-user-grade': '0' })).admin).toBe(true);
  });

  it('when the anonymous id comes with grade 0, then it is still not an administrator', () => {
    expect(callerOf(req({ 'x-user-id': String(ANONYMOUS_USER_ID), 'x-user-grade': '0' })).admin).toBe(false);
  });

  it('when garbage ids arrive, then the caller is anonymous', () => {
    expect(callerOf(req({ 'x-user-id': '1; DROP TABLE', 'x-user-grade': '0' })).anonymous).toBe(true);
    expect(callerOf(req({ 'x-user-id': '-5' })).anonymous).toBe(true);
    expect(callerOf(req({ 'x-user-id': 'abc' })).anonymous).toBe(true);
  });

  it('when a member calls an admin-only operation, then 403 with the spec message', () => {
    try {
      requireAdmin(req({ 'x-user-id': '7', 'x-user-grade': '1' }));
      throw new Error('expected a refusal');
    } catch (err) {
      expect(err).toBeInstanceOf(HttpError);
      expect((err as HttpError).status).toBe(403);
      expect((err as HttpError).message).toBe('관리자 권한이 필요합니다.');
    }
  });
});

describe('the sign-in situations of spec §6/§8', () => {
  it('are three texts, none standing in for another', () => {
    expect(SIGN_IN_MESSAGES).toEqual({
      loginRequired: '로그인 후 이용해 주세요.',
      userInfoAbsent: '사용자 정보가 없습니다. 로그인 후 이용해 주세요.',
      memberAuthRequired: '회원 인증이 필요합니다. 다시 로그인해 주세요.',
    });
    expect(new Set(Object.values(SIGN_IN_MESSAGES)).size).toBe(3);
  });

  it('when a call needs a member and no member session came with it, then 401 "member authentication required"', () => {
    expect(() => requireMember(req({}))).toThrow(
      expect.objectContaining({ status: 401, message: SIGN_IN_MESSAGES.memberAuthRequired }),
    );
    // A service's own wording for its situation still wins (e.g. the wordbook's "join first").
    expect(() => requireMember(req({}), '회원 가입 후 이용해 주세요.')).toThrow(
      expect.objectContaining({ status: 401, message: '회원 가입 후 이용해 주세요.' }),
    );
    expect(requireMember(req({ 'x-user-id': '7', 'x-user-grade': '1' })).userId).toBe(7);
  });
});

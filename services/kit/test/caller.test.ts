import type { Request } from 'express';
import { ANONYMOUS_USER_ID, callerOf, requireAdmin, HttpError } from '../src';

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

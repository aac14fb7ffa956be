import { MESSAGES } from '@syn/kit';
import { httpErrorOf } from '../src/routes/errors';
import { TEXT } from '../src/domain/messages';
import {
  AccountError,
  deviceReplaced,
  emailUnverified,
  invalid,
  memberNotFound,
  TooManyAttempts,
  unauthenticated,
} from '../src/usecases/errors';

describe("the account's HTTP edge for its use cases' refusals", () => {
  test.each<[string, AccountError, number, Record<string, unknown>]>([
    ['a broken rule', invalid('이름을 입력해 주세요.'), 400, { message: '이름을 입력해 주세요.' }],
    ['no signed-in member', unauthenticated(), 401, { message: MESSAGES.memberAuthRequired }],
    ['a failed sign-in', unauthenticated(TEXT.loginFailed), 401, { message: TEXT.loginFailed }],
    [
      'an unconfirmed address',
      emailUnverified(),
      403,
      { message: TEXT.emailUnverified, emailAuthenticated: false, resendPath: '/recertify' },
    ],
    ['another device', deviceReplaced(), 401, { message: MESSAGES.deviceReplaced, authKeyError: true, authKey: '' }],
    ['an unknown member', memberNotFound(), 404, { message: TEXT.userNotFound }],
    ['too many, with a wait', new TooManyAttempts(TEXT.tooManyRequests, 60), 429, { retryAfterSeconds: 60 }],
    ['too many, without one', new TooManyAttempts(), 429, { message: TEXT.tooManyRequests }],
  ])('when %s, then its status and the one error shape', (_what, err, status, body) => {
    const http = httpErrorOf(err);
    expect(http.status).toBe(status);
    expect(http.body()).toEqual(expect.objectContaining({ error: true, ...body }));
  });

  test('a wait is only told when the use case knows it', () => {
    expect(httpErrorOf(new TooManyAttempts()).body()).toEqual({ error: true, message: TEXT.tooManyRequests });
  });
});

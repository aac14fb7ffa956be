// The account's HTTP edge for its use cases' refusals: each kind gets its status and the one error
// shape (kit errors.ts); anything else goes on to the kit's error handler unchanged.
import { deviceReplaced, HttpError } from '@syn/kit';
import type { ErrorRequestHandler } from 'express';
import { AccountError, type AccountErrorCode, TooManyAttempts } from '../usecases/errors';

const STATUS: Record<AccountErrorCode, number> = {
  invalid: 400,
  unauthenticated: 401,
  emailUnverified: 403,
  deviceReplaced: 401,
  notFound: 404,
  tooMany: 429,
};

export function httpErrorOf(err: AccountError): HttpError {
  switch (err.code) {
    // `authKeyError` makes the web app log this device out.
    case 'deviceReplaced':
      return deviceReplaced();
    // The login screen offers to resend the confirmation mail.
    case 'emailUnverified':
      return new HttpError(STATUS.emailUnverified, err.message, {
        emailAuthenticated: false,
        resendPath: '/recertify',
      });
    case 'tooMany':
      return new HttpError(
        STATUS.tooMany,
        err.message,
        err instanceof TooManyAttempts && err.retryAfterSeconds !== undefined
          ? { retryAfterSeconds: err.retryAfterSeconds }
          : {},
      );
    default:
      return new HttpError(STATUS[err.code], err.message);
  }
}

export const accountErrors: ErrorRequestHandler = (err: unknown, _req, _res, next) => {
  next(err instanceof AccountError ? httpErrorOf(err) : err);
};

// The account's HTTP edge for its use cases' refusals: each kind gets its status and the one error
// shape (kit errors.ts); anything else goes on to the kit's error handler unchanged.
import { deviceReplaced, domainAnswer, domainErrorHandler, HttpError } from '@syn/kit';
import { AccountError, type AccountErrorCode, TooManyAttempts } from '../usecases/errors';

const STATUS: Record<AccountErrorCode, number> = {
  invalid: 400,
  unauthenticated: 401,
  emailUnverified: 403,
  deviceReplaced: 401,
  notFound: 404,
  tooMany: 429,
};

/** The answers that add keys to the error shape; the others are their code's status and message. */
function special(err: AccountError): HttpError | undefined {
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
      return err instanceof TooManyAttempts && err.retryAfterSeconds !== undefined
        ? new HttpError(STATUS.tooMany, err.message, { retryAfterSeconds: err.retryAfterSeconds })
        : undefined;
    default:
      return undefined;
  }
}

export const httpErrorOf = domainAnswer(STATUS, special);
export const accountErrors = domainErrorHandler(STATUS, special);

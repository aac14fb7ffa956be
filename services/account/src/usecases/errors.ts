// What the account's use cases refuse, by kind. The HTTP edge (routes/errors.ts) gives each kind its
// status; the Korean message is the use case's.
import { DomainError, MESSAGES } from '@syn/kit';
import { TEXT } from '../domain/messages';

export type AccountErrorCode =
  /** The request breaks a rule (a wrong value, a link no longer valid, a period already merged). */
  | 'invalid'
  /** No signed-in member, or not the one the request names; also a failed sign-in. */
  | 'unauthenticated'
  /** The right password, but the address is not confirmed yet. */
  | 'emailUnverified'
  /** Another device claimed the account (spec §4: duplicate login). */
  | 'deviceReplaced'
  /** The member named does not exist (or has withdrawn). */
  | 'notFound'
  /** Too many attempts or look-ups in the window. */
  | 'tooMany';

export class AccountError extends DomainError<AccountErrorCode> {}

/** Attempts refused for a while; the client may try again after `retryAfterSeconds` when given. */
export class TooManyAttempts extends AccountError {
  constructor(
    message: string = TEXT.tooManyRequests,
    public readonly retryAfterSeconds?: number,
  ) {
    super('tooMany', message);
  }
}

export const invalid = (message: string) => new AccountError('invalid', message);
export const unauthenticated = (message: string = MESSAGES.memberAuthRequired) =>
  new AccountError('unauthenticated', message);
export const emailUnverified = () => new AccountError('emailUnverified', TEXT.emailUnverified);
export const deviceReplaced = () => new AccountError('deviceReplaced', MESSAGES.deviceReplaced);
export const memberNotFound = () => new AccountError('notFound', TEXT.userNotFound);

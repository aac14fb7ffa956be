// The refusals of the billing rules, as domain errors: the flows throw these and never an HTTP
// status; the HTTP edge (routes/errors.ts) maps each kind to its status.
import { DomainError, type CommonRefusal } from '@syn/kit';

const refusal = (code: CommonRefusal, message: string, extra?: Record<string, unknown>) =>
  new DomainError<CommonRefusal>(code, message, extra);

export const invalid = (message: string) => refusal('invalid', message);
export const notFound = (message: string) => refusal('notFound', message);
export const conflict = (message: string) => refusal('conflict', message);
/** The provider refused or could not be asked. */
export const upstream = (message: string) => refusal('upstream', message);
/** A payment the provider declined or that did not go through: the spec's answer adds `code: 'fail'`. */
export const paymentFailed = (message: string) => refusal('invalid', message, { code: 'fail' });

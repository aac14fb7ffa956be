// The refusals of the billing rules, as domain errors: the flows throw these and never an HTTP
// status; the HTTP edge (routes/errors.ts) maps each kind to its status.
import { DomainError } from '@syn/kit';

export const invalid = (message: string) => new DomainError('invalid', message);
export const notFound = (message: string) => new DomainError('notFound', message);
export const conflict = (message: string) => new DomainError('conflict', message);
/** The provider refused or could not be asked. */
export const upstream = (message: string) => new DomainError('upstream', message);
/** A payment the provider declined or that did not go through: the spec's answer adds `code: 'fail'`. */
export const paymentFailed = (message: string) => new DomainError('invalid', message, { code: 'fail' });

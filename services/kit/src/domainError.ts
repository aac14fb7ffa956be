// A rule of the domain refused what was asked. Use cases throw it with a `code` naming the refusal
// and the Korean `message` the user reads; the service's HTTP edge maps the code to a status and
// the one error shape of errors.ts. Statuses never live in use cases.
import type { ErrorRequestHandler } from 'express';
import { HttpError } from './errors';

export class DomainError<Code extends string = string> extends Error {
  constructor(
    public readonly code: Code,
    message: string,
    /** Keys the answer adds to the error shape (e.g. billing's `code: 'fail'`). */
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** The refusals most services need; a service with more names its own codes and statuses. */
export type CommonRefusal = 'invalid' | 'notFound' | 'conflict' | 'upstream';

export const COMMON_REFUSAL_STATUS: Record<CommonRefusal, number> = {
  invalid: 400,
  notFound: 404,
  conflict: 409,
  /** A service we depend on refused or could not be reached. */
  upstream: 502,
};

/** The HTTP answer of a domain error: its code's status, message and extra keys, unless `convert` answers. */
export function domainAnswer<C extends string>(
  status: Record<C, number>,
  convert: (err: DomainError<C>) => HttpError | undefined = () => undefined,
): (err: DomainError<C>) => HttpError {
  return (err) => convert(err) ?? new HttpError(status[err.code], err.message, err.extra);
}

/** The HTTP edge for domain errors of the codes in `status`; anything else goes on to the kit's error handler. */
export function domainErrorHandler<C extends string>(
  status: Record<C, number>,
  convert?: (err: DomainError<C>) => HttpError | undefined,
): ErrorRequestHandler {
  const answer = domainAnswer(status, convert);
  return (err: unknown, _req, _res, next) => {
    next(err instanceof DomainError && Object.hasOwn(status, err.code) ? answer(err as DomainError<C>) : err);
  };
}

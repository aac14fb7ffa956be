// The billing service's HTTP edge for domain errors: the flows (billing and coupons) throw
// DomainError, and here each becomes the HttpError its kind means before the kit's error handler
// writes the one error shape.
import { DomainError, httpErrorOf } from '@syn/kit';
import type { ErrorRequestHandler } from 'express';

export const domainErrorsAsHttp: ErrorRequestHandler = (err: unknown, _req, _res, next) => {
  next(err instanceof DomainError ? httpErrorOf(err) : err);
};

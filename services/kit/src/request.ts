// The one way a service reads a request's fields. The spec's clients send values as a query string
// ("as params"), as a flat JSON or form body, or wrapped in an envelope object (`params`, `data`,
// `paymentData`, `paymentDataFromPG`): every route accepts each of them alike.
import type { Request } from 'express';

type Fields = Record<string, unknown>;

const isFields = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The envelopes the spec's clients wrap a body in. */
export const REQUEST_ENVELOPES = ['params', 'data', 'paymentData', 'paymentDataFromPG'] as const;

/**
 * Query, then the body, then each envelope's fields (later wins: a client that sends a value both
 * as a query parameter and in its body means the body). Never used for identity: that is the caller.
 */
export function requestFields(req: Request): Fields {
  const body: Fields = isFields(req.body) ? req.body : {};
  const query: Fields = isFields(req.query) ? (req.query as Fields) : {};
  const out: Fields = { ...query, ...body };
  for (const name of REQUEST_ENVELOPES) {
    const inner = body[name];
    if (isFields(inner)) Object.assign(out, inner);
  }
  return out;
}

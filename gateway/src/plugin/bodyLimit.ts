// The `body-limit` policy: a body over the limit is refused with 413 before
// anything is proxied. The body is read into memory (at most the limit) and
// handed to express-gateway's proxy as `egContext.requestStream` (and kept as
// `egContext.requestBody` for replica-proxy to send again), so a chunked body
// that grows past the limit is caught too.
import { Readable } from 'node:stream';
import type { Request, RequestHandler } from 'express';
import getRawBody from 'raw-body';
import { MESSAGES, sendError } from './errors';

interface EgContext {
  requestStream?: Readable;
  /** The same body, for the replica-proxy policy to send again to another replica. */
  requestBody?: Buffer;
}

function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

export function bodyLimit(limitBytes: number): RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limitBytes) {
      // Don't read a body we already know we refuse; close so the client stops sending.
      return sendError(res, 413, MESSAGES.tooLarge, { Connection: 'close' });
    }
    getRawBody(req, { limit: limitBytes, length: req.headers['content-length'] }).then(
      (body) => {
        const eg = (req as Request & { egContext: EgContext }).egContext;
        eg.requestStream = Readable.from([body], { objectMode: false });
        eg.requestBody = body;
        next();
      },
      (err: { type?: string; status?: number }) => {
        if (err.type === 'entity.too.large') return sendError(res, 413, MESSAGES.tooLarge, { Connection: 'close' });
        // Aborted or malformed framing: nothing sensible to proxy.
        return sendError(res, 400, MESSAGES.badRequest, { Connection: 'close' });
      },
    );
  };
}

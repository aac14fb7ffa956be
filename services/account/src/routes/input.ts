import type { Request } from 'express';

/** A request's fields, read as every service reads them (kit `requestFields`). */
export { requestFields as input } from '@syn/kit';

/** The client address as the gateway saw it (its signed X-Forwarded-For; kit createApp trusts nothing else). */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

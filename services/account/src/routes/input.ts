import type { Request } from 'express';

/**
 * The spec's clients send some calls "as params" (query string) and others as a JSON or
 * form body; both are read, the body winning. Never used for identity: that is the caller.
 */
export function input(req: Request): Record<string, unknown> {
  const query = typeof req.query === 'object' && req.query !== null ? (req.query as Record<string, unknown>) : {};
  const body =
    typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body)
      ? (req.body as Record<string, unknown>)
      : {};
  return { ...query, ...body };
}

/** The client address as the gateway saw it (trust proxy is loopback only, see kit createApp). */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

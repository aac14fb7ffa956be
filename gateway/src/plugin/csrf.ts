// The `csrf` policy. The session cookie is SameSite=Lax, which already keeps
// it off cross-site POSTs in current browsers; this is the second line: a
// write (POST/PUT/PATCH/DELETE) is refused unless it comes from the app's
// own origin or a configured trusted one (the host page, the payment
// provider). Browsers always send `Origin` on cross-origin writes ("null"
// from sandboxed or privacy-stripped contexts), so a write without Origin
// and Referer is a non-browser client (server-to-server, curl, PortOne's
// webhook) and passes, unless Fetch Metadata says a browser sent it
// cross-site with the cookie. `GET /api/user/logout` (a GET by the spec)
// ends the session, so it is held to the same rule: a link, image or
// redirect from another site must not sign the member out.
import { parse as parseCookie } from 'cookie';
import type { Request, RequestHandler } from 'express';
import { SESSION_COOKIE } from '@syn/kit/session';
import { MESSAGES, sendError } from './errors';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * GETs that change state. Express routes match case-insensitively with an optional trailing slash,
 * and HEAD runs the GET handler.
 */
const STATE_CHANGING_GET = /^\/api\/user\/logout\/?$/i;

function checked(req: Request): boolean {
  if (UNSAFE_METHODS.has(req.method)) return true;
  // The whole path as the browser sent it (a pipeline may be mounted below the root).
  const pathname = (req.originalUrl || req.url).split('?')[0] ?? '';
  return (req.method === 'GET' || req.method === 'HEAD') && STATE_CHANGING_GET.test(pathname);
}

function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

function header(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function carriesSessionCookie(req: Request): boolean {
  const cookies = req.headers.cookie;
  if (!cookies) return false;
  try {
    return parseCookie(cookies)[SESSION_COOKIE] !== undefined;
  } catch {
    // A cookie header we cannot read may still hold the session for the service: treat it as present.
    return true;
  }
}

/** The origin the browser addressed: Host (or, behind a trusted balancer, X-Forwarded-Host) and the protocol. */
function ownOrigin(req: Request): string | undefined {
  const forwardedHost = req.app.get('trust proxy fn') as ((address: string, hop: number) => boolean) | undefined;
  const trusted = forwardedHost?.(req.socket.remoteAddress ?? '', 0) === true;
  const host = (trusted ? header(req, 'x-forwarded-host')?.split(',')[0]?.trim() : undefined) || header(req, 'host');
  return host ? originOf(`${req.protocol}://${host}`) : undefined;
}

export function csrfPolicy(trustedOrigins: string[]): RequestHandler {
  const trusted = new Set(trustedOrigins.map(originOf).filter((origin): origin is string => origin !== undefined));
  return (req, res, next) => {
    if (!checked(req)) return next();
    const origin = header(req, 'origin');
    const referer = header(req, 'referer');
    const claimed = origin ?? referer;
    if (claimed === undefined) {
      // Not a browser, or a browser that says where the request came from through Fetch Metadata only.
      const site = header(req, 'sec-fetch-site');
      const crossSite = site !== undefined && site !== 'same-origin' && site !== 'none';
      if (crossSite && carriesSessionCookie(req)) return sendError(res, 403, MESSAGES.crossSite);
      return next();
    }
    // "null" and anything that is not an http(s) URL has no origin and is refused.
    const source = originOf(claimed);
    if (source !== undefined && (source === ownOrigin(req) || trusted.has(source))) return next();
    // Refused with or without the cookie: a foreign page must not sign a visitor in either (login CSRF).
    return sendError(res, 403, MESSAGES.crossSite);
  };
}

// The `session` policy: the only place a caller's identity is decided.
import { randomUUID } from 'node:crypto';
import { parse as parseCookie } from 'cookie';
import type { Request, RequestHandler } from 'express';
import { GATEWAY_ISSUER, IDENTITY_SIGNATURE_HEADER, signIdentity } from '@syn/kit/identity';
import {
  ANONYMOUS_GRADE,
  ANONYMOUS_USER_ID,
  DEVICE_KEY_HEADER,
  DEVICE_STATE_HEADER,
  SESSION_COOKIE,
  SESSION_HASH_HEADER,
  USER_GRADE_HEADER,
  USER_ID_HEADER,
  sessionHash,
  type DeviceState,
} from '@syn/kit/session';
import { MESSAGES, sendError } from './errors';
import { SessionStoreUnavailable, type Logger, type ResolvedSession, type SessionStore } from './sessionStore';

export interface Identity {
  userId: number;
  grade: number;
  anonymous: boolean;
}

const identities = new WeakMap<Request, Identity>();

/** The identity the session policy resolved; anonymous when it has not run. */
export function identityOf(req: Request): Identity {
  return identities.get(req) ?? { userId: ANONYMOUS_USER_ID, grade: ANONYMOUS_GRADE, anonymous: true };
}

/** newSessionId() makes 43 base64url characters; anything unlike a session id is not looked up. */
const SID_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** Client-sent headers that could claim an identity: removed before anything else looks at the request. */
function isIdentityHeader(name: string): boolean {
  return (
    name.startsWith('x-user-') ||
    name === DEVICE_KEY_HEADER ||
    name === DEVICE_STATE_HEADER ||
    name === SESSION_HASH_HEADER ||
    name === IDENTITY_SIGNATURE_HEADER
  );
}

function sessionId(req: Request): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  try {
    const sid = parseCookie(header)[SESSION_COOKIE];
    return sid && SID_PATTERN.test(sid) ? sid : undefined;
  } catch {
    return undefined;
  }
}

/** Look-ups started early (see startSessionLookup), taken by the session policy. */
const early = new WeakMap<Request, Promise<ResolvedSession | null>>();

/**
 * Starts the session look-up of a request before its policy runs: issued in the same tick as the
 * rate limiter's count, node-redis sends both in one write, so the request costs one Redis round
 * trip instead of two. A request refused before the session policy just drops the answer.
 */
export function startSessionLookup(req: Request, store: SessionStore): void {
  const sid = sessionId(req);
  if (!sid || early.has(req)) return;
  const lookup = store.find(sid);
  // Observed here too: a refused request never reads it, and a rejection must not go unhandled.
  lookup.catch(() => undefined);
  early.set(req, lookup);
}

function lookUp(req: Request, store: SessionStore, sid: string): Promise<ResolvedSession | null> {
  const started = early.get(req);
  if (!started) return store.find(sid);
  early.delete(req);
  return started;
}

/** Calls a session another device replaced may still make: leaving, and signing in again. */
const OPEN_TO_REPLACED = new Set(['/api/user/logout', '/api/user/login']);

export function sessionPolicy(store: SessionStore, identitySecret: string, log: Logger): RequestHandler {
  return (req, res, next) => {
    for (const name of Object.keys(req.headers)) {
      if (isIdentityHeader(name)) delete req.headers[name];
    }

    const incomingId = req.headers['x-request-id'];
    const requestId = typeof incomingId === 'string' && REQUEST_ID_PATTERN.test(incomingId) ? incomingId : randomUUID();
    req.headers['x-request-id'] = requestId;
    res.setHeader('X-Request-Id', requestId);
    // The gateway is the edge: the address it saw (or, behind a trusted balancer, the one it reported) replaces any chain.
    req.headers['x-forwarded-for'] = req.ip ?? req.socket.remoteAddress ?? '';
    req.headers['x-forwarded-proto'] = req.protocol;
    // changeOrigin rewrites Host to the service's; keep the public one for links a service builds.
    if (req.headers.host) req.headers['x-forwarded-host'] = req.headers.host;

    const forward = (identity: Identity, deviceKey: string, hash: string | undefined, device?: DeviceState): void => {
      identities.set(req, identity);
      req.headers[USER_ID_HEADER] = String(identity.userId);
      req.headers[USER_GRADE_HEADER] = String(identity.grade);
      if (deviceKey) req.headers[DEVICE_KEY_HEADER] = deviceKey;
      if (device) req.headers[DEVICE_STATE_HEADER] = device;
      if (hash) req.headers[SESSION_HASH_HEADER] = hash;
      // Last, over everything above: the services believe these headers only with this signature.
      req.headers[IDENTITY_SIGNATURE_HEADER] = signIdentity(
        identitySecret,
        GATEWAY_ISSUER,
        req.method,
        req.originalUrl,
        req.headers,
      );
      next();
    };

    const anonymous: Identity = { userId: ANONYMOUS_USER_ID, grade: ANONYMOUS_GRADE, anonymous: true };
    const sid = sessionId(req);
    if (!sid) {
      forward(anonymous, '', undefined);
      return;
    }
    lookUp(req, store, sid).then(
      (session) => {
        if (!session) {
          forward(anonymous, '', undefined);
          return;
        }
        const isAnonymous = session.userId === ANONYMOUS_USER_ID;
        if (
          !isAnonymous &&
          session.device === 'replaced' &&
          !OPEN_TO_REPLACED.has(req.originalUrl.split('?')[0] ?? '')
        ) {
          // Another device claimed the account (spec §4): this session is over, on every route alike.
          void store.end(sid, session.userId);
          sendError(res, 401, MESSAGES.deviceReplaced, {}, { authKeyError: true, authKey: '' });
          return;
        }
        forward(
          { userId: session.userId, grade: isAnonymous ? ANONYMOUS_GRADE : session.grade, anonymous: isAnonymous },
          session.deviceKey,
          sessionHash(sid),
          isAnonymous ? undefined : session.device,
        );
      },
      (err: unknown) => {
        // A cookie we cannot check is never treated as anyone, not even anonymous: the caller may be signed in.
        if (!(err instanceof SessionStoreUnavailable)) log.error({ err }, 'session lookup failed');
        sendError(res, 503, MESSAGES.unavailable, { 'Retry-After': '2' });
      },
    );
  };
}

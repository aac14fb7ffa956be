// Anonymous sessions, so a visitor's history has a home. Written exactly like the account
// service writes sessions (kit's session contract); the gateway then resolves the cookie
// as anonymous and forwards its hash. Made only when a view must be kept in the history,
// and short-lived: every cookieless client (crawlers, scripts) would otherwise leave a
// two-week key in Redis per request.
import {
  ANONYMOUS_GRADE,
  ANONYMOUS_USER_ID,
  newSessionId,
  sessionHash,
  SESSION_COOKIE,
  SESSION_TTL_SECONDS,
  type Redis,
  type SessionData,
} from '@syn/kit';
import type { Response } from 'express';
import { historyKey } from './history';

/** A visitor session lives a day after its last use (sliding); a member's keeps SESSION_TTL_SECONDS. */
export const VISITOR_SESSION_TTL_SECONDS = 24 * 3600;

export async function createAnonymousSession(redis: Redis): Promise<{ sid: string; hash: string }> {
  const sid = newSessionId();
  const hash = sessionHash(sid);
  const session: SessionData = {
    userId: ANONYMOUS_USER_ID,
    grade: ANONYMOUS_GRADE,
    deviceKey: '',
    email: '',
    createdAt: new Date().toISOString(),
  };
  await redis.set(`session:${hash}`, JSON.stringify(session), {
    expiration: { type: 'EX', value: VISITOR_SESSION_TTL_SECONDS },
  });
  return { sid, hash };
}

/** A visitor came back: their session and its history get a full day again (no-op for missing keys). */
export async function slideVisitorSession(redis: Redis, hash: string): Promise<void> {
  await redis
    .multi()
    .expire(`session:${hash}`, VISITOR_SESSION_TTL_SECONDS)
    .expire(historyKey(hash), VISITOR_SESSION_TTL_SECONDS)
    .exec();
}

/**
 * HttpOnly, SameSite=Lax, Path=/; Secure outside development and test (plain http there). The
 * cookie may outlive the Redis session it names: the dictionary cannot re-send it as the session
 * slides (it sees only the hash), and an expired sid is simply a visitor without history.
 */
export function setSessionCookie(res: Response, sid: string, nodeEnv: string): void {
  res.cookie(SESSION_COOKIE, sid, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: nodeEnv !== 'development' && nodeEnv !== 'test',
    maxAge: SESSION_TTL_SECONDS * 1000,
  });
}

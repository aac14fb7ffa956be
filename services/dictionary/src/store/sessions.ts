// Anonymous sessions, so a visitor's history has a home. Written exactly like the account
// service writes sessions (kit's session contract); the gateway then resolves the cookie
// as anonymous and forwards its hash.
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
    expiration: { type: 'EX', value: SESSION_TTL_SECONDS },
  });
  return { sid, hash };
}

/** HttpOnly, SameSite=Lax, Path=/; Secure outside development and test (plain http there). */
export function setSessionCookie(res: Response, sid: string, nodeEnv: string): void {
  res.cookie(SESSION_COOKIE, sid, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: nodeEnv !== 'development' && nodeEnv !== 'test',
    maxAge: SESSION_TTL_SECONDS * 1000,
  });
}

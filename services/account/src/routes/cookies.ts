import type { Response } from 'express';
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from '@syn/kit';

/** HttpOnly, SameSite=Lax, Path=/; Secure everywhere but local development and tests (plain http). */
function flags(nodeEnv: string) {
  return { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: nodeEnv === 'production' };
}

export function setSessionCookie(res: Response, sid: string, nodeEnv: string): void {
  res.cookie(SESSION_COOKIE, sid, { ...flags(nodeEnv), maxAge: SESSION_TTL_SECONDS * 1000 });
}

export function clearSessionCookie(res: Response, nodeEnv: string): void {
  res.clearCookie(SESSION_COOKIE, flags(nodeEnv));
}

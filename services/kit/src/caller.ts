// Who is calling, as the gateway says. Services trust these headers only because
// the gateway strips any client-sent copy; services are never exposed directly.
import type { Request } from 'express';
import {
  ADMIN_GRADE,
  ANONYMOUS_GRADE,
  ANONYMOUS_USER_ID,
  DEVICE_KEY_HEADER,
  SESSION_HASH_HEADER,
  USER_GRADE_HEADER,
  USER_ID_HEADER,
} from './session';
import { forbidden, unauthorized } from './errors';

export interface Caller {
  userId: number;
  grade: number;
  deviceKey: string;
  sessionHash: string;
  anonymous: boolean;
  admin: boolean;
}

function header(req: Request, name: string): string {
  const v = req.headers[name];
  return (Array.isArray(v) ? v[0] : v) ?? '';
}

function strictInt(value: string): number | null {
  if (!/^-?\d{1,9}$/.test(value)) return null;
  return Number(value);
}

export function callerOf(req: Request): Caller {
  const id = strictInt(header(req, USER_ID_HEADER));
  const gradeRaw = strictInt(header(req, USER_GRADE_HEADER));
  const userId = id !== null && id > 0 ? id : ANONYMOUS_USER_ID;
  const anonymous = userId === ANONYMOUS_USER_ID;
  const grade = anonymous || gradeRaw === null ? ANONYMOUS_GRADE : gradeRaw;
  return {
    userId,
    grade,
    deviceKey: header(req, DEVICE_KEY_HEADER),
    sessionHash: header(req, SESSION_HASH_HEADER),
    anonymous,
    admin: !anonymous && grade === ADMIN_GRADE,
  };
}

export function requireMember(req: Request, message?: string): Caller {
  const caller = callerOf(req);
  if (caller.anonymous) throw unauthorized(message);
  return caller;
}

/** Defence in depth: the gateway already guards /api/sys/*. */
export function requireAdmin(req: Request): Caller {
  const caller = callerOf(req);
  if (!caller.admin) throw forbidden();
  return caller;
}

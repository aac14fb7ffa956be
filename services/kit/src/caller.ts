// Who is calling, as the gateway says. The headers are believed only because the kit's identity
// guard (http.ts) let the request in: they carried a valid gateway signature, or none was sent
// and they were removed.
import type { Request } from 'express';
import {
  ADMIN_GRADE,
  ANONYMOUS_GRADE,
  ANONYMOUS_USER_ID,
  DEVICE_KEY_HEADER,
  DEVICE_STATE_HEADER,
  SESSION_HASH_HEADER,
  USER_GRADE_HEADER,
  USER_ID_HEADER,
  type DeviceState,
} from './session';
import { deviceReplaced, forbidden, unauthorized } from './errors';

export interface Caller {
  userId: number;
  grade: number;
  deviceKey: string;
  /** The session's standing under the one-device rule; '' for a visitor. */
  deviceState: DeviceState | '';
  sessionHash: string;
  anonymous: boolean;
  admin: boolean;
}

function header(req: Request, name: string): string {
  const v = req.headers[name];
  return (Array.isArray(v) ? v[0] : v) ?? '';
}

const DEVICE_STATES: readonly string[] = ['unclaimed', 'current', 'replaced'] satisfies DeviceState[];

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
  const state = header(req, DEVICE_STATE_HEADER);
  return {
    userId,
    grade,
    deviceKey: header(req, DEVICE_KEY_HEADER),
    // A member's session without a known state is treated as not yet claimed: no paid content.
    deviceState: anonymous ? '' : DEVICE_STATES.includes(state) ? (state as DeviceState) : 'unclaimed',
    sessionHash: header(req, SESSION_HASH_HEADER),
    anonymous,
    admin: !anonymous && grade === ADMIN_GRADE,
  };
}

/** Visitor or member, on routes open to both; a member's session another device replaced is refused. */
export function activeCaller(req: Request): Caller {
  const caller = callerOf(req);
  if (caller.deviceState === 'replaced') throw deviceReplaced();
  return caller;
}

/**
 * A signed-in member whose session still holds the account: a session another device replaced
 * reads nothing of the member's (the gateway already ends it; this is the service's own check).
 */
export function requireMember(req: Request, message?: string): Caller {
  const caller = activeCaller(req);
  if (caller.anonymous) throw unauthorized(message);
  return caller;
}

/** Defence in depth: the gateway already guards /api/sys/*. */
export function requireAdmin(req: Request): Caller {
  const caller = activeCaller(req);
  if (!caller.admin) throw forbidden();
  return caller;
}

/** Paid content goes only to the member's current device (spec §4): claimed, and not replaced since. */
export function onCurrentDevice(caller: Caller): boolean {
  return !caller.anonymous && caller.deviceState === 'current';
}

// The session contract shared by the account service (which writes sessions)
// and the gateway (which resolves them). Kept free of heavy imports so the
// gateway can load it alone through `@syn/kit/session`.
import { createHash, randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'sid';
/** Spec §6: anonymous calls use user id 99999999. */
export const ANONYMOUS_USER_ID = 99999999;
/** Grade forwarded for anonymous callers; 0 is administrator, members are 1. */
export const ANONYMOUS_GRADE = -1;
export const ADMIN_GRADE = 0;
export const SESSION_TTL_SECONDS = 14 * 24 * 3600;

/** Headers the gateway forwards to services; clients can never set them. */
export const USER_ID_HEADER = 'x-user-id';
export const USER_GRADE_HEADER = 'x-user-grade';
export const DEVICE_KEY_HEADER = 'x-device-key';
/** A stable, non-reversible handle on the caller's session (for per-session state such as history). */
export const SESSION_HASH_HEADER = 'x-session-hash';

export interface SessionData {
  userId: number;
  grade: number;
  /** The device auth key chosen at login (spec §4 curKey); '' until set. */
  deviceKey: string;
  email: string;
  createdAt: string;
}

/**
 * A session's search history, a Redis list the dictionary service keeps. Part of the session
 * contract because a login (account service) hands a visitor's history on to the new session.
 */
export function sessionHistoryKey(hash: string): string {
  return `history:${hash}`;
}

/** 256 random bits, URL-safe. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/** Redis stores only a hash of the session id, so a dump of Redis holds no usable cookie. */
export function sessionHash(sid: string): string {
  return createHash('sha256').update(sid).digest('hex');
}

export function sessionKey(sid: string): string {
  return `session:${sessionHash(sid)}`;
}

/**
 * The user's current device (spec §4 curKey): which session claimed the account last, and with
 * which device key. Written by the account service when a device claims the account; read by the
 * gateway, which forwards the session's device state to the services.
 */
export const CURRENT_DEVICE_KEY_PREFIX = 'device-key:';

export function currentDeviceKey(userId: number): string {
  return `${CURRENT_DEVICE_KEY_PREFIX}${userId}`;
}

export interface DeviceRecord {
  key: string;
  /** Hash of the claiming session; '' in records written before claims were tied to a session. */
  session: string;
}

export function deviceRecord(key: string, sessionHashValue: string): string {
  return JSON.stringify({ key, session: sessionHashValue } satisfies DeviceRecord);
}

export function parseDeviceRecord(raw: string | null): DeviceRecord | null {
  if (!raw) return null;
  if (!raw.startsWith('{')) return { key: raw, session: '' };
  try {
    const v: unknown = JSON.parse(raw);
    if (typeof v !== 'object' || v === null) return null;
    const { key, session } = v as Record<string, unknown>;
    return typeof key === 'string' && typeof session === 'string' ? { key, session } : null;
  } catch {
    return null;
  }
}

/**
 * Where a signed-in session stands under the one-device rule:
 * - `unclaimed`: signed in, but this device has not claimed the account (no paid content yet);
 * - `current`: the device that claimed the account last;
 * - `replaced`: another session claimed the account since: this one is over (duplicate login).
 */
export type DeviceState = 'unclaimed' | 'current' | 'replaced';
export const DEVICE_STATE_HEADER = 'x-device-state';

export function deviceStateOf(session: SessionData, hash: string, record: DeviceRecord | null): DeviceState {
  if (session.deviceKey === '') return 'unclaimed';
  if (record === null) return 'replaced';
  // An old record names no session: the key alone decides, as it did when it was written.
  if (record.session === '') return record.key === session.deviceKey ? 'current' : 'replaced';
  return record.session === hash ? 'current' : 'replaced';
}

/** The set of a user's session keys, so a password change can end all of them. */
export function userSessionsKey(userId: number): string {
  return `user-sessions:${userId}`;
}

export function isSessionData(value: unknown): value is SessionData {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    Number.isInteger(v.userId) &&
    Number.isInteger(v.grade) &&
    typeof v.deviceKey === 'string' &&
    typeof v.email === 'string' &&
    typeof v.createdAt === 'string'
  );
}

export function parseSession(raw: string | null): SessionData | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isSessionData(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The stored user of spec §3, kept in local storage so a reload or a new tab
 * keeps the member signed in until the next validation. Nothing here is
 * trusted by the server: the session cookie is what the gateway checks.
 */
export interface StoredUser {
  id: number;
  userEmail: string;
  /** 0 = administrator. */
  grade: number;
  /** 'valid' = paid member; 'none' = no active pass. */
  status: string;
  item: number | null;
  /** The device auth key the server currently holds for this user. */
  curKey: string;
}

export const ANONYMOUS_USER_ID = 99999999;
export const ADMIN_GRADE = 0;

export const STORAGE_KEYS = {
  user: 'user',
  lastLoginEmail: 'lastLoginEmail',
  authKey: 'authKey',
} as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Accepts numbers sent as strings too (the legacy API mixes both). */
function toInt(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value);
  return null;
}

/** A stored user from untrusted JSON (local storage or a response), or null when it does not fit. */
export function toStoredUser(value: unknown): StoredUser | null {
  if (!isRecord(value)) return null;
  const id = toInt(value.id);
  const grade = toInt(value.grade);
  if (id === null || id === ANONYMOUS_USER_ID || grade === null) return null;
  if (typeof value.userEmail !== 'string' || value.userEmail === '') return null;
  const item = value.item === null || value.item === undefined ? null : toInt(value.item);
  return {
    id,
    userEmail: value.userEmail,
    grade,
    status: typeof value.status === 'string' ? value.status : 'none',
    item,
    curKey: typeof value.curKey === 'string' ? value.curKey : '',
  };
}

export function parseStoredUser(raw: string | null): StoredUser | null {
  if (raw === null || raw === '') return null;
  try {
    return toStoredUser(JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

/** Local storage can throw (private mode, quota, disabled cookies): the app then runs as a guest. */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readStoredUser(): StoredUser | null {
  return parseStoredUser(storage()?.getItem(STORAGE_KEYS.user) ?? null);
}

export function writeStoredUser(user: StoredUser): void {
  storage()?.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  storage()?.setItem(STORAGE_KEYS.lastLoginEmail, user.userEmail);
}

export function clearStoredUser(): void {
  storage()?.removeItem(STORAGE_KEYS.user);
}

export function readLastLoginEmail(): string {
  return storage()?.getItem(STORAGE_KEYS.lastLoginEmail) ?? '';
}

export function readAuthKey(): string {
  return storage()?.getItem(STORAGE_KEYS.authKey) ?? '';
}

export function writeAuthKey(key: string): void {
  storage()?.setItem(STORAGE_KEYS.authKey, key);
}

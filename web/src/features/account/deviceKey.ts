import { readAuthKey, writeAuthKey } from './storedUser';

function randomKey(): string {
  // randomUUID exists only in secure contexts (https, localhost); getRandomValues everywhere.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** This browser's device auth key (spec §3 "an auth key"), made once and kept in local storage. */
export function localAuthKey(): string {
  const existing = readAuthKey();
  if (existing !== '') return existing;
  const key = randomKey();
  writeAuthKey(key);
  return key;
}

export type DeviceVerdict = 'claim' | 'same' | 'duplicate';

/**
 * Spec §4 post-login device check: empty curKey → claim; equal → this device again (claimed
 * anew, silently, for the new session); different → another device holds the account: ask first.
 */
export function deviceVerdict(curKey: string, localKey: string): DeviceVerdict {
  if (curKey === '') return 'claim';
  return curKey === localKey ? 'same' : 'duplicate';
}

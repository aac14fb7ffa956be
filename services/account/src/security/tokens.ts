// One-time mail tokens: a public id and a 256-bit secret key; only SHA-256(key) is stored.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

export interface IssuedToken {
  id: string;
  key: string;
  keyHash: string;
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function issueToken(): IssuedToken {
  const key = randomBytes(32).toString('base64url');
  return { id: randomUUID(), key, keyHash: hashKey(key) };
}

export function keyMatches(key: string, storedHash: string): boolean {
  const a = Buffer.from(hashKey(key), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A readable random password for the seeded administrator (about 120 bits). */
export function randomPassword(): string {
  return randomBytes(15).toString('base64url');
}

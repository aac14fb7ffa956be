// The session look-up against the real Redis: one script reads the session and, for a member who
// claimed a device, the current-device record, and decides the device state as the two reads did.
import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';
import {
  currentDeviceKey,
  deviceRecord,
  newSessionId,
  sessionHash,
  sessionKey,
  type SessionData,
} from '@syn/kit/session';
import { SessionStore } from '../src/plugin/sessionStore';
import { REDIS_URL } from './support';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const redis = createClient({ url: REDIS_URL });
const store = new SessionStore(REDIS_URL, quiet);
const written: string[] = [];
// A user id no other test uses (the device record is per user).
const userId = 700_000_000 + randomBytes(3).readUIntBE(0, 3);

async function session(data: Partial<SessionData>): Promise<string> {
  const sid = newSessionId();
  const full: SessionData = {
    userId,
    grade: 1,
    deviceKey: '',
    email: 'reader@example.com',
    createdAt: new Date().toISOString(),
    ...data,
  };
  await redis.set(sessionKey(sid), JSON.stringify(full), { EX: 300 });
  written.push(sessionKey(sid));
  return sid;
}

async function claim(sid: string, key: string): Promise<void> {
  await redis.set(currentDeviceKey(userId), deviceRecord(key, sessionHash(sid)), { EX: 300 });
  written.push(currentDeviceKey(userId));
}

beforeAll(async () => {
  await redis.connect();
  await store.start(2_000);
});

afterAll(async () => {
  if (written.length > 0) await redis.del(written);
  await redis.close();
  await store.close();
});

test("a member's session and device record come back together, with the device state they make", async () => {
  const phone = await session({ deviceKey: 'phone-key' });
  const laptop = await session({ deviceKey: 'laptop-key' });
  await claim(phone, 'phone-key');
  expect(await store.find(phone)).toMatchObject({ userId, deviceKey: 'phone-key', device: 'current' });
  expect((await store.find(laptop))?.device).toBe('replaced');
  // The laptop claims the account: the phone's session is the replaced one now.
  await claim(laptop, 'laptop-key');
  expect((await store.find(phone))?.device).toBe('replaced');
  expect((await store.find(laptop))?.device).toBe('current');
  // No record at all (expired, or never written): a session that claimed a device is replaced.
  await redis.del(currentDeviceKey(userId));
  expect((await store.find(phone))?.device).toBe('replaced');
});

test('a session without a device key is unclaimed; a missing or malformed one is no session', async () => {
  const visitor = await session({ deviceKey: '', userId: 99999999, grade: -1 });
  expect(await store.find(visitor)).toMatchObject({ userId: 99999999, device: 'unclaimed' });
  expect(await store.find(newSessionId())).toBeNull();
  const broken = newSessionId();
  await redis.set(sessionKey(broken), '{"userId":"1"', { EX: 300 });
  written.push(sessionKey(broken));
  expect(await store.find(broken)).toBeNull();
});

test('after Redis forgot its scripts (a restart, SCRIPT FLUSH) the look-up loads it again', async () => {
  const phone = await session({ deviceKey: 'phone-key' });
  await claim(phone, 'phone-key');
  await redis.scriptFlush();
  expect((await store.find(phone))?.device).toBe('current');
  expect((await store.find(phone))?.device).toBe('current');
});

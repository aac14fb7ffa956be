// Sessions in Redis, in the shape kit's session contract fixes (the gateway reads them).
import {
  currentDeviceKey,
  newSessionId,
  parseSession,
  sessionHash,
  SESSION_TTL_SECONDS,
  userSessionsKey,
  type Redis,
  type SessionData,
} from '@syn/kit';

const keyOfHash = (hash: string) => `session:${hash}`;
const HASH = /^[0-9a-f]{64}$/;

export class SessionStore {
  constructor(private readonly redis: Redis) {}

  /** Creates a session; returns the cookie value (never stored) and its hash. */
  async create(data: Omit<SessionData, 'createdAt'>): Promise<{ sid: string; hash: string }> {
    const sid = newSessionId();
    const hash = sessionHash(sid);
    const session: SessionData = { ...data, createdAt: new Date().toISOString() };
    await this.redis
      .multi()
      .set(keyOfHash(hash), JSON.stringify(session), { expiration: { type: 'EX', value: SESSION_TTL_SECONDS } })
      .sAdd(userSessionsKey(data.userId), keyOfHash(hash))
      .expire(userSessionsKey(data.userId), SESSION_TTL_SECONDS)
      .exec();
    if (data.deviceKey !== '') await this.redis.set(currentDeviceKey(data.userId), data.deviceKey);
    return { sid, hash };
  }

  async get(hash: string): Promise<SessionData | null> {
    if (!HASH.test(hash)) return null;
    return parseSession(await this.redis.get(keyOfHash(hash)));
  }

  async destroy(hash: string): Promise<void> {
    if (!HASH.test(hash)) return;
    const session = await this.get(hash);
    const tx = this.redis.multi().del(keyOfHash(hash));
    if (session) tx.sRem(userSessionsKey(session.userId), keyOfHash(hash));
    await tx.exec();
  }

  /** Ends every session of a user (password change, withdrawal, grade change). */
  async destroyAll(userId: number): Promise<void> {
    const keys = await this.redis.sMembers(userSessionsKey(userId));
    await this.redis
      .multi()
      .del([...keys, userSessionsKey(userId)])
      .exec();
  }

  /**
   * Spec §4: this device claims the account. The user's current key and this session's
   * key become `deviceKey`; any other session with another key is now stale for the gateway.
   */
  async claimDevice(hash: string, userId: number, deviceKey: string): Promise<boolean> {
    const session = await this.get(hash);
    if (!session || session.userId !== userId) return false;
    await this.redis
      .multi()
      .set(currentDeviceKey(userId), deviceKey)
      .set(keyOfHash(hash), JSON.stringify({ ...session, deviceKey }), { expiration: 'KEEPTTL' })
      .exec();
    return true;
  }

  async forgetDevice(userId: number): Promise<void> {
    await this.redis.del(currentDeviceKey(userId));
  }
}

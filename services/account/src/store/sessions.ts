// Sessions in Redis, in the shape kit's session contract fixes (the gateway reads them).
import {
  currentDeviceKey,
  deviceRecord,
  newSessionId,
  parseDeviceRecord,
  parseSession,
  sessionHash,
  sessionHistoryKey,
  SESSION_TTL_SECONDS,
  userSessionsKey,
  type Redis,
  type SessionData,
} from '@syn/kit';

const keyOfHash = (hash: string) => `session:${hash}`;
const HASH = /^[0-9a-f]{64}$/;
// Moves a list only onto a key that is still empty, and gives it the new session's lifetime.
const CARRY_LIST = `if redis.call('EXISTS', KEYS[1]) == 0 or redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
redis.call('RENAME', KEYS[1], KEYS[2])
redis.call('EXPIRE', KEYS[2], ARGV[1])
return 1`;
const RELEASE_IF_UNCHANGED = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

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
    return { sid, hash };
  }

  async get(hash: string): Promise<SessionData | null> {
    if (!HASH.test(hash)) return null;
    return parseSession(await this.redis.get(keyOfHash(hash)));
  }

  /**
   * Ends a session and its search history, which nobody can reach once the session is gone (the
   * privacy policy promises it goes with logout and withdrawal). `keepHistory`: a login's visitor
   * session, whose history carryHistory hands on right after.
   */
  async destroy(hash: string, opts: { keepHistory?: boolean } = {}): Promise<void> {
    if (!HASH.test(hash)) return;
    const session = await this.get(hash);
    const tx = this.redis.multi().del(keyOfHash(hash));
    if (!opts.keepHistory) tx.del(sessionHistoryKey(hash));
    if (session) tx.sRem(userSessionsKey(session.userId), keyOfHash(hash));
    await tx.exec();
  }

  /**
   * A login hands the visitor's search history on to the member's new session (entries, order and
   * de-duplication unchanged; the list already holds at most 10). The new session is empty, so
   * nothing is merged into; one atomic step, so a view racing the login cannot be split.
   */
  async carryHistory(fromHash: string, toHash: string): Promise<boolean> {
    if (!HASH.test(fromHash) || !HASH.test(toHash)) return false;
    const moved = await this.redis.eval(CARRY_LIST, {
      keys: [sessionHistoryKey(fromHash), sessionHistoryKey(toHash)],
      arguments: [String(SESSION_TTL_SECONDS)],
    });
    return moved === 1;
  }

  /** Ends every session of a user and their search histories (password change, withdrawal, grade change). */
  async destroyAll(userId: number): Promise<void> {
    const keys = await this.redis.sMembers(userSessionsKey(userId));
    const histories = keys.map((key) => sessionHistoryKey(key.slice('session:'.length)));
    await this.redis
      .multi()
      .del([...keys, ...histories, userSessionsKey(userId)])
      .exec();
  }

  /**
   * Spec §4: this session's device claims the account. The user's current device becomes this
   * session (with `deviceKey`); every other session of the user is now replaced for the gateway.
   */
  async claimDevice(hash: string, userId: number, deviceKey: string): Promise<boolean> {
    const session = await this.get(hash);
    if (!session || session.userId !== userId) return false;
    await this.redis
      .multi()
      .set(currentDeviceKey(userId), deviceRecord(deviceKey, hash))
      .set(keyOfHash(hash), JSON.stringify({ ...session, deviceKey }), { expiration: 'KEEPTTL' })
      .exec();
    return true;
  }

  /**
   * The key of the device that holds the account now (spec §4 curKey): '' when no live session
   * holds it, so a device that logged out, or whose session ended, raises no duplicate-login warning.
   */
  async liveDeviceKey(userId: number): Promise<string> {
    const record = parseDeviceRecord(await this.redis.get(currentDeviceKey(userId)));
    if (!record) return '';
    if (record.session === '') return record.key;
    return HASH.test(record.session) && (await this.redis.exists(keyOfHash(record.session))) ? record.key : '';
  }

  /** Logging out on the current device lets go of the account: the next login elsewhere claims it freely. */
  async releaseDevice(userId: number, hash: string): Promise<void> {
    const key = currentDeviceKey(userId);
    const record = parseDeviceRecord(await this.redis.get(key));
    if (record?.session !== hash) return;
    // Deleted only if no other session claimed it in between (compare-and-delete in one step).
    await this.redis.eval(RELEASE_IF_UNCHANGED, { keys: [key], arguments: [deviceRecord(record.key, hash)] });
  }

  async forgetDevice(userId: number): Promise<void> {
    await this.redis.del(currentDeviceKey(userId));
  }
}

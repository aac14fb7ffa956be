// The returning visitor every detail-view benchmark browses as: a session in Redis that the gateway
// resolves and under which the dictionary keeps the history, written the way the dictionary writes one.
import {
  ANONYMOUS_GRADE,
  ANONYMOUS_USER_ID,
  newSessionId,
  SESSION_TTL_SECONDS,
  sessionHash,
  type SessionData,
} from '@syn/kit/session';

/** The two commands it needs of a connected node-redis client. */
interface Redis {
  set(key: string, value: string, options: { EX: number }): Promise<unknown>;
  del(keys: string[]): Promise<unknown>;
}

export interface VisitorSession {
  /** The cookie's value (`sid=…`). */
  sid: string;
  /** What the gateway forwards and the dictionary keys the history by. */
  hash: string;
  /** Removes the session, its history and any other key the benchmark made under the hash. */
  forget(extraKeys?: string[]): Promise<void>;
}

/** Writes a visitor's session into Redis (the client must be connected). */
export async function visitorSession(redis: Redis, sid: string = newSessionId()): Promise<VisitorSession> {
  const hash = sessionHash(sid);
  const visitor: SessionData = {
    userId: ANONYMOUS_USER_ID,
    grade: ANONYMOUS_GRADE,
    deviceKey: '',
    email: '',
    createdAt: new Date().toISOString(),
  };
  await redis.set(`session:${hash}`, JSON.stringify(visitor), { EX: SESSION_TTL_SECONDS });
  return {
    sid,
    hash,
    forget: async (extraKeys = []) => {
      await redis.del([`session:${hash}`, `history:${hash}`, ...extraKeys]);
    },
  };
}

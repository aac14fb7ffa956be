// One shared Redis connection for session look-ups. It reconnects by itself;
// while it is down, commands fail at once (no offline queue) so a request
// is answered 503 instead of waiting or passing as someone else; a look-up
// that gets no answer in time fails the same way.
import { createHash } from 'node:crypto';
import { createClient } from 'redis';
import {
  CURRENT_DEVICE_KEY_PREFIX,
  currentDeviceKey,
  sessionHash as hash,
  deviceStateOf,
  parseDeviceRecord,
  parseSession,
  sessionKey,
  userSessionsKey,
  type DeviceState,
  type SessionData,
} from '@syn/kit/session';

/** A live session, and where it stands under the one-device rule (spec §4). */
export interface ResolvedSession extends SessionData {
  device: DeviceState;
}

export type Logger = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

export class SessionStoreUnavailable extends Error {
  constructor(cause: unknown) {
    super('session store unavailable', { cause });
    this.name = 'SessionStoreUnavailable';
  }
}

/** How long a session look-up (both its reads) may wait for Redis's answers. */
export const LOOKUP_TIMEOUT_MS = 1_000;

/**
 * Reads a session and, when it holds a device key, its user's current-device record: one round
 * trip instead of two for every signed-in member's request. Returns [session, device record,
 * the device record's key], '' for each one absent (strings only: RESP2 and RESP3 alike); the
 * caller checks that key against the session it parsed itself. It reads a key it is not handed
 * (the record's name is in the session), which one Redis allows and a Redis Cluster would not.
 */
const LOOKUP_SCRIPT = `
local raw = redis.call('GET', KEYS[1])
if not raw then return {'', '', ''} end
local ok, s = pcall(cjson.decode, raw)
if not ok or type(s) ~= 'table' or type(s.deviceKey) ~= 'string' or s.deviceKey == ''
   or type(s.userId) ~= 'number' then
  return {raw, '', ''}
end
local deviceKey = ARGV[1] .. string.format('%d', s.userId)
return {raw, redis.call('GET', deviceKey) or '', deviceKey}
`;
const LOOKUP_SHA = createHash('sha1').update(LOOKUP_SCRIPT).digest('hex');

type LookupReply = [string, string, string];

function isLookupReply(v: unknown): v is LookupReply {
  return Array.isArray(v) && v.length === 3 && v.every((x) => typeof x === 'string');
}

export class SessionStore {
  private readonly client;
  private connecting: Promise<unknown> | undefined;

  constructor(url: string, log: Logger) {
    let lastError = '';
    this.client = createClient({
      url,
      disableOfflineQueue: true,
      // No client-wide command timeout: node-redis times a command only until it is written to the
      // socket (never the answer), and does it with an AbortSignal.timeout per command whose timer
      // fires a second later anyway, building a DOMException each time: several per request. The
      // look-up's own deadline (find) covers the answer too, with one cleared timer.
      socket: {
        connectTimeout: 2_000,
        // Keep trying forever, backing off to 2 s between attempts.
        reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 2_000),
      },
    });
    // Without a listener an 'error' event would crash the process; log each distinct failure once.
    this.client.on('error', (err: unknown) => {
      const text = err instanceof Error ? err.message : String(err);
      if (text !== lastError) log.warn({ err: text }, 'redis session store error');
      lastError = text;
    });
    this.client.on('ready', () => {
      if (lastError) log.info({}, 'redis session store reconnected');
      lastError = '';
    });
  }

  /** Starts connecting; resolves when ready or after `waitMs`, whichever is first (start-up never hangs on Redis). */
  async start(waitMs: number): Promise<void> {
    this.connecting ??= this.client.connect().catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.connecting, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
  }

  /** The same connection, shared with the rate limiter (its counters live beside the sessions). */
  get redis(): object {
    return this.client;
  }

  get isReady(): boolean {
    return this.client.isReady;
  }

  /** The live session for a cookie value, or null. Throws SessionStoreUnavailable when Redis cannot answer. */
  async find(sid: string, timeoutMs = LOOKUP_TIMEOUT_MS): Promise<ResolvedSession | null> {
    if (!this.client.isReady) throw new SessionStoreUnavailable(new Error('not connected'));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer from redis within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([this.lookUp(sid), late]);
    } catch (err) {
      throw new SessionStoreUnavailable(err);
    } finally {
      clearTimeout(timer);
    }
  }

  private async lookUp(sid: string): Promise<ResolvedSession | null> {
    const [rawSession, rawRecord, recordKey] = await this.readBoth(sessionKey(sid));
    const session = parseSession(rawSession);
    if (!session) return null;
    let record = null;
    if (session.deviceKey) {
      const key = currentDeviceKey(session.userId);
      // The script read the record of the user id as Lua formats it; any doubt, read it again.
      record = parseDeviceRecord(recordKey === key ? rawRecord || null : await this.client.get(key));
    }
    return { ...session, device: deviceStateOf(session, hash(sid), record) };
  }

  /** The look-up script by its hash; loaded once after a restart of Redis forgot it (NOSCRIPT). */
  private async readBoth(key: string): Promise<LookupReply> {
    const prefix = CURRENT_DEVICE_KEY_PREFIX;
    let reply: unknown;
    try {
      reply = await this.client.sendCommand(['EVALSHA', LOOKUP_SHA, '1', key, prefix]);
    } catch (err) {
      if (!(err instanceof Error) || !err.message.startsWith('NOSCRIPT')) throw err;
      reply = await this.client.sendCommand(['EVAL', LOOKUP_SCRIPT, '1', key, prefix]);
    }
    if (!isLookupReply(reply)) throw new Error('unexpected reply of the session look-up script');
    return reply;
  }

  /** Ends a session another device replaced (the account service ends them the same way). */
  async end(sid: string, userId: number): Promise<void> {
    if (!this.client.isReady) return;
    await this.client
      .multi()
      .del(sessionKey(sid))
      .sRem(userSessionsKey(userId), sessionKey(sid))
      .exec()
      .catch(() => undefined);
  }

  async ping(): Promise<boolean> {
    if (!this.client.isReady) return false;
    try {
      return (await this.client.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.client.isOpen) {
      await this.client.close().catch(() => this.client.destroy());
    } else {
      // Still retrying a connection: stop the reconnect loop.
      this.client.destroy();
    }
  }
}

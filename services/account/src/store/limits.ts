// Counters in Redis: login throttling (per account and per client address) and simple fixed-window
// rate limits.
import { createHash } from 'node:crypto';
import type { Redis } from '@syn/kit';
import type { AttemptDecision, AttemptRefusal, ThrottlePolicy } from '../domain/throttle';

const HOUR_MS = 3600 * 1000;
/** How long a successful sign-in from an address exempts that account there from the address budget. */
const KNOWN_ADDRESS_MS = 30 * 24 * HOUR_MS;
/** How long a password reset through the mail exempts the account from address budgets. */
const RESET_PASS_MS = HOUR_MS;

/** Keys never hold an email or IP in clear (Redis dumps and `MONITOR` are not for reading addresses). */
const digest = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 32);

export type ThrottleVerdict = AttemptDecision;

/**
 * Check and count in one step (domain/throttle.ts decideAttempt, plus the count): an allowed attempt
 * is counted as a failure before its password is evaluated, and its back-off starts at once, so
 * parallel guesses cannot all pass a check made before any of them failed. A success gives the
 * count back (LoginThrottle.succeed).
 * KEYS: account hash {n, until}, address counter, known account+address marker, reset pass.
 * ARGV: account budget, free failures, base delay, max delay, address budget, window (ms).
 * Returns {1} or {0, reason (1 back-off, 2 account budget, 3 address budget), retry-after ms}.
 */
const BEGIN_ATTEMPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local acctMax, free, base, maxDelay, ipMax, window =
  tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local n = tonumber(redis.call('HGET', KEYS[1], 'n') or '0')
local blockedUntil = tonumber(redis.call('HGET', KEYS[1], 'until') or '0')
if blockedUntil > now then return {0, 1, blockedUntil - now} end
if n >= acctMax then return {0, 2, math.max(redis.call('PTTL', KEYS[1]), 1000)} end
local exempt = redis.call('EXISTS', KEYS[3]) == 1 or redis.call('EXISTS', KEYS[4]) == 1
local addressFailures = tonumber(redis.call('GET', KEYS[2]) or '0')
if (not exempt) and addressFailures >= ipMax then return {0, 3, math.max(redis.call('PTTL', KEYS[2]), 1000)} end
n = n + 1
local delay = 0
if n > free then delay = math.floor(math.min(maxDelay, base * 2 ^ math.min(n - free - 1, 30))) end
redis.call('HSET', KEYS[1], 'n', n, 'until', now + delay)
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], math.max(window, delay))
elseif ttl < delay then redis.call('PEXPIRE', KEYS[1], delay) end
redis.call('INCR', KEYS[2])
if redis.call('PTTL', KEYS[2]) < 0 then redis.call('PEXPIRE', KEYS[2], window) end
return {1}
`;

/** A success: the account's counter goes, the address gets its count back, the pair becomes known. */
const SUCCEED = `
redis.call('DEL', KEYS[1], KEYS[4])
local n = tonumber(redis.call('GET', KEYS[2]) or '0')
if n > 0 then redis.call('DECR', KEYS[2]) end
redis.call('SET', KEYS[3], '1', 'PX', ARGV[1])
return 1
`;

const REASONS: Record<number, AttemptRefusal> = { 1: 'backoff', 2: 'budget', 3: 'address' };

export class LoginThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly account: ThrottlePolicy,
    private readonly addressMaxFailuresPerHour: number,
  ) {}

  private keys(email: string, ip: string): string[] {
    const acct = digest(email.trim().toLowerCase());
    return [
      `login:acct:${acct}`,
      `login:ip:${digest(ip)}`,
      `login:known:${digest(`${acct}|${ip}`)}`,
      `login:reset:${acct}`,
    ];
  }

  /** Decides and, when allowed, counts the attempt as a failure until `succeed` gives it back. */
  async begin(email: string, ip: string): Promise<ThrottleVerdict> {
    const p = this.account;
    const reply = (await this.redis.eval(BEGIN_ATTEMPT, {
      keys: this.keys(email, ip),
      arguments: [
        p.maxFailuresPerHour,
        p.freeFailures,
        p.baseDelayMs,
        p.maxDelayMs,
        this.addressMaxFailuresPerHour,
        HOUR_MS,
      ].map(String),
    })) as number[];
    if (reply[0] === 1) return { allowed: true };
    const reason = REASONS[Number(reply[1])] ?? 'backoff';
    return { allowed: false, reason, retryAfterMs: Number(reply[2] ?? 1000) };
  }

  /**
   * The password was right: clears the account's counter (the caller is its owner), gives the
   * attempt back to the address (it was no failure) and remembers the pair, so that others'
   * failures at this address never lock this member out of it.
   */
  async succeed(email: string, ip: string): Promise<void> {
    await this.redis.eval(SUCCEED, { keys: this.keys(email, ip), arguments: [String(KNOWN_ADDRESS_MS)] });
  }

  /**
   * The owner proved the mailbox (password reset through the mail link): the account's counter is
   * cleared and, for an hour, no address budget holds it, so someone behind a busy address gets in.
   */
  async resetByOwner(email: string): Promise<void> {
    const [acct, , , pass] = this.keys(email, '');
    await this.redis
      .multi()
      .del(acct!)
      .set(pass!, '1', { expiration: { type: 'PX', value: RESET_PASS_MS } })
      .exec();
  }
}

/** Fixed-window limiter: true while `key` has been hit at most `limit` times in the window. */
export async function allow(redis: Redis, key: string, limit: number, windowSeconds: number): Promise<boolean> {
  const k = `rate:${digest(key)}`;
  const [count] = (await redis.multi().incr(k).expire(k, windowSeconds, 'NX').exec()) as unknown as [number];
  return Number(count) <= limit;
}

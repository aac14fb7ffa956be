// Counters in Redis: login throttling (per account and per IP) and simple fixed-window rate limits.
import { createHash } from 'node:crypto';
import type { Redis } from '@syn/kit';
import { backoffMs, budgetSpent, type ThrottlePolicy } from '../domain/throttle';

const HOUR_S = 3600;

/** Keys never hold an email or IP in clear (Redis dumps and `MONITOR` are not for reading addresses). */
const digest = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 32);

export interface ThrottleVerdict {
  allowed: boolean;
  retryAfterMs: number;
}

export class LoginThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly account: ThrottlePolicy,
    private readonly ip: ThrottlePolicy,
  ) {}

  private keys(email: string, ip: string) {
    return [
      {
        fail: `login-fail:acct:${digest(email.toLowerCase())}`,
        lock: `login-lock:acct:${digest(email.toLowerCase())}`,
        p: this.account,
      },
      { fail: `login-fail:ip:${digest(ip)}`, lock: `login-lock:ip:${digest(ip)}`, p: this.ip },
    ];
  }

  /** Refuses while a back-off delay runs or the hour's failure budget is spent. */
  async check(email: string, ip: string): Promise<ThrottleVerdict> {
    let retryAfterMs = 0;
    for (const k of this.keys(email, ip)) {
      const [failures, lockTtl, failTtl] = await Promise.all([
        this.redis.get(k.fail),
        this.redis.pTTL(k.lock),
        this.redis.pTTL(k.fail),
      ]);
      if (budgetSpent(Number(failures ?? 0), k.p))
        retryAfterMs = Math.max(retryAfterMs, failTtl > 0 ? failTtl : HOUR_S * 1000);
      if (lockTtl > 0) retryAfterMs = Math.max(retryAfterMs, lockTtl);
    }
    return { allowed: retryAfterMs === 0, retryAfterMs };
  }

  /** Counts a failure for the account and the IP, and starts the back-off delay when due. */
  async fail(email: string, ip: string): Promise<void> {
    for (const k of this.keys(email, ip)) {
      const [count] = (await this.redis.multi().incr(k.fail).expire(k.fail, HOUR_S, 'NX').exec()) as unknown as [
        number,
      ];
      const delay = backoffMs(Number(count), k.p);
      if (delay > 0) await this.redis.set(k.lock, '1', { expiration: { type: 'PX', value: delay } });
    }
  }

  /** A successful login clears the account's counters (not the IP's: one good password must not unlock a scan). */
  async succeed(email: string): Promise<void> {
    const [acct] = this.keys(email, '');
    if (acct) await this.redis.del([acct.fail, acct.lock]);
  }
}

/** Fixed-window limiter: true while `key` has been hit at most `limit` times in the window. */
export async function allow(redis: Redis, key: string, limit: number, windowSeconds: number): Promise<boolean> {
  const k = `rate:${digest(key)}`;
  const [count] = (await redis.multi().incr(k).expire(k, windowSeconds, 'NX').exec()) as unknown as [number];
  return Number(count) <= limit;
}

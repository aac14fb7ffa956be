// The `rate-limit` policy: per client address, counted in Redis so every
// gateway replica shares the counts. Each API route belongs to one class
// (search, admin, api); sign-in and the other password- or mail-related
// account calls also draw from the tight `auth` class.
import type { Request, RequestHandler } from 'express';
import ipaddr from 'ipaddr.js';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { MESSAGES, sendError } from './errors';
import type { RateLimitClass, RateLimitSetting } from './settings';
import type { Logger } from './sessionStore';

export type RouteRateClass = Exclude<RateLimitClass, 'auth'>;

export const rateLimitSchema = {
  $id: 'http://syn.local/schemas/policies/rate-limit.json',
  type: 'object',
  properties: { class: { type: 'string', enum: ['search', 'admin', 'api'], default: 'api' } },
  required: ['class'],
} as const;

/**
 * Account calls that check a password, reveal whether an account exists or send mail: guessing and
 * mail-bombing targets. Lower case without a trailing slash, as express routes case-insensitively.
 */
export const AUTH_PATHS: ReadonlySet<string> = new Set(
  [
    '/api/user/login',
    '/api/user/join',
    '/api/user/find',
    '/api/user/change',
    '/api/user/confirm',
    '/api/user/certify',
    '/api/user/checkRecommendUserInfo',
    '/api/user/updateUserInfo',
    '/api/user/insertUserCancelInfo',
    '/api/user/searchPrevUserInfo',
    '/api/user/combinePrevUserInfo',
  ].map((path) => path.toLowerCase()),
);

function isAuthPath(req: Request): boolean {
  return AUTH_PATHS.has(req.path.toLowerCase().replace(/\/+$/, ''));
}

/**
 * The key a client is counted under: an IPv4 address as is (also when IPv4-mapped), an IPv6 address by
 * its /64, because one subscriber usually holds a whole /64 and could otherwise rotate addresses freely.
 */
export function clientKey(address: string): string {
  const bare = address.split('%')[0] ?? address; // drop an IPv6 zone index
  if (!ipaddr.isValid(bare)) return address;
  // process() turns an IPv4-mapped IPv6 address into its IPv4 form.
  const ip = ipaddr.process(bare);
  if (ip.kind() === 'ipv4') return ip.toString();
  const head = ip.toNormalizedString().split(':').slice(0, 4);
  return `${head.map((group) => group.padStart(4, '0')).join(':')}::/64`;
}

export interface RateLimiters {
  consume(cls: RateLimitClass, key: string): Promise<RateLimiterRes>;
}

/** Redis-backed limiters; while Redis is down each replica counts in memory instead of letting everything through. */
export function createRateLimiters(
  redis: object,
  limits: Record<RateLimitClass, RateLimitSetting>,
  keyPrefix = 'gateway:ratelimit',
): RateLimiters {
  const build = (cls: RateLimitClass): RateLimiterRedis => {
    const { points, durationSeconds: duration } = limits[cls];
    return new RateLimiterRedis({
      storeClient: redis,
      useRedisPackage: true,
      rejectIfRedisNotReady: true,
      keyPrefix: `${keyPrefix}:${cls}`,
      points,
      duration,
      // Once over the limit, a replica refuses the rest of the window without asking Redis again.
      inMemoryBlockOnConsumed: points + 1,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: `${keyPrefix}:${cls}`, points, duration }),
    });
  };
  const limiters: Record<RateLimitClass, RateLimiterRedis> = {
    search: build('search'),
    auth: build('auth'),
    admin: build('admin'),
    api: build('api'),
  };
  return { consume: (cls, key) => limiters[cls].consume(key) };
}

/**
 * `alongside` runs just before the count, in the same tick: Redis work it starts (the session
 * look-up) shares the count's round trip.
 */
export function rateLimitPolicy(
  limiters: RateLimiters,
  cls: RouteRateClass,
  log: Logger,
  alongside?: (req: Request) => void,
): RequestHandler {
  return (req, res, next) => {
    // req.ip honours `trust proxy`: behind a trusted balancer it is the client, otherwise the peer.
    const key = clientKey(req.ip ?? req.socket.remoteAddress ?? 'unknown');
    const classes: RateLimitClass[] = isAuthPath(req) ? [cls, 'auth'] : [cls];
    alongside?.(req);
    Promise.all(classes.map((name) => limiters.consume(name, key))).then(
      () => next(),
      (rejection: unknown) => {
        if (rejection instanceof RateLimiterRes) {
          const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
          return sendError(res, 429, MESSAGES.tooManyRequests, { 'Retry-After': String(seconds) });
        }
        // Both Redis and the in-memory fallback failed: a broken limiter must not take the site down.
        log.error({ err: rejection }, 'rate limiter failed');
        return next();
      },
    );
  };
}

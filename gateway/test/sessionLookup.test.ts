// The session look-up starts with the rate limiter's count (plugin/session.ts startSessionLookup), so
// node-redis sends both in one write: the session policy must then use that look-up, not make a second
// one, and a request refused before the session policy must leave no unobserved rejection behind.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { USER_ID_HEADER } from '@syn/kit/session';
import { rateLimitPolicy, type RateLimiters } from '../src/plugin/rateLimit';
import { sessionPolicy, startSessionLookup } from '../src/plugin/session';
import { SessionStoreUnavailable, type ResolvedSession, type SessionStore } from '../src/plugin/sessionStore';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const SID = 'a'.repeat(43);
const member: ResolvedSession = {
  userId: 42,
  grade: 1,
  deviceKey: '',
  email: 'reader@example.com',
  createdAt: new Date().toISOString(),
  device: 'current',
};

/** A store that counts look-ups and answers with `answer` after `delayMs`. */
function fakeStore(answer: () => Promise<ResolvedSession | null>) {
  const calls: number[] = [];
  const store = {
    find: () => {
      calls.push(Date.now());
      return answer();
    },
    end: async () => undefined,
  } as unknown as SessionStore;
  return { store, calls };
}

async function serve(store: SessionStore, limiters: RateLimiters) {
  const app = express();
  app.use(rateLimitPolicy(limiters, 'search', quiet, (req) => startSessionLookup(req, store)));
  app.use(sessionPolicy(store, 'x'.repeat(32), quiet));
  app.use((req, res) => res.json({ userId: req.headers[USER_ID_HEADER] }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise((r) => server.close(r)) };
}

const allowed: RateLimiters = { consume: async () => new RateLimiterRes(1, 1000, 1, true) };

test('the look-up started with the count is the one the session policy uses: one look-up a request', async () => {
  let counted = 0;
  const { store, calls } = fakeStore(async () => member);
  const limiters: RateLimiters = {
    consume: async () => {
      // The look-up was issued before the count answered: both went out together.
      expect(calls.length).toBe(counted + 1);
      counted++;
      return new RateLimiterRes(1, 1000, 1, true);
    },
  };
  const s = await serve(store, limiters);
  try {
    for (let i = 0; i < 3; i++) {
      const r = await fetch(`${s.url}/x`, { headers: { cookie: `sid=${SID}` } });
      expect(await r.json()).toEqual({ userId: '42' });
    }
    expect(calls).toHaveLength(3);
    expect(counted).toBe(3);
    // No cookie: nothing to look up.
    expect(await (await fetch(`${s.url}/x`)).json()).toEqual({ userId: '99999999' });
    expect(calls).toHaveLength(3);
  } finally {
    await s.close();
  }
});

test('a request the rate limit refuses drops its failed look-up without an unhandled rejection', async () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  const { store, calls } = fakeStore(async () => {
    throw new SessionStoreUnavailable(new Error('redis away'));
  });
  const refusing: RateLimiters = {
    consume: () => Promise.reject(new RateLimiterRes(0, 5000, 101, false)),
  };
  const s = await serve(store, refusing);
  try {
    const r = await fetch(`${s.url}/x`, { headers: { cookie: `sid=${SID}` } });
    expect(r.status).toBe(429);
    expect(calls).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(unhandled).toEqual([]);
  } finally {
    process.off('unhandledRejection', onUnhandled);
    await s.close();
  }
});

test('a look-up that fails is answered 503 by the session policy, as one it made itself', async () => {
  const { store } = fakeStore(async () => {
    throw new SessionStoreUnavailable(new Error('redis away'));
  });
  const s = await serve(store, allowed);
  try {
    const r = await fetch(`${s.url}/x`, { headers: { cookie: `sid=${SID}` } });
    expect(r.status).toBe(503);
  } finally {
    await s.close();
  }
});

import { createClient } from 'redis';
import { env, uniqueName } from './env';

describe('Redis (redis v6 client)', () => {
  const client = createClient({ url: env.redisUrl, socket: { connectTimeout: 5000, reconnectStrategy: false } });
  const prefix = uniqueName('deploy-int');

  beforeAll(async () => {
    await client.connect();
  });
  afterAll(async () => {
    if (!client.isOpen) return;
    const keys = await client.keys(`${prefix}:*`);
    if (keys.length) await client.del(keys);
    await client.quit();
  });

  it('when a session is stored with a TTL, then it reads back in Korean, expires, and counters increment', async () => {
    await client.set(`${prefix}:session`, JSON.stringify({ name: '홍길동' }), { EX: 60 });
    expect(JSON.parse((await client.get(`${prefix}:session`)) ?? '{}')).toEqual({ name: '홍길동' });
    const ttl = await client.ttl(`${prefix}:session`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);

    expect(await client.incr(`${prefix}:views`)).toBe(1);
    expect(await client.incr(`${prefix}:views`)).toBe(2);

    await client.hSet(`${prefix}:user`, { grade: '1', email: 'a@example.com' });
    expect(await client.hGetAll(`${prefix}:user`)).toEqual({ grade: '1', email: 'a@example.com' });

    await client.set(`${prefix}:short`, 'x', { PX: 50 });
    await new Promise((r) => setTimeout(r, 120));
    expect(await client.get(`${prefix}:short`)).toBeNull();
  });
});

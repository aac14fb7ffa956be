import { z } from 'zod';
import { DEVELOPMENT_IDENTITY_SECRET, badRequest, createApp, createLogger, listen, type RunningServer } from '../src';

describe('the shared HTTP app', () => {
  let server: RunningServer;
  let healthy = true;

  beforeAll(async () => {
    const app = createApp({
      service: 'test',
      log: createLogger('test', 'silent'),
      identitySecret: DEVELOPMENT_IDENTITY_SECRET,
      bodyLimit: '1kb',
      health: {
        store: async () => {
          if (!healthy) throw new Error('store down');
        },
      },
      routes: (a) => {
        a.post('/echo', (req, res) => {
          res.json({ got: req.body as unknown });
        });
        a.post('/validated', (req) => {
          z.object({ name: z.string({ message: '이름을 입력해 주세요.' }) }).parse(req.body);
          throw badRequest('unreachable');
        });
        a.get('/store-down', () => {
          const err = new Error('connect ECONNREFUSED 127.0.0.1:9200');
          err.name = 'ConnectionError';
          throw err;
        });
        a.get('/shards-down', () => {
          throw Object.assign(new Error('search_phase_execution_exception'), {
            name: 'ResponseError',
            statusCode: 503,
          });
        });
        a.get('/pg-down', () => {
          throw new Error('query failed', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) });
        });
        a.post('/explode', () => {
          throw new Error('secret internals at /srv/x.ts:12');
        });
        a.post('/async-explode', async () => {
          await Promise.resolve();
          throw badRequest('잘못된 요청입니다.');
        });
      },
    });
    server = await listen(app, 0);
  });
  afterAll(() => server.close());

  const post = (path: string, body: string, type = 'application/json') =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': type }, body });

  it('when a body or query holds U+0000 (PostgreSQL text cannot), then 400 and the handler never runs', async () => {
    for (const body of ['{"name":"a\\u0000b"}', '{"deep":[{"k\\u0000":1}]}']) {
      const res = await post('/echo', body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: true, message: '요청 형식이 올바르지 않습니다.' });
    }
    const query = await fetch(`${server.url}/echo?name=a%00b`, { method: 'POST', body: '' });
    expect(query.status).toBe(400);
    expect((await post('/echo', '{"name":"a\\\\u0000b"}')).status).toBe(200);
  });

  it('when the JSON is malformed, then 400 in the error shape', async () => {
    const res = await post('/echo', '{"a":');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: true, message: '요청 형식이 올바르지 않습니다.' });
  });

  it('when the body is larger than the limit, then 413 in the error shape', async () => {
    const res = await post('/echo', JSON.stringify({ a: 'x'.repeat(5_000) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: true, message: '요청 본문이 너무 큽니다.' });
  });

  it('when a schema rejects the input, then 400 with the schema message', async () => {
    const res = await post('/validated', '{}');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: true, message: '이름을 입력해 주세요.' });
  });

  it('when a store we depend on is out of reach, then 503 with Retry-After and the Korean message', async () => {
    for (const p of ['/store-down', '/shards-down', '/pg-down']) {
      const res = await fetch(`${server.url}${p}`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toEqual({
        error: true,
        message: '서비스를 일시적으로 사용할 수 없습니다. 잠시 후 다시 시도해 주세요.',
      });
    }
  });

  it('when a handler throws an unexpected error, then 500 without internals', async () => {
    const res = await post('/explode', '{}');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toMatch(/secret|\.ts|at /);
    expect(JSON.parse(text)).toMatchObject({ error: true });
  });

  it('when an async handler rejects with an HttpError, then its status and message', async () => {
    const res = await post('/async-explode', '{}');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: true, message: '잘못된 요청입니다.' });
  });

  it('when a path is unknown, then 404 in the error shape', async () => {
    const res = await fetch(`${server.url}/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: true });
  });

  it('when form-encoded params are sent, then they are parsed like JSON', async () => {
    const res = await post('/echo', 'searchWord=%EC%82%AC%EB%9E%91&pageNum=0', 'application/x-www-form-urlencoded');
    expect(await res.json()).toEqual({ got: { searchWord: '사랑', pageNum: '0' } });
  });

  it('when a store check fails, then /health is 503 and names it', async () => {
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    healthy = false;
    const res = await fetch(`${server.url}/health`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ checks: { store: 'store down' } });
    healthy = true;
  });
});

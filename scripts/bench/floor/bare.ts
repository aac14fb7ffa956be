// The two bare processes of bench:floor, each the least a Node HTTP hop can be: no framework, no
// validation, no signature, no logging, no metrics. Started as child processes by floor.ts
// (`node --import tsx bare.ts service|proxy …`); each prints one JSON line {"port": N} once it listens.
//
//   service  POST /view: the Elasticsearch get of `pyojaeId` (undici, kept-alive connections), then,
//            with --redis, the history write a detail view must make before it answers (the
//            dictionary's MULTI: LREM, LPUSH, LTRIM, EXPIRE), then the document as the answer.
//   proxy    any request, forwarded with its headers and body to the upstreams in turn (undici,
//            kept-alive), the answer's status, content type and body sent back. With --redis it first
//            reads the session its `sid` cookie names (one GET of `session:<sha256>`, as a gateway
//            must: the architecture's rule 2), and forwards the session hash as `x-floor-session`.
import { createHash } from 'node:crypto';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { createClient } from 'redis';
import { Pool } from 'undici';

const HISTORY_LIMIT = 10;
/** Kept-alive connections to each upstream: more than the open loop ever has in flight at 100 req/s. */
const CONNECTIONS = 16;

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function fail(res: http.ServerResponse, status: number, why: string): void {
  if (!res.headersSent) res.writeHead(status, { 'content-type': 'text/plain' });
  res.end(why);
}

async function service(port: number, es: string, alias: string, redisUrl: string | undefined): Promise<http.Server> {
  const pool = new Pool(es, { connections: CONNECTIONS });
  const redis = redisUrl ? createClient({ url: redisUrl }) : null;
  await redis?.connect();
  const server = http.createServer((req, res) => {
    void (async () => {
      const { pyojaeId } = JSON.parse((await readBody(req)).toString('utf8')) as { pyojaeId: number };
      const got = await pool.request({ method: 'GET', path: `/${alias}/_doc/${pyojaeId}` });
      const doc = await got.body.text();
      if (got.statusCode !== 200) return fail(res, got.statusCode, doc);
      if (redis) {
        const key = `floor-history:${String(req.headers['x-floor-session'] ?? 'none')}`;
        const entry = JSON.stringify({ id: pyojaeId });
        await redis
          .multi()
          .lRem(key, 0, entry)
          .lPush(key, entry)
          .lTrim(key, 0, HISTORY_LIMIT - 1)
          .expire(key, 600)
          .exec();
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(doc);
    })().catch((err: unknown) => fail(res, 500, String(err)));
  });
  return listen(server, port);
}

const SID = /(?:^|;\s*)sid=([A-Za-z0-9_-]{16,128})/;

async function proxy(port: number, upstreams: string[], redisUrl: string | undefined): Promise<http.Server> {
  const pools = upstreams.map((u) => new Pool(u, { connections: CONNECTIONS }));
  const redis = redisUrl ? createClient({ url: redisUrl }) : null;
  await redis?.connect();
  let next = 0;
  const server = http.createServer((req, res) => {
    void (async () => {
      const sid = redis ? SID.exec(req.headers.cookie ?? '')?.[1] : undefined;
      const hash = sid ? createHash('sha256').update(sid).digest('hex') : undefined;
      // Started before the body is read, as our gateway overlaps its look-up with the rest.
      const session = hash ? redis?.get(`session:${hash}`) : undefined;
      const body = await readBody(req);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) {
        if (v !== undefined && k !== 'host' && k !== 'connection' && k !== 'content-length') {
          headers[k] = Array.isArray(v) ? v.join(', ') : v;
        }
      }
      if (session !== undefined) {
        if ((await session) === null) return fail(res, 401, 'no session');
        headers['x-floor-session'] = hash ?? '';
      }
      const pool = pools[next++ % pools.length] as Pool;
      const up = await pool.request({
        method: req.method === 'GET' ? 'GET' : 'POST',
        path: req.url ?? '/',
        headers,
        ...(body.length > 0 ? { body } : {}),
      });
      const answer = Buffer.from(await up.body.arrayBuffer());
      const type = up.headers['content-type'];
      res.writeHead(up.statusCode, typeof type === 'string' ? { 'content-type': type } : {});
      res.end(answer);
    })().catch((err: unknown) => fail(res, 502, String(err)));
  });
  return listen(server, port);
}

function listen(server: http.Server, port: number): Promise<http.Server> {
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      port: { type: 'string', default: '0' },
      es: { type: 'string' },
      alias: { type: 'string' },
      redis: { type: 'string' },
      upstream: { type: 'string' },
    },
  });
  const port = Number(values.port);
  let server: http.Server;
  if (positionals[0] === 'service' && values.es && values.alias) {
    server = await service(port, values.es, values.alias, values.redis);
  } else if (positionals[0] === 'proxy' && values.upstream) {
    server = await proxy(port, values.upstream.split(','), values.redis);
  } else {
    throw new Error(
      'usage: bare.ts service --es URL --alias NAME [--redis URL] | proxy --upstream URL[,URL…] [--redis URL]',
    );
  }
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
  // Nothing to drain: the benchmark stops its load before it stops these.
  process.on('SIGTERM', () => process.exit(0));
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

// npm run bench:hops [-- --requests 600 --dataset generated|default --offset 57]
//
// What each hop of a detail view costs, one request at a time (no queueing, no other load from the
// benchmark): a bare round trip to another process (Redis PING), the Elasticsearch get the service
// makes (raw, and through the service's own client), the dictionary service answering the view
// (signed as the gateway signs it, with a returning visitor's session: the history write included),
// and the gateway in front of it (rate-limit count and session look-up included). The differences
// between the rows are what the service and the gateway add over Elasticsearch: the floor under the
// open-loop figures of bench:search, where queueing on two cores comes on top. Never-viewed ids, so
// neither the answer cache nor Elasticsearch's caches answer.
import { parseArgs } from 'node:util';
import { Client } from '@elastic/elasticsearch';
import { createClient as createRedis } from 'redis';
import { Pool, type Dispatcher } from 'undici';
import { DEVELOPMENT_IDENTITY_SECRET, GATEWAY_ISSUER, identityHeaders } from '@syn/kit/identity';
import { ANONYMOUS_GRADE, ANONYMOUS_USER_ID, newSessionId, sessionHash } from '@syn/kit/session';
import { topology } from '../topology';
import { datasetFlags, datasetKind, prepareDataset, readHeadwords, startDatasetStack } from './dataset';
import { datasetLine, machineLine, servedDataset } from './machine';
import { shuffled } from './queries';
import { visitorSession, type VisitorSession } from './visitor';

const DETAIL = '/api/dic/search/wordSynItems';
/** Pause between two requests, so each finds every process idle (the floor, not a queue). */
const GAP_MS = 5;

const USAGE = `npm run bench:hops -- [--requests N] [--dataset generated|default] [--offset N]

  --requests N   timed requests per row, after 50 untimed ones                 [600]
  --dataset      generated: the 500k set (imported once); default: the small set  [generated]
  --offset N     TEST_STACK_OFFSET of the stack it starts                        [57]`;

interface Row {
  label: string;
  ms: number[];
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

async function timed(label: string, n: number, ids: () => number, call: (id: number) => Promise<void>): Promise<Row> {
  for (let i = 0; i < 50; i++) await call(ids());
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const id = ids();
    const start = performance.now();
    await call(id);
    ms.push(performance.now() - start);
    await new Promise((r) => setTimeout(r, GAP_MS));
  }
  return { label, ms: ms.sort((a, b) => a - b) };
}

async function main(): Promise<void> {
  const { values: a } = parseArgs({
    options: {
      requests: { type: 'string', default: '600' },
      help: { type: 'boolean', default: false },
      ...datasetFlags('57'),
    },
  });
  if (a.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const n = Number(a.requests);
  if (!Number.isInteger(n) || n < 10) throw new Error('--requests must be an integer ≥ 10');
  process.env.TEST_STACK_OFFSET = a.offset;
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const data = await prepareDataset(datasetKind(a.dataset), { reimport: a.reimport, log });
  const topo = topology('test');
  const esUrl = topo.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200';
  // Every row draws its own never-viewed ids.
  const allIds = shuffled(
    (await readHeadwords(data.file)).map((h) => h.id),
    11,
  );
  let next = 0;
  const ids = () => allIds[next++ % allIds.length] ?? 1;

  const stack = await startDatasetStack(data, a.offset, log);
  const redis = createRedis({ url: topo.env.REDIS_URL ?? 'redis://127.0.0.1:6379/1' });
  const sid = newSessionId();
  const hash = sessionHash(sid);
  const service = (stack.env.DICTIONARY_URLS ?? '').split(',')[0] ?? '';
  const es = new Pool(esUrl, { connections: 1 });
  const esClient = new Client({ node: esUrl });
  const gateway = new Pool(stack.baseUrl, { connections: 1 });
  const direct = new Pool(service, { connections: 1 });
  const rows: Row[] = [];
  let visitor: VisitorSession | undefined;
  try {
    await redis.connect();
    visitor = await visitorSession(redis, sid);
    const served = await servedDataset(stack.baseUrl);
    const body = (id: number) => JSON.stringify({ userId: ANONYMOUS_USER_ID, pyojaeId: id, userAuthKey: '' });
    const expect200 = async (res: Dispatcher.ResponseData, what: string) => {
      await res.body.text();
      if (res.statusCode !== 200) throw new Error(`${what}: HTTP ${res.statusCode}`);
    };

    rows.push(await timed('Redis PING (a bare round trip)', n, ids, async () => void (await redis.ping())));
    rows.push(
      await timed('Elasticsearch get, raw HTTP', n, ids, async (id) => {
        await expect200(await es.request({ method: 'GET', path: `/${data.alias}/_doc/${id}` }), 'get');
      }),
    );
    rows.push(
      await timed("Elasticsearch get, the service's client", n, ids, async (id) => {
        await esClient.get({ index: data.alias, id: String(id) });
      }),
    );
    rows.push(
      await timed('dictionary service (signed)', n, ids, async (id) => {
        const signed = identityHeaders(DEVELOPMENT_IDENTITY_SECRET, GATEWAY_ISSUER, 'POST', DETAIL, {
          userId: ANONYMOUS_USER_ID,
          grade: ANONYMOUS_GRADE,
          sessionHash: hash,
        });
        const headers = { 'content-type': 'application/json', ...signed };
        await expect200(await direct.request({ method: 'POST', path: DETAIL, headers, body: body(id) }), 'service');
      }),
    );
    rows.push(
      await timed('gateway → dictionary service', n, ids, async (id) => {
        const headers = { 'content-type': 'application/json', cookie: `sid=${sid}` };
        await expect200(await gateway.request({ method: 'POST', path: DETAIL, headers, body: body(id) }), 'gateway');
      }),
    );

    const out = (line: string) => process.stdout.write(`${line}\n`);
    out('');
    out('════ bench:hops — one detail view at a time, never-viewed ids ════');
    out(datasetLine(served, data.alias));
    out(machineLine());
    out(`${n} timed requests a row, ${GAP_MS} ms apart, one connection each`);
    out(`${'hop'.padEnd(44)}${'p50 ms'.padStart(9)}${'p90 ms'.padStart(9)}${'p99 ms'.padStart(9)}`);
    for (const r of rows) {
      const cells = [0.5, 0.9, 0.99].map((q) => quantile(r.ms, q).toFixed(2).padStart(9));
      out(`${r.label.padEnd(44)}${cells.join('')}`);
    }
    const p50 = (label: string) => quantile(rows.find((r) => r.label === label)?.ms ?? [], 0.5);
    const esGet = p50("Elasticsearch get, the service's client");
    const svc = p50('dictionary service (signed)');
    const gw = p50('gateway → dictionary service');
    out(
      `p50: the service adds ${(svc - esGet).toFixed(2)} ms over its Elasticsearch get, the gateway ${(gw - svc).toFixed(2)} ms over the service; ` +
        `gateway ÷ raw Elasticsearch get ${(gw / p50('Elasticsearch get, raw HTTP')).toFixed(2)}×`,
    );
  } finally {
    if (redis.isOpen) {
      await visitor?.forget();
      await redis.close();
    }
    await Promise.all([es.close(), gateway.close(), direct.close(), esClient.close()]);
    await stack.stop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

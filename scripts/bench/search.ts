// npm run bench:search [-- --duration 20 --connections 50 --reimport]
//
// The dictionary's search benchmark. Loads the generated 500k headword /
// 1.5M relation set into its own alias (never `headwords`: generated data is for benchmarks
// only), starts a test stack whose dictionary reads that alias, then drives search (a mix of
// exact, prefix, 초성 and contains queries) and detail through the gateway with autocannon at a
// fixed concurrency, and the same queries straight to Elasticsearch for comparison.
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createClient as createRedis } from 'redis';
import { DEVELOPMENT_IDENTITY_SECRET, GATEWAY_ISSUER, identityHeaders } from '@syn/kit/identity';
import {
  ANONYMOUS_GRADE,
  ANONYMOUS_USER_ID,
  newSessionId,
  sessionHash,
  SESSION_TTL_SECONDS,
  type SessionData,
} from '@syn/kit/session';
import { buildSearchBody } from '../../services/dictionary/src/domain/query';
import { topology } from '../topology';
import {
  ALIAS,
  datasetFlags,
  ensureDataset,
  HEADWORDS,
  queryMix,
  RELATIONS,
  rotating,
  sampleHeadwords,
  startDatasetStack,
} from './dataset';

/** Distinct queries of each kind (and detail ids): enough that the service's answer cache is not all hits. */
const SAMPLE = 5_000;

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    ...datasetFlags('59'),
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
process.env.TEST_STACK_OFFSET = args.offset;

const log = (line: string) => process.stdout.write(`${line}\n`);

interface Figures {
  label: string;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  requests: number;
}

function run(label: string, opts: autocannon.Options): Promise<Figures> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, ...(opts.amount ? {} : { duration: DURATION }), ...opts }, (err, result) => {
      if (err) {
        reject(err);
        return;
      }
      resolve({
        label,
        p50: result.latency.p50,
        p99: result.latency.p99,
        rps: result.requests.average,
        errors: result.errors + result.timeouts + result.non2xx,
        requests: result.requests.total,
      });
    });
  });
}

function table(rows: Figures[]): void {
  log('');
  log(
    `${'target'.padEnd(34)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'req/s'.padStart(10)}${'errors'.padStart(9)}${'requests'.padStart(10)}`,
  );
  for (const r of rows) {
    log(
      `${r.label.padEnd(34)}${r.p50.toFixed(1).padStart(9)}${r.p99.toFixed(1).padStart(9)}${r.rps.toFixed(0).padStart(10)}${String(r.errors).padStart(9)}${String(r.requests).padStart(10)}`,
    );
  }
}

async function main(): Promise<void> {
  const imported = await ensureDataset({ reimport: args.reimport, log });
  const sample = await sampleHeadwords(SAMPLE);
  const queries = queryMix(sample).map((q) => q.text);
  const ids = sample.map((s) => s.id);
  log(`${queries.length} distinct queries (exact, prefix, 초성, contains in turn), ${ids.length} distinct detail ids`);

  const topo = topology('test');
  const stack = await startDatasetStack(args.offset, log);
  // One anonymous session for the detail runs, as a returning visitor has: the gateway resolves
  // it from Redis and the dictionary writes the history under it (without it every request
  // would mint a new session).
  const redis = createRedis({ url: topo.env.REDIS_URL ?? 'redis://127.0.0.1:6379/1' });
  await redis.connect();
  const sid = newSessionId();
  const session: SessionData = {
    userId: 99999999,
    grade: -1,
    deviceKey: '',
    email: '',
    createdAt: new Date().toISOString(),
  };
  await redis.set(`session:${sessionHash(sid)}`, JSON.stringify(session), { EX: SESSION_TTL_SECONDS });

  const esUrl = topo.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200';
  const rows: Figures[] = [];
  try {
    const searchBody = rotating(queries.map((q) => JSON.stringify({ searchWord: q, pageSize: 10, pageNum: 0 })));
    const detailBody = rotating(ids.map((id) => JSON.stringify({ userId: 99999999, pyojaeId: id, userAuthKey: '' })));
    const esSearchBody = rotating(queries.map((q) => JSON.stringify(buildSearchBody(q, { page: 0, size: 10 }))));
    const esDetailPath = rotating(ids.map((id) => `/${ALIAS}/_doc/${id}`));
    const json = { 'content-type': 'application/json' };

    const searchVia = (base: string): autocannon.Options => ({
      url: base,
      requests: [
        {
          method: 'POST',
          path: '/api/dic/search/pyojaeItems',
          headers: json,
          setupRequest: (r) => ({ ...r, body: searchBody() }),
        },
      ],
    });
    const detailVia = (base: string): autocannon.Options => ({
      url: base,
      requests: [
        {
          method: 'POST',
          path: '/api/dic/search/wordSynItems',
          headers: { ...json, cookie: `sid=${sid}` },
          setupRequest: (r) => ({ ...r, body: detailBody() }),
        },
      ],
    });
    const esSearchRun = (): autocannon.Options => ({
      url: esUrl,
      requests: [
        {
          method: 'POST',
          path: `/${ALIAS}/_search?request_cache=true&filter_path=hits.total,hits.hits._source`,
          headers: json,
          setupRequest: (r) => ({ ...r, body: esSearchBody() }),
        },
      ],
    });
    const esDetailRun = (): autocannon.Options => ({
      url: esUrl,
      requests: [{ method: 'GET', setupRequest: (r) => ({ ...r, path: esDetailPath() }) }],
    });
    // Every query and id once before measuring, so neither side is measured cold: Elasticsearch's
    // request cache and page cache, and the service's answer cache, hold the working set.
    log(`warming up: every query and id once …`);
    await run('warm-up', { ...searchVia(stack.baseUrl), amount: queries.length });
    await run('warm-up', { ...detailVia(stack.baseUrl), amount: ids.length });

    log('search through the gateway …');
    rows.push(await run('search via gateway', searchVia(stack.baseUrl)));
    log('detail through the gateway …');
    rows.push(await run('detail via gateway', detailVia(stack.baseUrl)));
    log('the same searches straight to Elasticsearch …');
    rows.push(await run('search direct to Elasticsearch', esSearchRun()));
    log('the same details straight to Elasticsearch …');
    rows.push(await run('detail direct to Elasticsearch', esDetailRun()));
    // Where the time goes: the dictionary service without the gateway in front.
    const serviceUrl = `http://127.0.0.1:${topo.ports.dictionary}`;
    log('search and detail straight to the dictionary service (no gateway) …');
    rows.push(await run('search direct to service', searchVia(serviceUrl)));
    rows.push(
      await run('detail direct to service', {
        ...detailVia(serviceUrl),
        requests: [
          {
            method: 'POST',
            path: '/api/dic/search/wordSynItems',
            // What the gateway forwards for the same visitor session, signed afresh for each request
            // (a signature lives 30 s; a run is longer).
            setupRequest: (r) => ({
              ...r,
              body: detailBody(),
              headers: {
                ...json,
                ...identityHeaders(
                  DEVELOPMENT_IDENTITY_SECRET,
                  GATEWAY_ISSUER,
                  'POST',
                  '/api/dic/search/wordSynItems',
                  {
                    userId: ANONYMOUS_USER_ID,
                    grade: ANONYMOUS_GRADE,
                    sessionHash: sessionHash(sid),
                  },
                ),
              },
            }),
          },
        ],
      }),
    );
  } finally {
    const hash = sessionHash(sid);
    await redis.del([`session:${hash}`, `history:${hash}`]);
    await redis.close();
    await stack.stop();
  }

  const [search, detail, esSearch, esDetail] = rows as [Figures, Figures, Figures, Figures];
  log('');
  log(
    `dataset: ${HEADWORDS.toLocaleString('en')} headwords, ${RELATIONS.toLocaleString('en')} relations (alias ${ALIAS})`,
  );
  log(
    imported.summary && !imported.summary.unchanged
      ? `import: ${imported.seconds.toFixed(1)} s (just now)`
      : `import: already loaded; the import took ${Number.isNaN(imported.seconds) ? 'an unknown time' : `${imported.seconds.toFixed(1)} s`} (${imported.when}); --reimport measures it again`,
  );
  log(`load: ${CONNECTIONS} connections, ${DURATION} s per run, autocannon`);
  table(rows);
  log('');
  log(
    `gateway ÷ direct p50: search ${(search.p50 / esSearch.p50).toFixed(2)}×, detail ${(detail.p50 / esDetail.p50).toFixed(2)}×`,
  );
  const verdicts = [
    [`import ≤ 180 s`, imported.seconds <= 180],
    [`search p99 ≤ 50 ms`, search.p99 <= 50],
    [`detail p99 ≤ 30 ms`, detail.p99 <= 30],
    [`zero errors`, search.errors + detail.errors === 0],
    [`search p50 ≤ 2× direct`, search.p50 <= 2 * esSearch.p50],
    [`detail p50 ≤ 2× direct`, detail.p50 <= 2 * esDetail.p50],
  ] as const;
  for (const [what, ok] of verdicts) log(`${ok ? 'met    ' : 'MISSED '} ${what}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

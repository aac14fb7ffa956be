// bench:search's run (see scripts/bench/search.ts): the dataset and its queries, a test stack, the
// Elasticsearch calls the service makes, then the phases, each on the three paths alike.
import { createClient as createRedis } from 'redis';
import { newSessionId, sessionHash } from '@syn/kit/session';
import { visitorSession } from '../visitor';
import type { Stack } from '../../stack';
import { topology } from '../../topology';
import { prepareDataset, readHeadwords, startDatasetStack, type Imported } from '../dataset';
import { GOAL } from '../ladder';
import { cacheCounts, cacheLine, datasetLine, machineLine, servedDataset, type ServedDataset } from '../machine';
import { distinctQueries, shuffled } from '../queries';
import type { Figures } from './drive';
import type { SearchOptions } from './options';
import { interleaved, openRates, openRequestsPerPath, prime, type Item, type MakeTarget } from './phases';
import { highestMet, log, rateTable, ratioLine, ratios, table, type RateRow } from './report';
import { detailTarget, PATHS, searchTarget, type Endpoints, type PathName } from './targets';
import { clearRequestCache, recordDetails, recordSearches } from './traces';

const QUERY_SEED = 7;
/** Connections that prime the warm set (not measured). */
const PRIMING_CONNECTIONS = 8;

/** Items i, i + k, i + 2k … of `all`: every path draws from the same distribution, never the same item. */
const everyKth = <T>(all: readonly T[], i: number, k: number) => all.filter((_, j) => j % k === i);
const byPath = <T>(all: readonly T[]) =>
  Object.fromEntries(PATHS.map((p, i) => [p, everyKth(all, i, PATHS.length)])) as Record<PathName, T[]>;
const samePerPath = <T>(all: T[]) => Object.fromEntries(PATHS.map((p) => [p, all])) as Record<PathName, T[]>;
/** n items from `list` starting at `from`, starting over when it runs out (the run then reports repeats). */
const take = <T>(list: readonly T[], from: number, n: number): T[] =>
  Array.from({ length: n }, (_, i) => list[(from + i) % list.length] as T);

interface Results {
  served: ServedDataset;
  coldSearch?: Record<PathName, Figures>;
  coldDetail?: Record<PathName, Figures>;
  warmSearch?: Record<PathName, Figures>;
  warmDetail?: Record<PathName, Figures>;
  open: RateRow[];
  /** Detail views at the same fixed rates. */
  openDetail: RateRow[];
  repeats: string[];
  /** The machine's load when each phase ended, printed beside its table. */
  machine: Partial<Record<'coldSearch' | 'coldDetail' | 'warmSearch' | 'warmDetail' | 'open' | 'openDetail', string>>;
}

export async function main(o: SearchOptions): Promise<void> {
  process.env.TEST_STACK_OFFSET = o.offset;
  const topo = topology('test');
  const data = await prepareDataset(o.dataset, { reimport: o.reimport, log });
  const { file, alias, imported } = data;
  const esUrl = topo.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200';

  // autocannon builds each connection's next request before it knows the run is over, so every
  // connection of every closed-loop round may take one item it never sends. The open loop sends
  // exactly rate × seconds at each step.
  const slack = o.connections * o.rounds;
  const cold = o.skip.has('cold') ? 0 : o.requests + slack;
  const coldIds = o.skip.has('cold') || o.skip.has('detail') ? 0 : o.requests + slack;
  const warm = o.skip.has('warm') ? 0 : o.warmSet;
  const openPerPath = o.skip.has('open') ? 0 : openRequestsPerPath(o.rates, o.stepSeconds);
  const wanted = warm + cold * PATHS.length + openPerPath * PATHS.length;

  const headwords = await readHeadwords(file);
  const words = headwords.map((h) => h.word);
  const queries = distinctQueries(words, wanted, QUERY_SEED).map((q): Item => ({ text: q.text, id: 0, calls: [] }));
  const ids = shuffled(
    headwords.map((h) => h.id),
    QUERY_SEED,
  ).map((id): Item => ({ text: '', id, calls: [] }));
  log(
    `${file}: ${headwords.length.toLocaleString('en')} headwords read; ${queries.length.toLocaleString('en')} distinct queries (exact, prefix, 초성, contains) of ${wanted.toLocaleString('en')} wanted` +
      (queries.length < wanted ? ' — the file holds no more, so the last phases repeat some (counted below)' : ''),
  );
  const warmQueries = queries.slice(0, warm);
  const coldQueries = byPath(take(queries, warm, cold * PATHS.length));
  const openQueries = byPath(take(queries, warm + cold * PATHS.length, openPerPath * PATHS.length));
  const warmIds = take(ids, 0, warm);
  const coldIdItems = byPath(take(ids, warm, coldIds * PATHS.length));
  const openIds = o.skip.has('detail') ? 0 : openPerPath;
  const openIdItems = byPath(take(ids, warm + coldIds * PATHS.length, openIds * PATHS.length));

  const stack: Stack = await startDatasetStack(data, o.offset, log, {
    ...(o.answerCache !== null ? { ANSWER_CACHE_ENTRIES: String(o.answerCache) } : {}),
  });
  const redis = createRedis({ url: topo.env.REDIS_URL ?? 'redis://127.0.0.1:6379/1' });
  const sid = newSessionId();
  const results: Results = {
    served: { headwords: 0, relations: 0, generated: false },
    open: [],
    openDetail: [],
    repeats: [],
    machine: {},
  };
  const services = o.services ?? (stack.env.DICTIONARY_URLS ?? '').split(',').filter((u) => u !== '');
  try {
    const e: Endpoints = { gateway: stack.baseUrl, services, elasticsearch: esUrl, sid };
    results.served = await servedDataset(stack.baseUrl);
    // A returning visitor's session: the gateway resolves it, the dictionary keeps the history under it.
    await redis.connect();
    await visitorSession(redis, sid);

    // Elasticsearch's path replays what the service's read path sends (closed and open loop alike);
    // recording fills the request cache, which is emptied before anything is measured.
    const esSearches = [...coldQueries.elasticsearch, ...warmQueries, ...openQueries.elasticsearch];
    const esIds = [...coldIdItems.elasticsearch, ...warmIds, ...openIdItems.elasticsearch];
    log(`recording the Elasticsearch calls of ${esSearches.length} searches and ${esIds.length} detail views …`);
    const searchTraces = await recordSearches(
      esUrl,
      alias,
      esSearches.map((q) => q.text),
    );
    esSearches.forEach((it, i) => (it.calls = searchTraces[i] ?? []));
    const idTraces = await recordDetails(
      esUrl,
      alias,
      esIds.map((it) => it.id),
    );
    esIds.forEach((it, i) => (it.calls = idTraces[i] ?? []));
    await clearRequestCache(esUrl, alias);
    const perSearch = esSearches.reduce((n, it) => n + it.calls.length, 0) / Math.max(1, esSearches.length);
    log(
      `the read path makes ${perSearch.toFixed(2)} Elasticsearch calls per search (_analyze, the tiered search, a typo search when it needs one)`,
    );
    log(datasetLine(results.served, alias));
    log(`dictionary service(s) measured directly: ${services.join(', ')}`);

    const searches: MakeTarget = (p, next) => searchTarget(p, e, next);
    const details: MakeTarget = (p, next) => detailTarget(p, e, next);
    const closed = { requests: o.requests, rounds: o.rounds, connections: o.connections };
    // Each phase's machine line carries the answer cache's share of its look-ups.
    let cacheBefore = await cacheCounts(services);
    const phaseLine = async (): Promise<string> => {
      const after = await cacheCounts(services);
      const line = `${machineLine()}\n${cacheLine(cacheBefore, after)}`;
      cacheBefore = after;
      return line;
    };
    if (cold > 0) {
      log(`COLD search: ${o.requests} never-sent queries per path, ${o.rounds} rounds …`);
      results.coldSearch = await interleaved({ ...closed, itemsOf: coldQueries, make: searches }, results.repeats);
      results.machine.coldSearch = await phaseLine();
    }
    if (coldIds > 0) {
      log(`COLD detail: ${o.requests} never-viewed ids per path, ${o.rounds} rounds …`);
      results.coldDetail = await interleaved({ ...closed, itemsOf: coldIdItems, make: details }, results.repeats);
      results.machine.coldDetail = await phaseLine();
    }
    if (warm > 0) {
      log(`WARM search: priming ${warm} queries on every path, then ${o.requests} requests per path from them …`);
      await prime(samePerPath(warmQueries), searches, PRIMING_CONNECTIONS);
      cacheBefore = await cacheCounts(services);
      results.warmSearch = await interleaved({ ...closed, itemsOf: samePerPath(warmQueries), make: searches });
      results.machine.warmSearch = await phaseLine();
      if (!o.skip.has('detail')) {
        log(`WARM detail: priming ${warm} ids on every path, then ${o.requests} requests per path from them …`);
        await prime(samePerPath(warmIds), details, PRIMING_CONNECTIONS);
        cacheBefore = await cacheCounts(services);
        results.warmDetail = await interleaved({ ...closed, itemsOf: samePerPath(warmIds), make: details });
        results.machine.warmDetail = await phaseLine();
      }
    }
    if (openPerPath > 0) {
      log(
        `OPEN LOOP: search at ${o.rates.join(', ')} req/s, ${o.stepSeconds} s each, gateway, service, Elasticsearch …`,
      );
      results.open = await openRates(openQueries, searches, o.rates, o.stepSeconds, results.repeats);
      results.machine.open = await phaseLine();
      if (openIds > 0) {
        log(
          `OPEN LOOP: detail views at ${o.rates.join(', ')} req/s, ${o.stepSeconds} s each, gateway, service, Elasticsearch …`,
        );
        results.openDetail = await openRates(openIdItems, details, o.rates, o.stepSeconds, results.repeats);
        results.machine.openDetail = await phaseLine();
      }
    }
  } finally {
    const hash = sessionHash(sid);
    if (redis.isOpen) {
      await redis.del([`session:${hash}`, `history:${hash}`]);
      await redis.close();
    }
    await stack.stop();
  }
  report(o, results, imported, alias, services);
}

function report(
  o: SearchOptions,
  r: Results,
  imported: Imported | null,
  alias: string,
  services: readonly string[],
): void {
  log('');
  log('════ bench:search ════');
  log(datasetLine(r.served, alias));
  log(`run ended: ${machineLine()}`);
  if (imported) {
    log(
      imported.summary && !imported.summary.unchanged
        ? `import: ${imported.seconds.toFixed(1)} s (just now)`
        : `import: already loaded; it took ${Number.isNaN(imported.seconds) ? 'an unknown time' : `${imported.seconds.toFixed(1)} s`} (${imported.when}); --reimport measures it again`,
    );
  }
  log(
    `dictionary service(s): ${services.join(', ')}; ANSWER_CACHE_ENTRIES ${o.answerCache ?? 'unset (the service default)'}`,
  );
  log(
    `closed loop: ${o.connections} connections per path flat out, ${o.requests} requests per path in ${o.rounds} round${o.rounds === 1 ? '' : 's'} (gateway, service, Elasticsearch in turn); ` +
      'Elasticsearch replays the calls the service makes for the same kind of request',
  );
  log(`queries sent twice because the dataset ran out: ${r.repeats.length ? r.repeats.join(', ') : 'none'}`);
  const rows = (f: Record<PathName, Figures>) => PATHS.map((p) => ({ label: p, f: f[p] }));
  if (r.coldSearch) {
    table(
      'COLD search — every query sent once in the whole run (no answer-cache or request-cache hit)',
      rows(r.coldSearch),
      r.machine.coldSearch,
    );
    ratios('cold search', r.coldSearch);
  }
  if (r.coldDetail) {
    table('COLD detail — every id viewed once in the whole run', rows(r.coldDetail), r.machine.coldDetail);
    ratios('cold detail', r.coldDetail);
  }
  if (r.warmSearch) {
    table(
      `WARM search — ${o.warmSet} queries, each primed on every path first`,
      rows(r.warmSearch),
      r.machine.warmSearch,
    );
    ratios('warm search', r.warmSearch);
  }
  if (r.warmDetail) {
    table(`WARM detail — ${o.warmSet} ids, each primed on every path first`, rows(r.warmDetail), r.machine.warmDetail);
    ratios('warm detail', r.warmDetail);
  }
  verdicts(r, imported);
  if (r.openDetail.length > 0) {
    rateTable(
      r.openDetail,
      r.machine.openDetail,
      'OPEN LOOP — detail views at fixed rates, never-viewed ids (answer cache misses)',
    );
  }
  if (r.open.length > 0) {
    rateTable(r.open, r.machine.open);
    const how = {
      gateway: 'through the gateway',
      service: 'straight to the service',
      elasticsearch: 'straight to Elasticsearch',
    };
    for (const p of PATHS) {
      const best = highestMet(r.open, p);
      log(
        `highest open-loop search rate ${how[p]} with p99 ≤ ${GOAL.p99Ms} ms, no errors and ≥ ${GOAL.throughputShare * 100} % delivered: ` +
          (best === null ? `none of ${o.rates.join(', ')} req/s` : `${best} req/s (of ${o.rates.join(', ')})`),
      );
    }
  }
  if (r.open.length > 0 || r.openDetail.length > 0) targetsAt(100, r.open, r.openDetail);
}

/**
 * The latency targets at one open-loop rate through the gateway, cold (never-sent queries,
 * never-viewed ids), and the gateway's p50 against Elasticsearch's for the same requests at the same
 * rate (the issue's "≤ 2× the p50 of the same body sent straight to Elasticsearch").
 */
function targetsAt(rate: number, search: readonly RateRow[], detail: readonly RateRow[]): void {
  const at = (rows: readonly RateRow[]) => rows.find((row) => row.rate === rate && row.path === 'gateway');
  const s = at(search);
  const d = at(detail);
  const line = (what: string, f: { p50: number; p99: number } | undefined, p50: number, p99: number) =>
    f
      ? `${what} at ${rate} req/s through the gateway: p50 ${f.p50.toFixed(1)} ms (target ≤ ${p50}) ${f.p50 <= p50 ? 'met' : 'MISSED'}, p99 ${f.p99.toFixed(1)} ms (target ≤ ${p99}) ${f.p99 <= p99 ? 'met' : 'MISSED'}`
      : `${what}: no ${rate} req/s step in this run`;
  log(line('cold search', s?.f, 15, 60));
  log(line('cold detail', d?.f, 10, 40));
  log(ratioLine('cold search', search, rate));
  log(ratioLine('cold detail', detail, rate));
}

/**
 * The targets, judged on each closed-loop phase through the gateway (saturated: a latency target is
 * set for one request's path, so the open-loop rates are the fairer reading).
 */
function verdicts(r: Results, imported: Imported | null): void {
  const checks: [string, boolean][] = [];
  if (imported && Number.isFinite(imported.seconds)) checks.push(['import ≤ 180 s', imported.seconds <= 180]);
  for (const [phase, search, detail] of [
    ['cold', r.coldSearch, r.coldDetail],
    ['warm', r.warmSearch, r.warmDetail],
  ] as const) {
    if (search) {
      checks.push([`${phase} search p99 ≤ 50 ms through the gateway`, search.gateway.p99 <= 50]);
      checks.push([`${phase} search p50 ≤ 2× Elasticsearch's`, search.gateway.p50 <= 2 * search.elasticsearch.p50]);
    }
    if (detail) {
      checks.push([`${phase} detail p99 ≤ 30 ms through the gateway`, detail.gateway.p99 <= 30]);
      checks.push([`${phase} detail p50 ≤ 2× Elasticsearch's`, detail.gateway.p50 <= 2 * detail.elasticsearch.p50]);
    }
    const errors = PATHS.reduce((n, p) => n + (search?.[p].errors ?? 0) + (detail?.[p].errors ?? 0), 0);
    if (search || detail) checks.push([`${phase}: zero errors on every path`, errors === 0]);
  }
  log('');
  for (const [what, ok] of checks) log(`${ok ? 'met    ' : 'MISSED '} ${what}`);
}

// npx tsx scripts/eval/analysis-cost.ts [--alias eval-headwords] [--duration 10] [--connections 4]
//
// What query analysis costs on its own: the `_analyze` request searchKorean makes before
// its search, over every query of both evaluation parts. Prints the latency of one call at a time
// (as one request sees it) and, like bench:search's direct rows, the same requests straight to
// Elasticsearch at as many connections as one dictionary process keeps in flight (Elasticsearch's
// analyze pool, one thread with a queue of 16, answers 429 to more: those are counted as errors). Needs the alias to exist (npm run eval:search imports it).
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { normalizeQuery, worthAnalysing } from '../../services/dictionary/src/domain/korean';
import { createClient } from '../../services/dictionary/src/store/client';
import { ANALYZER } from '../../services/dictionary/src/store/mapping';
import { analyseQuery, MAX_ANALYSES_IN_FLIGHT } from '../../services/dictionary/src/store/read';
import { PARTS, readQueries } from './search';

const { values: args } = parseArgs({
  options: {
    alias: { type: 'string', default: 'eval-headwords' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: String(MAX_ANALYSES_IN_FLIGHT) },
  },
});
const log = (line: string) => process.stdout.write(`${line}\n`);
const at = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

async function main(): Promise<void> {
  const queries = [
    ...new Set(
      Object.values(PARTS).flatMap((f) => readQueries(join(__dirname, f)).map((q) => normalizeQuery(q.query))),
    ),
  ].filter(worthAnalysing);
  const client = createClient();
  try {
    // The first call loads the lexicon; a missing alias or an index without the analyzer answers
    // null, and timing those no-ops would print a figure that measures nothing.
    if ((await analyseQuery(client, args.alias, '사랑을')) === null) {
      throw new Error(
        `alias ${args.alias} cannot analyse (missing, or built before nori): run npm run eval:search first`,
      );
    }
    const ms: number[] = [];
    for (const q of queries) {
      const started = process.hrtime.bigint();
      if ((await analyseQuery(client, args.alias, q)) === null) throw new Error(`no analysis for ${q}`);
      ms.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    ms.sort((a, b) => a - b);
    log(
      `${queries.length} queries, one _analyze at a time: p50 ${at(ms, 0.5).toFixed(2)} ms, p99 ${at(ms, 0.99).toFixed(2)} ms`,
    );
  } finally {
    await client.close();
  }
  let i = 0;
  const body = () =>
    JSON.stringify({
      analyzer: ANALYZER.morphemes,
      text: queries[i++ % queries.length],
      explain: true,
      attributes: ['leftPOS'],
    });
  const result = await autocannon({
    url: process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200',
    connections: Number(args.connections),
    duration: Number(args.duration),
    requests: [
      {
        method: 'POST',
        path: `/${args.alias}/_analyze`,
        headers: { 'content-type': 'application/json' },
        setupRequest: (r) => ({ ...r, body: body() }),
      },
    ],
  });
  log(
    `${args.connections} connections straight to Elasticsearch: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `${Math.round(result.requests.average)} req/s, ${result.errors + result.non2xx} errors`,
  );
  if (result.errors + result.non2xx > 0) process.exitCode = 1;
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

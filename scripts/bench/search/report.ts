// What bench:search prints: one table per phase (with the machine's load beside it), the ratios
// between the paths, and the open-loop rates (gateway, service, Elasticsearch at each) with the
// highest one that met the search goal and the gateway ÷ Elasticsearch p50 at one rate.
import { GOAL } from '../ladder';
import { machineLine } from '../machine';
import type { Figures } from './drive';
import type { PathName } from './targets';

export const log = (line: string) => process.stdout.write(`${line}\n`);

const num = (v: number, digits = 1) => (Number.isFinite(v) ? v.toFixed(digits) : '-');

export interface Row {
  label: string;
  f: Figures;
}

/** A phase's table; `machine` is the load when the phase ended (now when not given). */
export function table(title: string, rows: readonly Row[], machine = machineLine()): void {
  log('');
  log(title);
  log(machine);
  log(
    `${'path'.padEnd(34)}${'requests'.padStart(9)}${'p50 ms'.padStart(9)}${'p90 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}${'req/s'.padStart(9)}${'errors'.padStart(8)}`,
  );
  for (const { label, f } of rows) {
    log(
      `${label.padEnd(34)}${String(f.requests).padStart(9)}${num(f.p50).padStart(9)}${num(f.p90).padStart(9)}${num(f.p99).padStart(9)}${num(f.max).padStart(9)}${num(f.rps, 0).padStart(9)}${String(f.errors).padStart(8)}`,
    );
  }
}

/** gateway ÷ service ÷ Elasticsearch, for p50, p99 and throughput. */
export function ratios(what: string, by: Partial<Record<PathName, Figures>>): void {
  const { gateway: g, service: s, elasticsearch: e } = by;
  const r = (a: number | undefined, b: number | undefined) =>
    a !== undefined && b !== undefined && b > 0 ? `${(a / b).toFixed(2)}×` : '-';
  log(
    `${what}: gateway ÷ service p50 ${r(g?.p50, s?.p50)}, p99 ${r(g?.p99, s?.p99)}; ` +
      `service ÷ Elasticsearch p50 ${r(s?.p50, e?.p50)}, p99 ${r(s?.p99, e?.p99)}; ` +
      `gateway ÷ Elasticsearch p50 ${r(g?.p50, e?.p50)}, p99 ${r(g?.p99, e?.p99)}; ` +
      `throughput gateway ÷ Elasticsearch ${r(g?.rps, e?.rps)}`,
  );
}

export interface RateRow {
  rate: number;
  path: PathName;
  f: Figures;
}

/** Met at a rate: p99 within the goal, no error, and at least 90 % of the rate delivered (as bench:load judges a step). */
export function metGoal(r: RateRow): boolean {
  return r.f.p99 <= GOAL.p99Ms && r.f.errors === 0 && r.f.rps >= GOAL.throughputShare * r.rate;
}

/** The highest rate at which `path` met the goal, and every lower rate did too (null: not even the lowest). */
export function highestMet(rows: readonly RateRow[], path: PathName): number | null {
  let best: number | null = null;
  for (const r of [...rows].filter((x) => x.path === path).sort((a, b) => a.rate - b.rate)) {
    if (!metGoal(r)) break;
    best = r.rate;
  }
  return best;
}

/**
 * The gateway's p50 over Elasticsearch's at `rate` in the open loop (the same kind of request, each
 * path from its own never-sent items), and whether it is within `limit`; null without both rows.
 */
export function gatewayOverElasticsearch(
  rows: readonly RateRow[],
  rate: number,
  limit = 2,
): { gateway: number; elasticsearch: number; ratio: number; met: boolean } | null {
  const p50 = (path: PathName) => rows.find((r) => r.rate === rate && r.path === path)?.f.p50;
  const g = p50('gateway');
  const e = p50('elasticsearch');
  if (g === undefined || e === undefined || !Number.isFinite(g) || !Number.isFinite(e) || e <= 0) return null;
  const ratio = g / e;
  return { gateway: g, elasticsearch: e, ratio, met: ratio <= limit };
}

/** The line under the open-loop tables that judges the gateway ÷ Elasticsearch target at `rate`. */
export function ratioLine(what: string, rows: readonly RateRow[], rate: number, limit = 2): string {
  const r = gatewayOverElasticsearch(rows, rate, limit);
  return r
    ? `${what} at ${rate} req/s: gateway p50 ${num(r.gateway)} ms ÷ Elasticsearch p50 ${num(r.elasticsearch)} ms = ${r.ratio.toFixed(2)}× (target ≤ ${limit}×) ${r.met ? 'met' : 'MISSED'}`
    : `${what}: no gateway and Elasticsearch rows at ${rate} req/s in this run`;
}

export function rateTable(
  rows: readonly RateRow[],
  machine?: string,
  title = 'OPEN LOOP — search at fixed rates, never-sent queries (answer cache misses)',
): void {
  table(
    title,
    rows.map((r) => ({ label: `${r.path} @ ${r.rate} req/s${metGoal(r) ? '' : ' (missed)'}`, f: r.f })),
    machine,
  );
  log(
    'requests are logical (a search, a detail view), each timed from when it was due to its last answer; ' +
      "Elasticsearch's are the calls the service makes for the same request, one after another",
  );
}

// What bench:search prints: one table per phase (with the machine's load beside it), the ratios
// between the paths, and the open-loop rates with the highest one that met the search goal.
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
}

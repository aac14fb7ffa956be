// What the run prints and keeps: the step table as it goes, then per-group latencies, CPU per request,
// errors, the highest rate that met the goal, the JSON results file and the Markdown table.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { LOCAL } from '../../topology';
import { datasetLine, type ServedDataset } from '../machine';
import { FAIL, GOAL, GROUPS, MIX } from '../ladder';
import { LOGIN_MEMBERS, VISITORS } from './members';
import type { Watched } from './proc';
import type { Row } from './summary';

/** Every line of the run goes to stdout as it happens. */
export const log = (line: string) => process.stdout.write(`${line}\n`);

/** Short column names, so the table fits a terminal. */
const PEAK_LABELS: Record<string, string> = {
  gateway: 'gw',
  account: 'acct',
  dictionary: 'dict',
  wordbook: 'wbook',
  billing: 'bill',
  statistics: 'stats',
  elasticsearch: 'ES',
  kafka: 'Kafka',
  mongo: 'Mongo',
};

/** The step table's header: one peak-memory column per watched process. */
export function header(procs: readonly Watched[]): string {
  const mem = procs.map((p) => (PEAK_LABELS[p.name] ?? p.name).padStart(7)).join('');
  return `${'rate'.padStart(6)}${'req/s'.padStart(8)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'errors'.padStart(8)}${'4xx/5xx/body/io'.padStart(17)}  ${'load'.padStart(5)} |${mem}  (peak RSS MiB)`;
}

/** A step's line of the table, printed as soon as the step ends. */
export function line(r: Row, procs: readonly Watched[]): string {
  const mem = procs.map((p) => String(r.peakMiB[p.name] ?? '-').padStart(7)).join('');
  const split = `${r.http4xx}/${r.http5xx}/${r.wrongBody}/${r.transport}`;
  return `${String(r.target).padStart(6)}${r.achieved.toFixed(1).padStart(8)}${r.p50.toFixed(1).padStart(8)}${r.p99.toFixed(1).padStart(8)}${String(r.errors).padStart(8)}${split.padStart(17)}  ${r.loadAverage.toFixed(1).padStart(5)} |${mem}  ${r.verdict}`;
}

/** One step's latencies and errors by operation group. */
function groupLine(r: Row): string {
  return (
    `${String(r.target).padStart(6)}  ` +
    GROUPS.map((g) => {
      const f = r.groups[g];
      return `${g} ${f.requests} p50 ${f.p50.toFixed(0)} p99 ${f.p99.toFixed(0)}${f.errors ? ` err ${f.errors}` : ''}`;
    }).join(' | ')
  );
}

/** The step table as Markdown, for pasting into the README. */
function markdown(rows: readonly Row[], procs: readonly Watched[]): string {
  const names = procs.map((p) => PEAK_LABELS[p.name] ?? p.name);
  const out = [
    `| target req/s | achieved req/s | p50 ms | p99 ms | errors (4xx/5xx/body/transport) | ${names.join(' | ')} |`,
    `|---:|---:|---:|---:|---|${names.map(() => '---:').join('|')}|`,
  ];
  for (const r of rows) {
    out.push(
      `| ${r.target} | ${r.achieved.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} (${r.http4xx}/${r.http5xx}/${r.wrongBody}/${r.transport}) | ${procs.map((p) => r.peakMiB[p.name] ?? '-').join(' | ')} |`,
    );
  }
  return out.join('\n');
}

/** The whole run, as the end of the report and the results file need it. */
export interface Run {
  started: number;
  loadAtStart: number[];
  members: number;
  stepSeconds: number;
  procs: readonly Watched[];
  idlePerMs: Record<string, number>;
  rows: readonly Row[];
  /** What the dictionary under test reported serving (null when the run stopped before asking). */
  served: ServedDataset | null;
  alias: string;
}

/** Prints the summary after the last step and writes .local/bench/load-<date>.json. */
export function finish(run: Run): void {
  const { started, loadAtStart, procs, idlePerMs, rows } = run;
  log('');
  log('per operation group (ms):');
  for (const r of rows) log(groupLine(r));
  log('');
  log('CPU ms per request above idle, by process (user + system; ES, Kafka and Mongo serve other tenants too):');
  for (const r of rows) {
    const parts = Object.entries(r.cpuMsPerRequestAboveIdle).map(
      ([name, ms]) => `${PEAK_LABELS[name] ?? name} ${ms.toFixed(1)}`,
    );
    const total = Object.values(r.cpuMsPerRequestAboveIdle).reduce((a, b) => a + b, 0);
    log(`${String(r.target).padStart(6)}  ${parts.join(', ')}; total ${total.toFixed(1)}`);
  }
  log(
    `idle CPU, % of one core: ${Object.entries(idlePerMs)
      .map(([name, perMs]) => `${PEAK_LABELS[name] ?? name} ${(perMs * 100).toFixed(1)}`)
      .join(', ')}`,
  );
  for (const r of rows) {
    if (r.errors)
      log(
        `errors at ${r.target} req/s: ${JSON.stringify(r.reasons)}${r.transport ? `, transport ${r.transport} (timeouts ${r.timeouts})` : ''}`,
      );
  }
  const best = rows.filter((r) => r.verdict === 'goal met').at(-1);
  log('');
  log(
    best
      ? `highest rate with p99 ≤ ${GOAL.p99Ms} ms and no errors: ${best.target} req/s (achieved ${best.achieved.toFixed(1)} req/s, p99 ${best.p99.toFixed(1)} ms)`
      : `no step met p99 ≤ ${GOAL.p99Ms} ms with no errors`,
  );

  const when = new Date().toISOString();
  const machine = {
    cpus: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    loadAverageAtStart: loadAtStart,
    loadAverageAtEnd: loadavg(),
    node: process.version,
  };
  const avg = (l: readonly number[]) => l.map((n) => n.toFixed(1)).join(' ');
  log(
    `machine: ${machine.cpus} CPUs, ${machine.memoryGiB} GiB; load average ${avg(loadAtStart)} at start, ${avg(machine.loadAverageAtEnd)} at the end (everything else running on it shares the CPUs)`,
  );
  if (run.served) log(datasetLine(run.served, run.alias));
  const file = join(LOCAL, 'bench', `load-${when.replace(/[:.]/g, '-')}.json`);
  mkdirSync(join(LOCAL, 'bench'), { recursive: true });
  writeFileSync(
    file,
    JSON.stringify(
      {
        when,
        dataset: { ...run.served, alias: run.alias },
        mix: Object.fromEntries(MIX),
        members: run.members,
        loginMembers: LOGIN_MEMBERS,
        visitors: VISITORS,
        stepSeconds: run.stepSeconds,
        goal: { ...GOAL, errors: 0 },
        failWhen: FAIL,
        machine,
        processes: procs,
        idleCpuShareOfOneCore: idlePerMs,
        highestRateMeetingGoal: best?.target ?? null,
        rows,
        markdown: markdown(rows, procs),
        elapsedSeconds: (Date.now() - started) / 1000,
      },
      null,
      2,
    ),
  );
  log(`results: ${file} (${((Date.now() - started) / 1000).toFixed(0)} s in all)`);
  log('');
  log(markdown(rows, procs));
}

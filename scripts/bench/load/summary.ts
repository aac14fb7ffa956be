// A step's row: throughput, latency by operation group, errors by kind, peak memory and CPU per
// request, and the verdict the ladder stops on.
import { loadavg } from 'node:os';
import { GROUPS, groupOf, percentile, verdictOf, type Group, type Verdict } from '../ladder';
import type { Measured } from './step';

/** CPU ms per answered request beyond what each process burns idle (timers, polling, other tenants). */
function aboveIdle(
  spent: Record<string, number>,
  elapsedMs: number,
  idlePerMs: Record<string, number>,
  responses: number,
): Record<string, number> {
  return Object.fromEntries(
    Object.entries(spent).map(([name, ms]) => [
      name,
      Number((Math.max(0, ms - (idlePerMs[name] ?? 0) * elapsedMs) / Math.max(1, responses)).toFixed(2)),
    ]),
  );
}

export interface GroupFigures {
  requests: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface Row {
  target: number;
  seconds: number;
  achieved: number;
  requests: number;
  p50: number;
  p99: number;
  http4xx: number;
  http5xx: number;
  wrongBody: number;
  transport: number;
  timeouts: number;
  errors: number;
  errorRate: number;
  reasons: Record<string, number>;
  groups: Record<Group, GroupFigures>;
  peakMiB: Record<string, number>;
  /** CPU time per answered request, by process: where the work goes, whatever else shares the machine. */
  cpuMsPerRequest: Record<string, number>;
  /** The same less each process's idle burn: the marginal cost of a request. */
  cpuMsPerRequestAboveIdle: Record<string, number>;
  loadAverage: number;
  verdict: Verdict;
}

export function summarise(
  target: number,
  seconds: number,
  m: Measured,
  peakMiB: Record<string, number>,
  cpu: { spent: Record<string, number>; elapsedMs: number; idlePerMs: Record<string, number> },
): Row {
  const all: number[] = [];
  let http4xx = 0;
  let http5xx = 0;
  let wrongBody = 0;
  const reasons: Record<string, number> = {};
  const groups = Object.fromEntries(GROUPS.map((g) => [g, { latencies: [] as number[], errors: 0 }])) as Record<
    Group,
    { latencies: number[]; errors: number }
  >;
  for (const [op, o] of m.byOp) {
    all.push(...o.latencies);
    http4xx += o.http4xx;
    http5xx += o.http5xx;
    wrongBody += o.wrongBody;
    for (const [why, n] of Object.entries(o.reasons)) reasons[`${op}: ${why}`] = n;
    const g = groups[groupOf(op)];
    g.latencies.push(...o.latencies);
    g.errors += o.http4xx + o.http5xx + o.wrongBody;
  }
  all.sort((a, b) => a - b);
  const transport = m.transport;
  const errors = http4xx + http5xx + wrongBody + transport;
  const attempts = m.responses + transport;
  const achieved = m.responses / seconds;
  const p99 = percentile(all, 99);
  const errorRate = attempts === 0 ? 1 : errors / attempts;
  return {
    target,
    seconds,
    achieved,
    requests: m.responses,
    p50: percentile(all, 50),
    p99,
    http4xx,
    http5xx,
    wrongBody,
    transport,
    timeouts: m.timeouts,
    errors,
    errorRate,
    reasons,
    groups: Object.fromEntries(
      GROUPS.map((g) => {
        const l = groups[g].latencies.sort((a, b) => a - b);
        return [g, { requests: l.length, p50: percentile(l, 50), p99: percentile(l, 99), errors: groups[g].errors }];
      }),
    ) as Record<Group, GroupFigures>,
    peakMiB,
    cpuMsPerRequest: Object.fromEntries(
      Object.entries(cpu.spent).map(([name, ms]) => [name, Number((ms / Math.max(1, m.responses)).toFixed(2))]),
    ),
    cpuMsPerRequestAboveIdle: aboveIdle(cpu.spent, cpu.elapsedMs, cpu.idlePerMs, m.responses),
    loadAverage: loadavg()[0] ?? NaN,
    verdict: verdictOf({ target, achieved, p99, errors, attempts }),
  };
}

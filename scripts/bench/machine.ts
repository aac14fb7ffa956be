// What the machine was doing while a benchmark measured: printed beside every table, because a
// figure taken while other work loads the cores is no result.
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

export function machineLine(): string {
  const [one = 0, five = 0, fifteen = 0] = loadavg();
  return `machine: ${cpus().length} CPUs, load average ${one.toFixed(2)} / ${five.toFixed(2)} / ${fifteen.toFixed(2)} (1 / 5 / 15 min), ${new Date().toISOString()}`;
}

/** The dataset the service under test actually serves, as GET /api/dic/search/dataset reports it. */
export interface ServedDataset {
  headwords: number;
  relations: number;
  generated: boolean;
}

export async function servedDataset(gatewayBase: string): Promise<ServedDataset> {
  const res = await fetch(`${gatewayBase}/api/dic/search/dataset`);
  if (!res.ok) throw new Error(`GET /api/dic/search/dataset: HTTP ${res.status}`);
  const body = (await res.json()) as Partial<ServedDataset>;
  if (typeof body.headwords !== 'number' || typeof body.relations !== 'number') {
    throw new Error(`GET /api/dic/search/dataset: no headword or relation count in ${JSON.stringify(body)}`);
  }
  return { headwords: body.headwords, relations: body.relations, generated: body.generated === true };
}

export function datasetLine(d: ServedDataset, alias: string): string {
  return `dataset served: ${d.headwords.toLocaleString('en')} headwords, ${d.relations.toLocaleString('en')} relations (alias ${alias}${d.generated ? ', generated' : ''})`;
}

/** Answer-cache look-ups of the dictionary replicas, read from their Prometheus metrics. */
export interface CacheCounts {
  hit: number;
  miss: number;
}

const CACHE_SERIES = /^answer_cache_requests_total\{service="dictionary",result="(hit|miss)"\} (\d+(?:\.\d+)?)$/gm;

/** Sums the answer-cache counters over every replica (a replica that cannot be read counts as 0). */
export async function cacheCounts(services: readonly string[]): Promise<CacheCounts> {
  const counts: CacheCounts = { hit: 0, miss: 0 };
  for (const url of services) {
    const text = await fetch(`${url}/metrics`).then(
      (r) => (r.ok ? r.text() : ''),
      () => '',
    );
    for (const [, result, value] of text.matchAll(CACHE_SERIES)) counts[result as 'hit' | 'miss'] += Number(value);
  }
  return counts;
}

/** The answer cache's share of the look-ups between two readings (the services' own metrics). */
export function cacheLine(before: CacheCounts, after: CacheCounts): string {
  const hit = after.hit - before.hit;
  const all = hit + (after.miss - before.miss);
  return all === 0
    ? 'answer cache: no look-ups (turned off, or nothing reached the service)'
    : `answer cache: ${hit.toLocaleString('en')} hits of ${all.toLocaleString('en')} look-ups (${((hit / all) * 100).toFixed(1)} %), from the dictionary's /metrics`;
}

/** CPU time of every thread of a process, in nanoseconds (schedstat's first field); 0 once it is gone. */
export function processCpuNs(pid: number): number {
  let total = 0;
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return 0;
  }
  for (const task of tasks) {
    try {
      total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return total;
}

/** CPU time the whole machine has spent busy (every core, every process: /proc/stat), in milliseconds. */
export function machineBusyMs(): number {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal …: idle and iowait are not busy.
  const busyTicks = fields.reduce((sum, v, i) => (i === 3 || i === 4 ? sum : sum + (Number.isFinite(v) ? v : 0)), 0);
  // USER_HZ is 100 on Linux.
  return busyTicks * 10;
}

// What each process of the run costs, from /proc: the peak resident memory (VmHWM) of the product's
// processes and of the shared infrastructure's JVMs and servers, and the CPU time they spend.
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { groupPids, rssKiB } from '../../../deploy/local/lib/proc';
import { infraStatus } from '../../../deploy/local/infra';
import type { Stack } from '../../stack';
import { SERVICES } from '../../topology';

export interface Watched {
  name: string;
  pid: number;
  /** Our own processes: their high-water mark is reset at each step, so it is that step's peak. */
  own: boolean;
}

/** A `<field>: <n> kB` line of /proc/<pid>/status, in KiB. */
function statusField(pid: number, field: string): number | undefined {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m?.[1] ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** The stack's gateway and services, and the managed Elasticsearch, Kafka and Mongo servers. */
export async function watchedProcesses(stack: Stack): Promise<Watched[]> {
  const out: Watched[] = [];
  for (const name of ['gateway', ...SERVICES]) {
    const pid = stack.supervisor.pid(name);
    if (pid) out.push({ name, pid, own: true });
  }
  for (const s of await infraStatus()) {
    if (!s.managed || s.pid === undefined || !['elasticsearch', 'kafka', 'mongo'].includes(s.name)) continue;
    // The JVM is the group's biggest process (a launcher may sit in front of it).
    const jvm = groupPids(s.pid)
      .map((pid) => ({ pid, rss: rssKiB(pid) ?? 0 }))
      .sort((a, b) => b.rss - a.rss)[0];
    if (jvm) out.push({ name: s.name, pid: jvm.pid, own: false });
  }
  return out;
}

/** Starts a new peak for our own processes, so the next reading is one step's. */
export function resetPeaks(procs: readonly Watched[]): void {
  for (const p of procs) {
    if (!p.own) continue;
    try {
      // proc(5): writing 5 to clear_refs resets the peak RSS to the current RSS.
      writeFileSync(`/proc/${p.pid}/clear_refs`, '5');
    } catch {
      // Not permitted here: the figure is then the peak since start.
    }
  }
}

/** Each process's peak resident memory, in MiB (NaN where it cannot be read). */
export const peaksMiB = (procs: readonly Watched[]): Record<string, number> =>
  Object.fromEntries(procs.map((p) => [p.name, Math.round((statusField(p.pid, 'VmHWM') ?? NaN) / 1024)]));

/** CPU time (user + system, all threads) of a process in ms; /proc/<pid>/stat counts in 1/100 s. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** CPU ms each process (and this load generator) spent while `work` ran, and how long it ran. */
export async function cpuDuring<T>(
  procs: readonly Watched[],
  work: () => Promise<T>,
): Promise<{ result: T; spent: Record<string, number>; elapsedMs: number }> {
  const before = procs.map((p) => cpuMs(p.pid));
  const self = process.cpuUsage();
  const t0 = performance.now();
  const result = await work();
  const elapsedMs = performance.now() - t0;
  const used = process.cpuUsage(self);
  const spent: Record<string, number> = Object.fromEntries(
    procs.map((p, i) => [p.name, cpuMs(p.pid) - (before[i] ?? NaN)]),
  );
  spent['load generator'] = (used.user + used.system) / 1000;
  return { result, spent, elapsedMs };
}

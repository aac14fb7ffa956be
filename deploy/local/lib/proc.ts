// Process helpers: run a command to completion, start a detached server with a pid file,
// stop it by process group, and read the end of its log.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface RunResult {
  stdout: string;
  stderr: string;
}

/** Runs a command to completion; rejects with its output when it exits non-zero. */
export function run(
  cmd: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    execFile(
      cmd,
      args,
      { cwd: opts.cwd, env: opts.env ?? process.env, timeout: opts.timeoutMs ?? 120_000, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err) {
          const output = `${stdout}${stderr}`.trim();
          reject(new Error(`${cmd} ${args.join(' ')} failed: ${err.message}${output ? `\n${output}` : ''}`));
        } else {
          resolve({ stdout, stderr });
        }
      },
    );
  });
}

export interface LaunchSpec {
  command: string;
  args: string[];
  cwd: string;
  env?: NodeJS.ProcessEnv;
  uid?: number;
  gid?: number;
  logFile: string;
  pidFile: string;
}

/** Keeps the previous run's log as `<log>.1` so a crash before a restart can still be read. */
function rotate(logFile: string): void {
  if (fs.existsSync(logFile)) fs.renameSync(logFile, `${logFile}.1`);
}

/**
 * Starts a server detached in its own process group (so it outlives this script and can be
 * stopped as a group), with stdout/stderr appended to its log file, and records its pid.
 */
export async function spawnDetached(spec: LaunchSpec): Promise<number> {
  fs.mkdirSync(path.dirname(spec.logFile), { recursive: true });
  rotate(spec.logFile);
  const out = fs.openSync(spec.logFile, 'a');
  try {
    const child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: spec.env ?? process.env,
      detached: true,
      stdio: ['ignore', out, out],
      uid: spec.uid,
      gid: spec.gid,
    });
    const pid = await new Promise<number>((resolve, reject) => {
      child.once('error', reject);
      child.once('spawn', () => (child.pid ? resolve(child.pid) : reject(new Error('no pid'))));
    });
    child.unref();
    fs.writeFileSync(spec.pidFile, `${pid}\n`);
    return pid;
  } finally {
    fs.closeSync(out);
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM means it exists but belongs to someone else: still alive.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A zombie (exited, not yet reaped) answers signal 0 but is gone for our purposes.
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) Z /.test(stat);
  } catch {
    return true;
  }
}

function cmdline(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

/**
 * The pid recorded in a pid file, if that process still runs and is ours: its command
 * line must contain `marker`, so a pid reused by an unrelated process is not mistaken for it.
 */
export function readLivePid(pidFile: string, marker: string): number | undefined {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 1) return undefined;
  if (!isAlive(pid) || !cmdline(pid).includes(marker)) return undefined;
  return pid;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

function groupAlive(pgid: number): boolean {
  // Any live process left in the group (e.g. the Elasticsearch server JVM under its CLI launcher).
  return groupPids(pgid).length > 0;
}

function inGroup(pid: number, pgid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised name: state ppid pgrp ...
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return rest[0] !== 'Z' && Number(rest[2]) === pgid;
  } catch {
    return false;
  }
}

/** SIGTERM to the whole process group, then SIGKILL after `graceMs`. Resolves once it is gone. */
export async function stopGroup(pid: number, graceMs: number): Promise<'terminated' | 'killed'> {
  signalGroup(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (!groupAlive(pid)) return 'terminated';
    await sleep(250);
  }
  signalGroup(pid, 'SIGKILL');
  for (let i = 0; i < 40 && groupAlive(pid); i++) await sleep(250);
  return 'killed';
}

/** SIGKILL to the whole process group at once (a crash, for fault tests). Resolves once it is gone. */
export async function killGroup(pid: number): Promise<void> {
  signalGroup(pid, 'SIGKILL');
  for (let i = 0; i < 40 && groupAlive(pid); i++) await sleep(250);
}

/** The last `lines` lines of a log file (empty when there is none). */
export function tailFile(file: string, lines = 30): string {
  try {
    const size = fs.statSync(file).size;
    const fd = fs.openSync(file, 'r');
    try {
      const len = Math.min(size, 64 * 1024);
      const buf = Buffer.alloc(len);
      fs.readSync(fd, buf, 0, len, size - len);
      return buf
        .toString('utf8')
        .split('\n')
        .slice(-lines - 1)
        .join('\n')
        .trimEnd();
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return '';
  }
}

/** Resident memory (VmRSS) of one process, in KiB. */
export function rssKiB(pid: number): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = /^VmRSS:\s+(\d+) kB/m.exec(status);
    return m?.[1] ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Pids of every live process in a process group (the launcher and whatever it started). */
export function groupPids(pgid: number): number[] {
  try {
    return fs
      .readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map(Number)
      .filter((pid) => inGroup(pid, pgid));
  } catch {
    return [];
  }
}

/** Whether something accepts TCP connections on 127.0.0.1:<port>. */
export function portInUse(port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (inUse: boolean) => {
      socket.destroy();
      resolve(inUse);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

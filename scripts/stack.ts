// Starts the whole product (five services and the gateway serving the built web
// app) against the local infrastructure. Used by `npm start`, by end-to-end tests
// and by benchmarks.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  dictionaryProcessName,
  dictionaryReplicas,
  LOCAL,
  ROOT,
  SERVICES,
  topology,
  type ServiceName,
} from './topology';
import { Supervisor, type ProcessSpec } from './processes';

export interface StackOptions {
  mode?: 'dev' | 'test';
  log?: (line: string) => void;
  /** Output of the processes: prefixed on the console, or one file each under .local/logs/<mode>/. */
  output?: 'console' | 'files';
  /** Extra environment for every process. */
  env?: Record<string, string>;
  /** How many dictionary processes run behind the gateway (default: DICTIONARY_REPLICAS, else 1). */
  dictionaryReplicas?: number;
  /** Skip the incremental build (the caller just built). */
  skipBuild?: boolean;
  healthTimeoutMs?: number;
  /** Where the process logs go with output 'files' (default .local/logs/<mode>/). */
  logDir?: string;
}

export interface Stack {
  baseUrl: string;
  mode: 'dev' | 'test';
  env: Record<string, string>;
  supervisor: Supervisor;
  /** The dictionary replicas: the supervisor's process name and the port of each. */
  dictionary: { name: string; port: number }[];
  stop(): Promise<void>;
}

/** Type-checks and compiles the TypeScript packages (incremental) and builds the web app when missing. */
export function buildIfNeeded(
  log: (line: string) => void,
  opts: { web?: 'always' | 'if-missing' | 'never' } = {},
): void {
  log('building TypeScript packages (incremental)…');
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'tsconfig.build.json'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  const webIndex = path.join(ROOT, 'web/dist/index.html');
  if (
    opts.web !== 'never' &&
    existsSync(path.join(ROOT, 'web/package.json')) &&
    (opts.web === 'always' || !existsSync(webIndex))
  ) {
    log('building the web app…');
    // A production bundle whoever calls: under jest NODE_ENV is 'test', and Vite would then bundle
    // React's development build (a third larger, failing the size budget).
    execFileSync('npm', ['run', 'build', '-w', 'web'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
}

/**
 * STACK_PROFILE_DIR (profiling a benchmark's stack): each service and the gateway run with --cpu-prof and
 * write a V8 CPU profile into DIR/<name>/ when they stop (replicas side by side, named by pid). Read one with
 * `npx tsx scripts/bench/gateway/profile.ts FILE`.
 */
function profileFlags(name: string): string[] {
  const dir = process.env.STACK_PROFILE_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(dir, name)}`] : [];
}

function specs(mode: 'dev' | 'test', replicas: number, env: Record<string, string>): ProcessSpec[] {
  const topo = topology(mode, replicas);
  const common = { ...topo.env, ...env, LOG_LEVEL: env.LOG_LEVEL ?? (mode === 'dev' ? 'info' : 'warn') };
  const svc = (name: ServiceName): ProcessSpec => ({
    name,
    command: process.execPath,
    args: [...profileFlags(name), path.join(ROOT, `services/${name}/dist/main.js`)],
    env: { ...common, PORT: String(topo.ports[name]) },
    cwd: ROOT,
  });
  // Every replica runs the outbox relay: the relay locks the rows it sends (FOR UPDATE SKIP LOCKED),
  // so replicas share the outbox and a dead one's rows go out through the others. Only the first
  // loads the default dataset into an empty index: two imports at once would race on the alias.
  const dictionary = topo.dictionaryPorts.map((port, index): ProcessSpec => ({
    ...svc('dictionary'),
    name: dictionaryProcessName(index),
    env: {
      ...common,
      PORT: String(port),
      ...(index > 0 ? { LOAD_DEFAULT_DATA: 'off' } : {}),
    },
  }));
  return [
    {
      name: 'portone',
      command: process.execPath,
      args: ['--import', 'tsx', path.join(ROOT, 'deploy/local/portone-sandbox/main.ts')],
      env: common,
      cwd: ROOT,
    },
    ...SERVICES.flatMap((name) => (name === 'dictionary' ? dictionary : [svc(name)])),
    {
      name: 'gateway',
      command: process.execPath,
      args: [...profileFlags('gateway'), path.join(ROOT, 'gateway/dist/main.js')],
      // WEB_DIST lets a test run serve its own build (`vite build --outDir …`) beside another's.
      env: { ...common, WEB_DIST: process.env.WEB_DIST ?? path.join(ROOT, 'web/dist') },
      cwd: ROOT,
    },
  ];
}

export async function waitForHealth(
  url: string,
  timeoutMs: number,
  isAlive: () => boolean = () => true,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`a process of the stack exited while waiting for ${url}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(3_000) });
      const text = await res.text();
      // The gateway answers 200 "degraded" while some dictionary replicas are still starting: wait for all.
      if (res.ok && !/"status"\s*:\s*"degraded"/.test(text)) return;
      last = `${res.status} ${text}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not become healthy within ${timeoutMs} ms (last: ${last})`);
}

/** The ports on which something already listens on 127.0.0.1. */
async function portsInUse(ports: number[]): Promise<number[]> {
  const inUse = (port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  const flags = await Promise.all(ports.map(inUse));
  return ports.filter((_, i) => flags[i]);
}

export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const mode = opts.mode ?? 'test';
  const log = opts.log ?? ((line: string) => process.stdout.write(line + '\n'));
  if (!opts.skipBuild) buildIfNeeded(log);
  const replicas = opts.dictionaryReplicas ?? dictionaryReplicas(1);
  const topo = topology(mode, replicas);
  // A foreign process on one of our ports would answer this stack's health check and take its traffic.
  const taken = await portsInUse([
    ...new Set([
      topo.gatewayPort,
      topo.gatewayMetricsPort,
      topo.sandboxPort,
      ...Object.values(topo.ports),
      ...topo.dictionaryPorts,
    ]),
  ]);
  if (taken.length > 0) {
    throw new Error(`ports ${taken.join(', ')} are in use: stop that stack or choose another TEST_STACK_OFFSET`);
  }
  const logDir = opts.logDir ?? path.join(LOCAL, 'logs', mode);
  const supervisor = new Supervisor(specs(mode, replicas, opts.env ?? {}), {
    kind: opts.output ?? (mode === 'dev' ? 'console' : 'files'),
    dir: logDir,
  });
  let exited: string | null = null;
  supervisor.onUnexpectedExit = (name, code) => {
    exited = `${name} (exit ${code})`;
    log(`process ${name} exited with code ${code}`);
  };
  supervisor.startAll();
  const baseUrl = `http://127.0.0.1:${topo.gatewayPort}`;
  try {
    await waitForHealth(`${baseUrl}/health`, opts.healthTimeoutMs ?? 120_000, () => exited === null);
  } catch (err) {
    await supervisor.stopAll();
    const where = (opts.output ?? (mode === 'dev' ? 'console' : 'files')) === 'files' ? ` (logs in ${logDir})` : '';
    throw new Error(
      `${err instanceof Error ? err.message : String(err)}${exited ? `; ${exited} exited` : ''}${where}`,
      {
        cause: err,
      },
    );
  }
  return {
    baseUrl,
    mode,
    env: { ...topo.env, ...opts.env },
    supervisor,
    dictionary: topo.dictionaryPorts.map((port, index) => ({ name: dictionaryProcessName(index), port })),
    stop: () => supervisor.stopAll(),
  };
}

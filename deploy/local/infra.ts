// Local infrastructure without Docker: `tsx deploy/local/infra.ts up|down|status`, or import
// ensureInfra / stopInfra / infraStatus / startServer / stopServer from here.
//
// PostgreSQL and Redis are the machine's own (started when down, never stopped). Kafka,
// Elasticsearch, the MongoDB-wire server and maildev are fetched (Maven Central / npm), started
// detached with their data under .local/, and stopped by `down`.
import fs from 'node:fs';
import path from 'node:path';
import {
  buildNoriPlugin,
  expectedNoriVersion,
  installedNoriVersion,
  installNoriPlugin,
  runningNoriVersion,
} from './elasticsearch/nori';
import { withLock } from './lib/lock';
import { ensureDir, localDir } from './lib/paths';
import { groupPids, killGroup, portInUse, readLivePid, rssKiB, spawnDetached, stopGroup, tailFile } from './lib/proc';
import {
  SERVER_NAMES,
  SERVERS,
  type ManagedServer,
  type ManagedServerName,
  type ServerDef,
  type ServerName,
} from './lib/servers';

export {
  SERVER_NAMES,
  elasticsearchServer,
  kafkaServer,
  type InstanceOptions,
  type ManagedServer,
  type ManagedServerName,
  type ServerName,
} from './lib/servers';

export type Log = (line: string) => void;
export interface InfraOptions {
  log?: Log;
}

/** A server that did not come up: its name, why, and the end of its log. */
export class InfraError extends Error {
  constructor(
    public readonly server: ServerName,
    reason: string,
    public readonly logTail: string,
  ) {
    super(`${server}: ${reason}`);
    this.name = 'InfraError';
  }
}

export class InfraFailure extends Error {
  constructor(public readonly failures: InfraError[]) {
    super(`infrastructure not ready: ${failures.map((f) => f.message).join('; ')}`);
    this.name = 'InfraFailure';
  }
}

const lockFile = () => path.join(ensureDir(localDir), 'infra.lock');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const defaultLog: Log = (line) => console.log(line);
const prefixed =
  (log: Log, name: string): Log =>
  (line) =>
    log(`[infra] ${name.padEnd(13)} ${line}`);

function managed(name: ManagedServerName): ManagedServer {
  return SERVERS[name] as ManagedServer;
}

async function waitHealthy(def: ServerDef, pid: number | undefined, started: number): Promise<void> {
  const deadline = started + def.startTimeoutMs;
  for (;;) {
    if (await def.probe()) return;
    if (pid !== undefined && groupPids(pid).length === 0) {
      throw new InfraError(
        def.name,
        `exited before it answered (pid ${pid})`,
        def.managed ? tailFile(def.logFile) : '',
      );
    }
    if (Date.now() > deadline) {
      throw new InfraError(
        def.name,
        `did not answer within ${def.startTimeoutMs / 1000} s`,
        def.managed ? tailFile(def.logFile) : '',
      );
    }
    await sleep(def.name === 'elasticsearch' ? 1000 : 500);
  }
}

/** Leaves a healthy server alone; starts one that is down and waits until it answers. */
async function bringUp(def: ServerDef, baseLog: Log): Promise<void> {
  const log = prefixed(baseLog, def.name);
  const started = Date.now();
  try {
    if (await def.probe()) {
      log(`already up on 127.0.0.1:${def.port}`);
    } else if (!def.managed) {
      log(`down: starting the machine's ${def.name}`);
      await def.start(log);
      await waitHealthy(def, undefined, Date.now());
      log(`up on 127.0.0.1:${def.port} (${seconds(started)})`);
    } else {
      let pid = readLivePid(def.pidFile, def.marker);
      let spawned = false;
      if (pid) {
        log(`pid ${pid} is running but not answering yet: waiting for it`);
      } else {
        // A foreign program on one of its ports would make the new process fail to bind (and
        // some, like mongo-java-server, keep running after that): say so instead of waiting.
        for (const port of def.listenPorts) {
          if (await portInUse(port)) {
            throw new InfraError(
              def.name,
              `port ${port} is taken by another program that does not answer as ${def.name}`,
              '',
            );
          }
        }
        ensureDir(def.dir);
        await def.prepare(log);
        pid = await spawnDetached({ ...def.launch(), logFile: def.logFile, pidFile: def.pidFile });
        spawned = true;
        log(`started (pid ${pid}), waiting for it to answer`);
      }
      try {
        await waitHealthy(def, pid, Date.now());
      } catch (err) {
        // Leave no half-started server behind; its log stays for reading.
        if (spawned && groupPids(pid).length) {
          await stopGroup(pid, def.stopGraceMs);
          fs.rmSync(def.pidFile, { force: true });
        }
        throw err;
      }
      log(`up on 127.0.0.1:${def.port} (pid ${pid}, ${seconds(started)})`);
    }
    await def.afterHealthy?.(log);
  } catch (err) {
    if (err instanceof InfraError) throw err;
    const tail = def.managed ? tailFile(def.logFile) : '';
    throw new InfraError(def.name, err instanceof Error ? err.message : String(err), tail);
  }
}

async function bringDown(def: ManagedServer, baseLog: Log): Promise<void> {
  const log = prefixed(baseLog, def.name);
  const pid = readLivePid(def.pidFile, def.marker);
  if (!pid) {
    fs.rmSync(def.pidFile, { force: true });
    log((await def.probe()) ? 'running but not started by this script: left alone' : 'not running');
    return;
  }
  const started = Date.now();
  const how = await stopGroup(pid, def.stopGraceMs);
  fs.rmSync(def.pidFile, { force: true });
  log(`stopped (pid ${pid}, ${how === 'killed' ? 'SIGKILL after grace period' : 'SIGTERM'}, ${seconds(started)})`);
}

/**
 * The shared Elasticsearch with Korean analysis: its distribution gets the nori plugin (built by
 * Maven, cached) before it starts. A node that runs without the current build (first run after
 * this change, or the plugin's sources changed) is restarted once to load it.
 */
function elasticsearchWithNori(): ManagedServer {
  const def = managed('elasticsearch');
  return {
    ...def,
    async prepare(log) {
      await def.prepare(log);
      await installNoriPlugin(log);
    },
  };
}

async function ensureElasticsearch(baseLog: Log): Promise<void> {
  const def = elasticsearchWithNori();
  const log = prefixed(baseLog, def.name);
  try {
    // Built before anything starts, so a broken plugin fails here with Maven's own message.
    await buildNoriPlugin(log);
  } catch (err) {
    throw new InfraError(
      def.name,
      `the nori plugin did not build: ${err instanceof Error ? err.message : String(err)}`,
      '',
    );
  }
  if (await def.probe()) {
    const expected = expectedNoriVersion();
    const running = await runningNoriVersion(`http://127.0.0.1:${def.port}`);
    if (running !== undefined && running !== expected) {
      if (!readLivePid(def.pidFile, def.marker)) {
        throw new InfraError(
          def.name,
          `runs without the nori plugin ${expected} (it has ${running ?? 'none'}) and was not started by this script: stop it and run infra:up again`,
          '',
        );
      }
      log(`runs nori plugin ${running ?? '(none)'}, needs ${expected}: restarting it once to install the plugin`);
      await bringDown(def, baseLog);
    }
  }
  await bringUp(def, baseLog);
}

/**
 * Starts whatever is down, in parallel, and resolves when every server answers.
 * Throws InfraFailure naming each server that did not, with the end of its log.
 */
export async function ensureInfra(opts: InfraOptions = {}): Promise<void> {
  const log = opts.log ?? defaultLog;
  await withLock(lockFile(), async () => {
    // Slow starters first: Maven fetches are serialised in this order.
    const order: ServerName[] = ['elasticsearch', 'kafka', 'mongo', 'maildev', 'postgres', 'redis'];
    const results = await Promise.allSettled(
      order.map((name) => (name === 'elasticsearch' ? ensureElasticsearch(log) : bringUp(SERVERS[name], log))),
    );
    const failures = results.flatMap((r, i) =>
      r.status === 'fulfilled'
        ? []
        : [r.reason instanceof InfraError ? r.reason : new InfraError(order[i] ?? 'postgres', String(r.reason), '')],
    );
    if (failures.length) throw new InfraFailure(failures);
  });
}

/** Stops every server this script started. The machine's PostgreSQL and Redis keep running. */
export async function stopInfra(opts: InfraOptions = {}): Promise<void> {
  const log = opts.log ?? defaultLog;
  await withLock(lockFile(), async () => {
    const names: ManagedServerName[] = ['kafka', 'elasticsearch', 'mongo', 'maildev'];
    await Promise.all(names.map((name) => bringDown(managed(name), log)));
  });
}

/** Starts one managed server (e.g. after a fault test killed it) and waits until it answers. */
export async function startServer(name: ManagedServerName, opts: InfraOptions = {}): Promise<void> {
  const log = opts.log ?? defaultLog;
  await withLock(lockFile(), () => (name === 'elasticsearch' ? ensureElasticsearch(log) : bringUp(managed(name), log)));
}

/** Stops one managed server: SIGTERM to its process group, SIGKILL after a grace period. */
export async function stopServer(name: ManagedServerName, opts: InfraOptions = {}): Promise<void> {
  await withLock(lockFile(), () => bringDown(managed(name), opts.log ?? defaultLog));
}

/** Each extra instance has its own lock: a slow Elasticsearch restart must not hold up other runs' ensureInfra. */
const instanceLock = (def: ManagedServer) => path.join(ensureDir(def.dir), 'instance.lock');

/**
 * Starts a server definition that is not one of the shared ones (another instance, from
 * kafkaServer() / elasticsearchServer() with InstanceOptions) and waits until it answers.
 */
export async function startInstance(def: ManagedServer, opts: InfraOptions = {}): Promise<void> {
  // An extra Elasticsearch (the fault suite's) creates the same Korean-analysis index settings,
  // so its distribution needs the nori plugin too: a fresh clone fetches one without it.
  const ready: ManagedServer =
    def.name === 'elasticsearch'
      ? {
          ...def,
          async prepare(log) {
            await def.prepare(log);
            await installNoriPlugin(log);
          },
        }
      : def;
  await withLock(instanceLock(def), () => bringUp(ready, opts.log ?? defaultLog));
}

/** Stops such an instance: SIGTERM to its process group, SIGKILL after a grace period. */
export async function stopInstance(def: ManagedServer, opts: InfraOptions = {}): Promise<void> {
  await withLock(instanceLock(def), () => bringDown(def, opts.log ?? defaultLog));
}

/** Kills such an instance with SIGKILL (no shutdown at all); false when it was not running. */
export async function killInstance(def: ManagedServer): Promise<boolean> {
  const pid = readLivePid(def.pidFile, def.marker);
  if (!pid) return false;
  await killGroup(pid);
  return true;
}

export interface ServerStatus {
  name: ServerName;
  up: boolean;
  port: number;
  otherPorts?: string;
  /** Pid of the server (for managed ones, its process-group leader). */
  pid?: number;
  /** Started and stopped by this script (false: the machine's own PostgreSQL/Redis). */
  managed: boolean;
  /** Resident memory of the server's processes, in MiB. */
  rssMiB?: number;
}

export async function infraStatus(): Promise<ServerStatus[]> {
  return Promise.all(
    SERVER_NAMES.map(async (name): Promise<ServerStatus> => {
      const def = SERVERS[name];
      const up = await def.probe();
      const pid = def.managed ? readLivePid(def.pidFile, def.marker) : up ? await def.pid() : undefined;
      const pids = pid === undefined ? [] : def.managed ? groupPids(pid) : [pid];
      const rss = pids.reduce((sum, p) => sum + (rssKiB(p) ?? 0), 0);
      return {
        name,
        up,
        port: def.port,
        ...(def.otherPorts ? { otherPorts: def.otherPorts } : {}),
        ...(pid !== undefined ? { pid } : {}),
        managed: def.managed,
        ...(def.managed && rss ? { rssMiB: Math.round(rss / 1024) } : {}),
      };
    }),
  );
}

function formatStatus(s: ServerStatus): string {
  const ports = `127.0.0.1:${s.port}${s.otherPorts ? ` (${s.otherPorts})` : ''}`;
  const pid = s.pid !== undefined ? `pid ${s.pid}` : 'pid -';
  const rss = s.rssMiB !== undefined ? `  rss ${s.rssMiB} MiB` : '';
  const owner = s.managed ? '' : '  (machine)';
  return `${s.name.padEnd(13)} ${(s.up ? 'up' : 'down').padEnd(5)} ${ports.padEnd(40)} ${pid}${rss}${owner}`;
}

function printFailure(err: unknown): void {
  const failures = err instanceof InfraFailure ? err.failures : err instanceof InfraError ? [err] : [];
  if (!failures.length) {
    console.error(err instanceof Error ? err.message : String(err));
    return;
  }
  for (const f of failures) {
    console.error(`\n[infra] FAILED ${f.message}`);
    if (f.logTail) console.error(`--- last lines of .local/${f.server}/${f.server}.log ---\n${f.logTail}\n---`);
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, name] = argv;
  const started = Date.now();
  switch (command) {
    case 'up':
      await ensureInfra();
      console.log(`[infra] all servers up (${seconds(started)})`);
      return 0;
    case 'down':
      await stopInfra();
      return 0;
    case 'status':
      for (const s of await infraStatus()) console.log(formatStatus(s));
      console.log(
        `${'nori plugin'.padEnd(13)} installed ${installedNoriVersion() ?? 'none'}, running ${(await runningNoriVersion('http://127.0.0.1:9200')) ?? '-'}, current build ${expectedNoriVersion()}`,
      );
      return 0;
    case 'start':
    case 'stop': {
      const names: string[] = ['kafka', 'elasticsearch', 'mongo', 'maildev'];
      if (!name || !names.includes(name)) {
        console.error(`usage: infra.ts ${command} <${names.join('|')}>`);
        return 2;
      }
      await (command === 'start' ? startServer : stopServer)(name as ManagedServerName);
      return 0;
    }
    default:
      console.error('usage: tsx deploy/local/infra.ts up|down|status|start <name>|stop <name>');
      return 2;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      printFailure(err);
      process.exit(1);
    },
  );
}

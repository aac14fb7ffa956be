// What each local server is, how to fetch and start it, and how to tell it is healthy.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { mavenFetch } from './maven';
import { deployLocalDir, ensureDir, javaBin, jdk17Home, repoRoot, serverDir } from './paths';
import {
  elasticsearchHealthy,
  ensureDatabases,
  kafkaHealthy,
  maildevHealthy,
  mongoHealthy,
  postgresHealthy,
  postgresPid,
  redisHealthy,
  redisPid,
} from './probes';
import { run, type LaunchSpec } from './proc';

export const SERVER_NAMES = ['postgres', 'redis', 'kafka', 'elasticsearch', 'mongo', 'maildev'] as const;
export type ServerName = (typeof SERVER_NAMES)[number];
/** The servers this script starts and stops itself (the machine's PostgreSQL and Redis are never stopped). */
export type ManagedServerName = Exclude<ServerName, 'postgres' | 'redis'>;

type Log = (line: string) => void;

interface BaseServer {
  name: ServerName;
  port: number;
  /** Extra ports worth showing in `status`. */
  otherPorts?: string;
  /** How long to wait for it to answer after a start. */
  startTimeoutMs: number;
  probe(): Promise<boolean>;
  /** Runs every time it is found healthy (e.g. create missing databases). */
  afterHealthy?(log: Log): Promise<void>;
}

export interface MachineServer extends BaseServer {
  managed: false;
  start(log: Log): Promise<void>;
  pid(): Promise<number | undefined>;
}

export interface ManagedServer extends BaseServer {
  managed: true;
  name: ManagedServerName;
  /** A string in its command line, so a reused pid is never taken for it. */
  marker: string;
  stopGraceMs: number;
  /** Every port it binds on 127.0.0.1: one already taken by another program fails the start at once. */
  listenPorts: number[];
  /** Its folder under .local/ (data, logs, pid file). */
  dir: string;
  logFile: string;
  pidFile: string;
  /** Fetch artefacts, write config, format storage: everything before the process starts. */
  prepare(log: Log): Promise<void>;
  launch(): Omit<LaunchSpec, 'logFile' | 'pidFile'>;
}

export type ServerDef = MachineServer | ManagedServer;

const HOST = '127.0.0.1';
export const POSTGRES_URL = `postgres://postgres@${HOST}:5432/postgres`;
const REDIS_URL = `redis://${HOST}:6379`;
/** Databases the app (`syndict`) and the tests (`syndict_test`) use. */
const DATABASES = ['syndict', 'syndict_test'];

/** Folder, log and pid file of a server; a second instance (`instance`) gets `.local/<name>-<instance>/`. */
function managedPaths(name: ManagedServerName, instance?: string): { dir: string; logFile: string; pidFile: string } {
  const dir = serverDir(instance ? `${name}-${instance}` : name);
  return { dir, logFile: path.join(dir, `${name}.log`), pidFile: path.join(dir, `${name}.pid`) };
}

/**
 * A second, independent instance of a server on other ports with its own data folder (the fault
 * tests kill theirs without disturbing the shared one). Artefacts (jars, the ES distribution) are shared.
 */
export interface InstanceOptions {
  /** Folder suffix: `.local/<server>-<instance>/`. */
  instance: string;
  /** Client port (Kafka broker / Elasticsearch HTTP). */
  port: number;
  /** Second port (Kafka controller / Elasticsearch transport). */
  port2: number;
}

// ---------------------------------------------------------------- PostgreSQL and Redis (the machine's)

const postgres: MachineServer = {
  name: 'postgres',
  managed: false,
  port: 5432,
  startTimeoutMs: 60_000,
  probe: () => postgresHealthy(POSTGRES_URL),
  async start() {
    const versions = fs.readdirSync('/etc/postgresql').sort((a, b) => Number(b) - Number(a));
    if (!versions[0]) throw new Error('no cluster under /etc/postgresql');
    await run('pg_ctlcluster', ['--skip-systemctl-redirect', versions[0], 'main', 'start']);
  },
  pid: () => postgresPid(POSTGRES_URL),
  async afterHealthy(log) {
    const created = await ensureDatabases(POSTGRES_URL, DATABASES);
    if (created.length) log(`created database ${created.join(', ')}`);
  },
};

const redis: MachineServer = {
  name: 'redis',
  managed: false,
  port: 6379,
  startTimeoutMs: 30_000,
  probe: () => redisHealthy(REDIS_URL),
  async start() {
    await run('redis-server', [
      '--daemonize',
      'yes',
      '--bind',
      '127.0.0.1 -::1',
      '--port',
      '6379',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      '/var/lib/redis',
      '--logfile',
      '/var/log/redis/ci.log',
    ]);
  },
  pid: () => redisPid(REDIS_URL),
};

// ---------------------------------------------------------------- Kafka (single KRaft node)

function kafkaServerProperties(dataDir: string, port: number, controllerPort: number): string {
  return [
    '# Written by deploy/local/infra.ts on every start; edit that file, not this one.',
    'process.roles=broker,controller',
    'node.id=1',
    `controller.quorum.voters=1@${HOST}:${controllerPort}`,
    `listeners=PLAINTEXT://${HOST}:${port},CONTROLLER://${HOST}:${controllerPort}`,
    `advertised.listeners=PLAINTEXT://${HOST}:${port}`,
    'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    'controller.listener.names=CONTROLLER',
    'inter.broker.listener.name=PLAINTEXT',
    `log.dirs=${dataDir}`,
    'num.partitions=3',
    'auto.create.topics.enable=true',
    'default.replication.factor=1',
    'offsets.topic.replication.factor=1',
    // Fewer offsets partitions than the default 50: faster first group join on 2 cores.
    'offsets.topic.num.partitions=10',
    'transaction.state.log.replication.factor=1',
    'transaction.state.log.min.isr=1',
    'transaction.state.log.num.partitions=10',
    'group.initial.rebalance.delay.ms=0',
    'num.network.threads=2',
    'num.io.threads=4',
    'log.retention.hours=168',
    'log.segment.bytes=104857600',
    '',
  ].join('\n');
}

const KAFKA_LOG4J = [
  'log4j.rootLogger=WARN, stdout',
  'log4j.appender.stdout=org.apache.log4j.ConsoleAppender',
  'log4j.appender.stdout.layout=org.apache.log4j.PatternLayout',
  'log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n',
  // Keep the one line that says the node finished starting or stopping.
  'log4j.logger.kafka.server.KafkaRaftServer=INFO',
  '',
].join('\n');

/** Kafka's Uuid format (base64url of 16 bytes); a leading '-' would be read as a CLI flag. */
function kafkaClusterId(): string {
  for (;;) {
    const id = crypto.randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

/** Kafka's jars, fetched once for every instance. */
const kafkaLibs = () => path.join(serverDir('kafka'), 'libs');

export function kafkaServer(opts: InstanceOptions | null = null): ManagedServer {
  const port = opts?.port ?? 9092;
  const controllerPort = opts?.port2 ?? 9093;
  const kafkaPaths = managedPaths('kafka', opts?.instance);
  return {
    name: 'kafka',
    managed: true,
    port,
    otherPorts: `controller ${controllerPort}`,
    listenPorts: [port, controllerPort],
    marker: 'kafka.Kafka',
    startTimeoutMs: 120_000,
    stopGraceMs: 30_000,
    ...kafkaPaths,
    probe: () => kafkaHealthy(`${HOST}:${port}`),
    async prepare(log) {
      const libs = kafkaLibs();
      await mavenFetch({
        pom: path.join(deployLocalDir, 'kafka/pom.xml'),
        goal: 'dependency:copy-dependencies',
        outDir: libs,
        log,
      });
      const dataDir = ensureDir(path.join(kafkaPaths.dir, 'data'));
      ensureDir(path.join(kafkaPaths.dir, 'logs'));
      fs.writeFileSync(
        path.join(kafkaPaths.dir, 'server.properties'),
        kafkaServerProperties(dataDir, port, controllerPort),
      );
      fs.writeFileSync(path.join(kafkaPaths.dir, 'log4j.properties'), KAFKA_LOG4J);
      if (!fs.existsSync(path.join(dataDir, 'meta.properties'))) {
        log('formatting KRaft storage (first start)');
        await run(
          javaBin(),
          [
            `-Dlog4j.configuration=file:${path.join(kafkaPaths.dir, 'log4j.properties')}`,
            '-cp',
            `${libs}/*`,
            'kafka.tools.StorageTool',
            'format',
            '-t',
            kafkaClusterId(),
            '-c',
            path.join(kafkaPaths.dir, 'server.properties'),
            '--ignore-formatted',
          ],
          { timeoutMs: 120_000 },
        );
      }
    },
    launch() {
      return {
        command: javaBin(),
        args: [
          '-Xms128m',
          '-Xmx512m',
          '-XX:+UseG1GC',
          '-XX:MaxGCPauseMillis=20',
          '-XX:+ExitOnOutOfMemoryError',
          '-Djava.awt.headless=true',
          `-Dlog4j.configuration=file:${path.join(kafkaPaths.dir, 'log4j.properties')}`,
          `-Dkafka.logs.dir=${path.join(kafkaPaths.dir, 'logs')}`,
          '-cp',
          `${kafkaLibs()}/*`,
          'kafka.Kafka',
          path.join(kafkaPaths.dir, 'server.properties'),
        ],
        cwd: kafkaPaths.dir,
      };
    },
  };
}

const kafka = kafkaServer();

// ---------------------------------------------------------------- Elasticsearch (integ-test-zip)

/** Elasticsearch refuses to run as root: it runs as this system user, created when missing. */
export const ES_USER = 'syndict-es';

function esVersion(): string {
  const pom = fs.readFileSync(path.join(deployLocalDir, 'elasticsearch/pom.xml'), 'utf8');
  const m = /<elasticsearch\.version>([^<]+)<\/elasticsearch\.version>/.exec(pom);
  if (!m?.[1]) throw new Error('elasticsearch.version missing from deploy/local/elasticsearch/pom.xml');
  return m[1];
}

/** The unpacked distribution, shared by every instance (each has its own data, logs and tmp). */
const esDist = () => path.join(serverDir('elasticsearch'), 'dist');
const esHome = () => path.join(esDist(), `elasticsearch-${esVersion()}`);

let esIds: { uid: number; gid: number } | undefined;

async function ensureEsUser(log: Log): Promise<{ uid: number; gid: number }> {
  if (esIds) return esIds;
  const ids = async () => ({
    uid: Number((await run('id', ['-u', ES_USER])).stdout.trim()),
    gid: Number((await run('id', ['-g', ES_USER])).stdout.trim()),
  });
  try {
    esIds = await ids();
  } catch {
    log(`creating system user ${ES_USER}`);
    await run('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--home-dir',
      serverDir('elasticsearch'),
      '--shell',
      '/usr/sbin/nologin',
      ES_USER,
    ]);
    esIds = await ids();
  }
  return esIds;
}

async function chownIfNeeded(dir: string, uid: number, gid: number): Promise<void> {
  const st = fs.statSync(dir);
  if (st.uid !== uid || st.gid !== gid) await run('chown', ['-R', `${uid}:${gid}`, dir]);
}

export function elasticsearchServer(opts: InstanceOptions | null = null): ManagedServer {
  const port = opts?.port ?? 9200;
  const transportPort = opts?.port2 ?? 9300;
  const esPaths = managedPaths('elasticsearch', opts?.instance);
  return {
    name: 'elasticsearch',
    managed: true,
    port,
    otherPorts: `transport ${transportPort}`,
    listenPorts: [port, transportPort],
    marker: 'elasticsearch',
    startTimeoutMs: 240_000,
    stopGraceMs: 30_000,
    ...esPaths,
    probe: () => elasticsearchHealthy(`http://${HOST}:${port}`),
    async prepare(log) {
      const dist = esDist();
      await mavenFetch({
        pom: path.join(deployLocalDir, 'elasticsearch/pom.xml'),
        goal: 'dependency:unpack-dependencies',
        outDir: dist,
        log,
      });
      const { uid, gid } = await ensureEsUser(log);
      const home = esHome();
      // The zip's unix modes may not survive Maven's unpacking.
      for (const f of fs.readdirSync(path.join(home, 'bin'))) fs.chmodSync(path.join(home, 'bin', f), 0o755);
      const dirs = [
        dist,
        ensureDir(path.join(esPaths.dir, 'data')),
        ensureDir(path.join(esPaths.dir, 'logs')),
        ensureDir(path.join(esPaths.dir, 'tmp')),
      ];
      for (const d of dirs) await chownIfNeeded(d, uid, gid);
    },
    launch() {
      if (!esIds) throw new Error('prepare() must run before launch()');
      const settings = {
        'cluster.name': opts ? `syndict-${opts.instance}` : 'syndict-local',
        'node.name': opts ? `${opts.instance}-1` : 'local-1',
        'discovery.type': 'single-node',
        'xpack.security.enabled': 'false',
        'network.host': HOST,
        'http.port': String(port),
        'transport.port': String(transportPort),
        'path.data': path.join(esPaths.dir, 'data'),
        'path.logs': path.join(esPaths.dir, 'logs'),
        // The disk may be fairly full: only stop allocating when it is nearly out of space.
        'cluster.routing.allocation.disk.watermark.low': '2gb',
        'cluster.routing.allocation.disk.watermark.high': '1gb',
        'cluster.routing.allocation.disk.watermark.flood_stage': '512mb',
      };
      return {
        command: path.join(esHome(), 'bin', 'elasticsearch'),
        args: Object.entries(settings).map(([k, v]) => `-E${k}=${v}`),
        cwd: esHome(),
        // A clean environment: root's HOME or JAVA_TOOL_OPTIONS must not leak into the server.
        env: {
          PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
          LANG: 'C.UTF-8',
          HOME: esPaths.dir,
          ES_JAVA_HOME: jdk17Home(),
          ES_JAVA_OPTS: '-Xms512m -Xmx512m',
          ES_TMPDIR: path.join(esPaths.dir, 'tmp'),
        },
        uid: esIds.uid,
        gid: esIds.gid,
      };
    },
  };
}

const elasticsearch = elasticsearchServer();

// ---------------------------------------------------------------- MongoDB wire (mongo-java-server, H2 file)

const mongoPaths = managedPaths('mongo');

const mongo: ManagedServer = {
  name: 'mongo',
  managed: true,
  port: 27017,
  listenPorts: [27017],
  marker: 'H2MongoServer',
  startTimeoutMs: 90_000,
  stopGraceMs: 15_000,
  ...mongoPaths,
  probe: () => mongoHealthy(`mongodb://${HOST}:27017/admin`),
  async prepare(log) {
    await mavenFetch({
      pom: path.join(deployLocalDir, 'mongo/pom.xml'),
      goal: 'dependency:copy-dependencies',
      outDir: path.join(mongoPaths.dir, 'libs'),
      log,
    });
    ensureDir(path.join(mongoPaths.dir, 'data'));
  },
  launch() {
    return {
      command: javaBin(),
      args: [
        '-Xms64m',
        '-Xmx256m',
        '-XX:+ExitOnOutOfMemoryError',
        '-Dorg.slf4j.simpleLogger.defaultLogLevel=warn',
        '-Dorg.slf4j.simpleLogger.log.de.bwaldvogel.mongo.MongoServer=info',
        // It logs every client that resets its socket (each health probe, each test's close) as an ERROR.
        '-Dorg.slf4j.simpleLogger.log.de.bwaldvogel.mongo.wire.MongoExceptionHandler=off',
        '-cp',
        `${path.join(mongoPaths.dir, 'libs')}/*`,
        // Its main() always binds localhost:27017 and takes only the data file.
        'de.bwaldvogel.mongo.H2MongoServer',
        path.join(mongoPaths.dir, 'data', 'syndict.mv'),
      ],
      cwd: mongoPaths.dir,
    };
  },
};

// ---------------------------------------------------------------- maildev (SMTP catcher with a web inbox)

const maildevPaths = managedPaths('maildev');

function maildevBin(): string {
  const pkgJson = require.resolve('maildev/package.json', { paths: [repoRoot] });
  const bin = (JSON.parse(fs.readFileSync(pkgJson, 'utf8')) as { bin: Record<string, string> }).bin.maildev;
  if (!bin) throw new Error('maildev has no bin entry');
  return path.resolve(path.dirname(pkgJson), bin);
}

const maildev: ManagedServer = {
  name: 'maildev',
  managed: true,
  port: 1025,
  otherPorts: 'web 1080',
  listenPorts: [1025, 1080],
  marker: 'maildev',
  startTimeoutMs: 30_000,
  stopGraceMs: 5_000,
  ...maildevPaths,
  probe: () => maildevHealthy(`http://${HOST}:1080`),
  async prepare() {
    ensureDir(path.join(maildevPaths.dir, 'mail'));
  },
  launch() {
    return {
      command: process.execPath,
      args: [
        maildevBin(),
        '--smtp',
        '1025',
        '--web',
        '1080',
        '--ip',
        HOST,
        '--web-ip',
        HOST,
        '--mail-directory',
        path.join(maildevPaths.dir, 'mail'),
      ],
      cwd: maildevPaths.dir,
    };
  },
};

export const SERVERS: Record<ServerName, ServerDef> = { postgres, redis, kafka, elasticsearch, mongo, maildev };

// One start-up path for every service: config, stores, migrations, Kafka, outbox relay, the
// service's own build, HTTP, consumers, jobs, and graceful shutdown in the right order.
import type { Client as ElasticClient } from '@elastic/elasticsearch';
import type { Express } from 'express';
import type { Kafka, Producer } from 'kafkajs';
import type { Connection } from 'mongoose';
import type { Transporter } from 'nodemailer';
import type { Pool } from 'pg';
import type { z } from 'zod';
import { OUTBOX_BUFFER_DEFAULTS, type Env, type runtimeShape } from './config';
import type { RunningConsumer } from './consumer';
import { listen, type RunningServer } from './http';
import { GroupCommit } from './group-commit';
import { createKafka, ensureTopics } from './kafka';
import { createLogger, type Logger } from './logger';
import { enqueueMany, OutboxRelay, type OutboxMessage } from './outbox';
import { createPool, eventingMigration, migrate, readMigrations } from './pg';
import { Shutdown } from './shutdown';
import { connectMongo, connectRedis, createElastic, createMailer, type Redis } from './stores';

/** What the runtime itself reads of a service's config (config.ts `runtimeShape`). */
export type RuntimeConfig = z.output<z.ZodObject<ReturnType<typeof runtimeShape>>>;

export interface PostgresNeed {
  /** The service's schema; its migrations' `${schema}`. */
  schema: string;
  migrationsDir?: string;
}

/** The stores a service declares; the runtime connects exactly these. */
export interface StoreNeeds {
  postgres?: PostgresNeed;
  redis?: true;
  mongo?: true;
  elastic?: true;
  mail?: true;
}

/** The settings each declared store needs (config.ts `storeShapes`). */
export type StoreConfigOf<N extends StoreNeeds> = (N extends { postgres: PostgresNeed }
  ? { DATABASE_URL: string; OUTBOX_RELAY: 'on' | 'off'; OUTBOX_BUFFER_MS: number; OUTBOX_BUFFER_SIZE: number }
  : unknown) &
  (N extends { redis: true } ? { REDIS_URL: string } : unknown) &
  (N extends { mongo: true } ? { MONGO_URL: string; OUTBOX_RELAY: 'on' | 'off' } : unknown) &
  (N extends { elastic: true } ? { ELASTICSEARCH_URL: string } : unknown) &
  (N extends { mail: true } ? { SMTP_URL: string } : unknown);

/** The connections of the declared stores, and nothing else. */
export type StoresOf<N extends StoreNeeds> = (N extends { postgres: PostgresNeed }
  ? {
      pool: Pool;
      schema: string;
      /**
       * Group commit into the outbox for facts no answer waits on: flushed at shutdown after HTTP has
       * drained and before the relay's last pass, so a graceful stop loses none.
       */
      outboxBuffer: GroupCommit<OutboxMessage>;
    }
  : unknown) &
  (N extends { redis: true } ? { redis: Redis } : unknown) &
  (N extends { mongo: true } ? { mongo: Connection } : unknown) &
  (N extends { elastic: true } ? { elastic: ElasticClient } : unknown) &
  (N extends { mail: true } ? { mailer: Transporter } : unknown);

export type ServiceDeps<C, N extends StoreNeeds> = {
  name: string;
  config: C;
  log: Logger;
  kafka: Kafka;
  producer: Producer;
  topicPrefix: string;
} & StoresOf<N>;

/** Background work of a service (a scheduler, a relay): started after the consumers, stopped before them. */
export interface Job {
  name: string;
  start(): void | Promise<void>;
  stop(): void | Promise<void>;
}

/** Something `build` already started that holds a connection of its own (kit PgListener, say). */
export interface Closeable {
  name: string;
  close(): void | Promise<void>;
}

/** What a service's `build` returns; a service may add what its tests need to reach. */
export interface BuiltService {
  app: Express;
  /** Started once HTTP listens (see startService). */
  consumers?: () => Promise<RunningConsumer[]>;
  jobs?: Job[];
  /**
   * Running from `build` on, before HTTP listens (unlike jobs, which wait for the consumers to join):
   * closed after the consumers stop, before the stores.
   */
  closeables?: Closeable[];
}

export interface ServiceDefinition<C extends RuntimeConfig, N extends StoreNeeds, B extends BuiltService> {
  name: string;
  /** The service's whole environment as one schema's fields (config.ts); read by the docs generator. */
  configShape: z.ZodRawShape;
  /** Validates the environment; the service's config.ts `loadConfig`. */
  loadConfig: (env?: Env) => C;
  /** The stores to connect; a function when the config names one (a schema, say). */
  stores: N | ((config: C) => N);
  /** Topics this service publishes to (unprefixed); created when missing. */
  produces?: readonly string[];
  build: (deps: ServiceDeps<C, N>) => B | Promise<B>;
}

/** Ties a definition's config, stores and build together, so `build` sees exactly the declared stores. */
export function defineService<
  const N extends StoreNeeds,
  C extends RuntimeConfig & StoreConfigOf<N>,
  B extends BuiltService,
>(def: ServiceDefinition<C, N, B>): ServiceDefinition<C, N, B> {
  return def;
}

/** The stores a definition declares for this config. */
export function storeNeedsOf<C extends RuntimeConfig, N extends StoreNeeds>(
  def: Pick<ServiceDefinition<C, N, BuiltService>, 'stores'>,
  config: C,
): N {
  return typeof def.stores === 'function' ? def.stores(config) : def.stores;
}

export interface StartedService<C, N extends StoreNeeds, B extends BuiltService> {
  deps: ServiceDeps<C, N>;
  built: B;
  http: RunningServer;
  consumers: RunningConsumer[];
  stop(): Promise<void>;
}

export interface StartHooks {
  /**
   * Called as soon as the service can be stopped gracefully: HTTP listens, the consumers may still
   * be joining their groups (15 s and more after a crash). A stop from then on drains what was taken.
   */
  stoppable?: (stop: () => Promise<void>, log: Logger) => void;
}

// Each connection is made only when its store is declared; these views let the runtime read them
// without knowing which stores a generic N holds.
type AnyStores = Partial<StoresOf<Required<StoreNeeds>>>;
type AnyStoreConfig = Partial<StoreConfigOf<Required<StoreNeeds>>>;

export async function startService<C extends RuntimeConfig, N extends StoreNeeds, B extends BuiltService>(
  def: ServiceDefinition<C, N, B>,
  env?: Env,
  hooks: StartHooks = {},
): Promise<StartedService<C, N, B>> {
  const config = def.loadConfig(env);
  const urls = config as C & AnyStoreConfig;
  const log = createLogger(def.name, config.LOG_LEVEL);
  const shutdown = new Shutdown(log);
  const needs: StoreNeeds = storeNeedsOf(def, config);

  const kafka = createKafka(
    def.name,
    config.KAFKA_BROKERS,
    log,
    {},
    { consumerStallMs: config.KAFKA_CONSUMER_STALL_MS },
  );
  // Not kafkajs's idempotent mode: after a broker restart or a timed-out send its sequence numbers
  // can fall out of step with the broker, and every later send fails (OUT_OF_ORDER_SEQUENCE_NUMBER)
  // until the process restarts (kafkajs issue #598), leaving the outbox undrained. The outbox already
  // delivers at least once and every consumer de-duplicates by event id; one request in flight keeps
  // each partition's order.
  const producer = kafka.producer({ maxInFlightRequests: 1, allowAutoTopicCreation: true });
  const stores: AnyStores = {};

  if (needs.postgres && urls.DATABASE_URL) {
    const pool = createPool(urls.DATABASE_URL, {}, (err) =>
      log.warn({ err }, 'an idle PostgreSQL connection was closed by the server; the pool opens another'),
    );
    const migrations = [
      eventingMigration(),
      ...(needs.postgres.migrationsDir ? await readMigrations(needs.postgres.migrationsDir) : []),
    ];
    await migrate(pool, needs.postgres.schema, migrations, log);
    const schema = needs.postgres.schema;
    stores.pool = pool;
    stores.schema = schema;
    stores.outboxBuffer = new GroupCommit<OutboxMessage>({
      commit: (msgs) => enqueueMany(pool, schema, msgs),
      log,
      label: 'buffered events',
      maxDelayMs: urls.OUTBOX_BUFFER_MS ?? OUTBOX_BUFFER_DEFAULTS.delayMs,
      maxSize: urls.OUTBOX_BUFFER_SIZE ?? OUTBOX_BUFFER_DEFAULTS.size,
    });
  }
  if (needs.redis && urls.REDIS_URL) stores.redis = await connectRedis(urls.REDIS_URL, log);
  if (needs.mongo && urls.MONGO_URL) stores.mongo = await connectMongo(urls.MONGO_URL);
  if (needs.elastic && urls.ELASTICSEARCH_URL) stores.elastic = createElastic(urls.ELASTICSEARCH_URL);
  if (needs.mail && urls.SMTP_URL) stores.mailer = createMailer(urls.SMTP_URL);
  const deps = {
    name: def.name,
    config,
    log,
    kafka,
    producer,
    topicPrefix: config.KAFKA_TOPIC_PREFIX,
    ...stores,
  } as ServiceDeps<C, N>; // the connections made above are exactly those StoresOf<N> names

  if (def.produces?.length)
    await ensureTopics(
      kafka,
      def.produces.map((t) => config.KAFKA_TOPIC_PREFIX + t),
    );
  await producer.connect();

  const relay =
    stores.pool && stores.schema && urls.OUTBOX_RELAY === 'on'
      ? new OutboxRelay({ pool: stores.pool, schema: stores.schema, producer, log })
      : null;
  await relay?.start();
  const built = await def.build(deps);
  const http = await listen(built.app, config.PORT, config.HOST);
  log.info({ url: http.url }, `${def.name} listening`);
  // Consumers join their groups after the HTTP server is up: after a crash the group waits for the
  // dead member's session to expire (15 s and more), and requests need not wait for that.
  let consumers: RunningConsumer[] = [];
  const jobs = built.jobs ?? [];
  let stopped = false;

  // Order matters: stop taking requests and drain them, then stop the jobs and consumers, then
  // stop producing, then close stores.
  shutdown
    .add('http', () => http.close())
    .add('outbox buffer', async () => {
      await stores.outboxBuffer?.close();
    })
    .add('jobs', async () => {
      for (const job of [...jobs].reverse()) await job.stop();
    })
    .add('consumers', async () => {
      await Promise.all(consumers.map((c) => c.stop()));
    })
    .add('closeables', async () => {
      await Promise.all((built.closeables ?? []).map((c) => c.close()));
    })
    .add('relay', async () => {
      await relay?.stop();
      await relay?.drain().catch(() => undefined);
    })
    .add('producer', () => producer.disconnect())
    .add('postgres', async () => {
      await stores.pool?.end();
    })
    .add('redis', async () => {
      if (stores.redis?.isOpen) await stores.redis.quit();
    })
    .add('mongo', async () => {
      await stores.mongo?.close();
    })
    .add('elastic', async () => {
      await stores.elastic?.close();
    })
    .add('mailer', async () => {
      stores.mailer?.close();
    });
  const stop = () => {
    stopped = true;
    return shutdown.run();
  };
  hooks.stoppable?.(stop, log);

  try {
    consumers = built.consumers ? await built.consumers() : [];
    // Stopped while the consumers were joining: the shutdown found none to stop, nor jobs to start.
    if (stopped) await Promise.all(consumers.map((c) => c.stop().catch(() => undefined)));
    else for (const job of jobs) await job.start();
  } catch (err) {
    await http.close().catch(() => undefined);
    await Promise.all((built.closeables ?? []).map(async (c) => c.close())).catch(() => undefined);
    throw err;
  }

  return { deps, built, http, consumers, stop };
}

/** Entry point helper for `src/main.ts`: start, install signal handlers, exit non-zero on a failed start. */
export function runMain<C extends RuntimeConfig, N extends StoreNeeds, B extends BuiltService>(
  def: ServiceDefinition<C, N, B>,
): void {
  let stop: { run: () => Promise<void>; log: Logger } | null = null;
  let stopping = false;
  // Listening from the start: a signal while the consumers join (seconds after a restart) must
  // still drain the requests taken and flush the outbox buffer, not end the process at once.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (!stop) {
        // Not listening yet: nothing was taken. The signal's default action ends the process.
        process.kill(process.pid, signal);
        return;
      }
      stopping = true;
      stop.log.info({ signal }, 'shutting down');
      void stop.run().then(() => process.exit(0));
    });
  }
  startService(def, undefined, { stoppable: (run, log) => (stop = { run, log }) }).then(
    () => undefined,
    (err: unknown) => {
      // A start cut short by a stop (its consumers could not join a closing producer) is no failure.
      if (stopping) return;
      // Config errors list every problem; anything else is a store that did not answer.
      process.stderr.write(`${def.name} failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}

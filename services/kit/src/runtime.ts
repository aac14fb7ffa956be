// One start-up path for every service: config, stores, migrations, Kafka, outbox
// relay, consumers, HTTP, and graceful shutdown in the right order.
import type { Client as ElasticClient } from '@elastic/elasticsearch';
import type { Express } from 'express';
import type { Kafka, Producer } from 'kafkajs';
import type { Connection } from 'mongoose';
import type { Transporter } from 'nodemailer';
import type { Pool } from 'pg';
import { z } from 'zod';
import { baseConfigShape, kafkaShape, loadConfig, urls } from './config';
import type { RunningConsumer } from './consumer';
import { listen, type RunningServer } from './http';
import { GroupCommit } from './group-commit';
import { createKafka, ensureTopics } from './kafka';
import { createLogger, type Logger } from './logger';
import { enqueueMany, OutboxRelay, type OutboxMessage } from './outbox';
import { createPool, eventingMigration, migrate, readMigrations, withTransaction } from './pg';
import { Shutdown } from './shutdown';
import { connectMongo, connectRedis, createElastic, createMailer, type Redis } from './stores';

export const runtimeShape = {
  ...baseConfigShape,
  ...kafkaShape,
  DATABASE_URL: urls.database,
  REDIS_URL: urls.redis,
  ELASTICSEARCH_URL: urls.elasticsearch,
  MONGO_URL: urls.mongo,
  SMTP_URL: urls.smtp,
  /** 'off' runs a service without its relay (another replica or process relays). */
  OUTBOX_RELAY: z.enum(['on', 'off']).default('on'),
  /** The outbox buffer (publishBuffered): the longest a fact waits for its batch, and the largest batch. */
  OUTBOX_BUFFER_MS: z.coerce.number().int().min(0).max(1_000).default(10),
  OUTBOX_BUFFER_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
};
export type RuntimeConfig = z.infer<z.ZodObject<typeof runtimeShape>>;

export interface ServiceDeps<C> {
  name: string;
  config: RuntimeConfig & C;
  log: Logger;
  kafka: Kafka;
  producer: Producer;
  topicPrefix: string;
  pool?: Pool;
  schema?: string;
  relay?: OutboxRelay;
  /**
   * Group commit into the outbox for facts no answer waits on: flushed at shutdown after HTTP has
   * drained and before the relay's last pass, so a graceful stop loses none.
   */
  outboxBuffer?: GroupCommit<OutboxMessage>;
  redis?: Redis;
  mongo?: Connection;
  elastic?: ElasticClient;
  mailer?: Transporter;
}

export interface ServiceDefinition<S extends z.ZodRawShape> {
  name: string;
  defaultPort: number;
  /** Service-specific environment, validated with the shared fields. */
  configShape?: S;
  postgres?: { schema: string; migrationsDir?: string };
  redis?: boolean;
  mongo?: boolean;
  elastic?: boolean;
  mail?: boolean;
  /** Topics this service publishes to (unprefixed); created when missing. */
  produces?: string[];
  app: (deps: ServiceDeps<z.infer<z.ZodObject<S>>>) => Express | Promise<Express>;
  consumers?: (deps: ServiceDeps<z.infer<z.ZodObject<S>>>) => Promise<RunningConsumer[]>;
}

export interface StartedService<C> {
  deps: ServiceDeps<C>;
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

export async function startService<S extends z.ZodRawShape>(
  def: ServiceDefinition<S>,
  env: Record<string, string | undefined> = process.env,
  hooks: StartHooks = {},
): Promise<StartedService<z.infer<z.ZodObject<S>>>> {
  type C = z.infer<z.ZodObject<S>>;
  const shape = {
    ...runtimeShape,
    PORT: z.coerce.number().int().min(0).max(65535).default(def.defaultPort),
    ...def.configShape,
  };
  // zod cannot name the merged type of a generic shape; the parse itself checked every field.
  const config = loadConfig(shape, env) as unknown as RuntimeConfig & C & { PORT: number };
  const log = createLogger(def.name, config.LOG_LEVEL);
  const shutdown = new Shutdown(log);

  const kafka = createKafka(def.name, config.KAFKA_BROKERS, log);
  // Not kafkajs's idempotent mode: after a broker restart or a timed-out send its sequence numbers
  // can fall out of step with the broker, and every later send fails (OUT_OF_ORDER_SEQUENCE_NUMBER)
  // until the process restarts (kafkajs issue #598), leaving the outbox undrained. The outbox already
  // delivers at least once and every consumer de-duplicates by event id; one request in flight keeps
  // each partition's order.
  const producer = kafka.producer({ maxInFlightRequests: 1, allowAutoTopicCreation: true });
  const deps: ServiceDeps<C> = {
    name: def.name,
    config,
    log,
    kafka,
    producer,
    topicPrefix: config.KAFKA_TOPIC_PREFIX,
  };

  if (def.postgres) {
    const pool = createPool(config.DATABASE_URL);
    const migrations = [
      eventingMigration(),
      ...(def.postgres.migrationsDir ? await readMigrations(def.postgres.migrationsDir) : []),
    ];
    await migrate(pool, def.postgres.schema, migrations, log);
    deps.pool = pool;
    deps.schema = def.postgres.schema;
    const schema = def.postgres.schema;
    deps.outboxBuffer = new GroupCommit<OutboxMessage>({
      commit: (msgs) => withTransaction(pool, (tx) => enqueueMany(tx, schema, msgs)),
      log,
      label: 'buffered events',
      maxDelayMs: config.OUTBOX_BUFFER_MS,
      maxSize: config.OUTBOX_BUFFER_SIZE,
    });
  }
  if (def.redis) deps.redis = await connectRedis(config.REDIS_URL, log);
  if (def.mongo) deps.mongo = await connectMongo(config.MONGO_URL);
  if (def.elastic) deps.elastic = createElastic(config.ELASTICSEARCH_URL);
  if (def.mail) deps.mailer = createMailer(config.SMTP_URL);

  if (def.produces?.length)
    await ensureTopics(
      kafka,
      def.produces.map((t) => config.KAFKA_TOPIC_PREFIX + t),
    );
  await producer.connect();

  if (deps.pool && deps.schema && config.OUTBOX_RELAY === 'on') {
    deps.relay = new OutboxRelay({ pool: deps.pool, schema: deps.schema, producer, log });
    await deps.relay.start();
  }
  const app = await def.app(deps);
  const http = await listen(app, config.PORT, config.HOST);
  log.info({ url: http.url }, `${def.name} listening`);
  // Consumers join their groups after the HTTP server is up: after a crash the group waits for the
  // dead member's session to expire (15 s and more), and requests need not wait for that.
  let consumers: RunningConsumer[] = [];
  let stopped = false;

  // Order matters: stop taking requests and drain them, then stop producing, then close stores.
  shutdown
    .add('http', () => http.close())
    .add('outbox buffer', async () => {
      await deps.outboxBuffer?.close();
    })
    .add('consumers', async () => {
      await Promise.all(consumers.map((c) => c.stop()));
    })
    .add('relay', async () => {
      await deps.relay?.stop();
      await deps.relay?.drain().catch(() => undefined);
    })
    .add('producer', () => producer.disconnect())
    .add('postgres', async () => {
      await deps.pool?.end();
    })
    .add('redis', async () => {
      if (deps.redis?.isOpen) await deps.redis.quit();
    })
    .add('mongo', async () => {
      await deps.mongo?.close();
    })
    .add('elastic', async () => {
      await deps.elastic?.close();
    })
    .add('mailer', async () => {
      deps.mailer?.close();
    });
  const stop = () => {
    stopped = true;
    return shutdown.run();
  };
  hooks.stoppable?.(stop, log);

  try {
    consumers = def.consumers ? await def.consumers(deps) : [];
  } catch (err) {
    await http.close().catch(() => undefined);
    throw err;
  }
  // Stopped while the consumers were joining: the shutdown found none to stop.
  if (stopped) await Promise.all(consumers.map((c) => c.stop().catch(() => undefined)));

  return { deps, http, consumers, stop };
}

/** Entry point helper for `src/main.ts`: start, install signal handlers, exit non-zero on a failed start. */
export function runMain<S extends z.ZodRawShape>(def: ServiceDefinition<S>): void {
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
  startService(def, process.env, { stoppable: (run, log) => (stop = { run, log }) }).then(
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

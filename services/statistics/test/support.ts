// Test support: the statistics service in-process on a scratch schema and topic prefix,
// events produced straight to Kafka as the outbox relay would (encoded envelope, key,
// event-id header), and admin calls with the identity headers the gateway forwards.
import { randomBytes } from 'node:crypto';
import {
  createKafka,
  createLogger,
  createPool,
  DEVELOPMENT_IDENTITY_SECRET,
  GATEWAY_ISSUER,
  identityHeaders,
  startService,
  type Pool,
  type SignedIdentity,
} from '@syn/kit';
import { encodeEnvelope, newEnvelope, topicOf, type Envelope, type EventCase, type EventValueInit } from '@syn/proto';
import type { Producer } from 'kafkajs';
import { createStatisticsService, type StatisticsOptions } from '../src/service';

export const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/syndict_test';
export const KAFKA_BROKERS = process.env.KAFKA_BROKERS ?? '127.0.0.1:9092';

export const uid = () => randomBytes(4).toString('hex');

export interface Scratch {
  run: string;
  schema: string;
  prefix: string;
  pool: Pool;
  producer: Producer;
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A scratch schema and topic prefix of its own for one test file; dropped/deleted at the end. */
export async function scratch(extraEnv: Record<string, string> = {}): Promise<Scratch> {
  const run = uid();
  const schema = `st_${run}`;
  const prefix = `stats.${run}.`;
  const pool = createPool(DATABASE_URL);
  const kafka = createKafka('statistics-test', [KAFKA_BROKERS], createLogger('statistics-test', 'silent'));
  const producer = kafka.producer({ maxInFlightRequests: 1, allowAutoTopicCreation: false });
  await producer.connect();
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATABASE_URL,
    KAFKA_BROKERS,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/1',
    KAFKA_TOPIC_PREFIX: prefix,
    STATISTICS_SCHEMA: schema,
    ...extraEnv,
  };
  return {
    run,
    schema,
    prefix,
    pool,
    producer,
    env,
    close: async () => {
      await producer.disconnect();
      const admin = kafka.admin();
      await admin.connect();
      const mine = (await admin.listTopics()).filter((t) => t.startsWith(prefix));
      if (mine.length) await admin.deleteTopics({ topics: mine }).catch(() => undefined);
      await admin.disconnect();
      const { rows } = await pool.query<{ nspname: string }>(`SELECT nspname FROM pg_namespace WHERE nspname LIKE $1`, [
        `${schema}%`,
      ]);
      for (const r of rows) await pool.query(`DROP SCHEMA IF EXISTS ${r.nspname} CASCADE`);
      await pool.end();
    },
  };
}

const startStatisticsService = (s: Scratch, opts: StatisticsOptions) =>
  startService(createStatisticsService(opts), s.env);
export type Stats = Awaited<ReturnType<typeof startStatisticsService>>;

export function startStatistics(s: Scratch, opts: StatisticsOptions = {}): Promise<Stats> {
  return startStatisticsService(s, opts);
}

/** A Korea Standard Time wall-clock moment as a Date: kst('2025-03-03 09:00'). */
export function kst(local: string): Date {
  return new Date(`${local.replace(' ', 'T')}:00+09:00`);
}

export function event<C extends EventCase>(
  kase: C,
  value: EventValueInit<C>,
  at: Date,
  userId: number,
  id?: string,
): Envelope {
  const producer = kase.startsWith('user')
    ? 'account'
    : kase.startsWith('headword') || kase.startsWith('external')
      ? 'dictionary'
      : 'billing';
  return newEnvelope({
    producer,
    key: String(userId),
    event: { case: kase, value },
    occurredAt: at,
    ...(id ? { id } : {}),
  });
}

/** Publishes envelopes as the outbox relay does (value, key, event-id header) on the scratch prefix. */
export async function publish(s: Scratch, events: Envelope[]): Promise<void> {
  const byTopic = new Map<string, Envelope[]>();
  for (const e of events) {
    const topic = s.prefix + topicOf(e);
    byTopic.set(topic, [...(byTopic.get(topic) ?? []), e]);
  }
  await s.producer.sendBatch({
    acks: -1,
    topicMessages: [...byTopic].map(([topic, envs]) => ({
      topic,
      messages: envs.map((e) => ({
        key: e.key,
        value: Buffer.from(encodeEnvelope(e)),
        headers: { 'event-id': e.id, 'event-type': e.type },
      })),
    })),
  });
}

export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export const ADMIN: SignedIdentity = { userId: 1, grade: 0, deviceState: 'current' };
export const MEMBER: SignedIdentity = { userId: 2, grade: 1, deviceState: 'current' };

/** A POST as the gateway forwards it for `who` (identity headers signed as the gateway signs them). */
export async function call<T = Record<string, unknown>>(
  svc: Stats,
  path: string,
  body: unknown,
  who: SignedIdentity = ADMIN,
): Promise<Reply<T>> {
  const res = await fetch(`${svc.http.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...identityHeaders(DEVELOPMENT_IDENTITY_SECRET, GATEWAY_ISSUER, 'POST', path, who),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

export async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Ids of events recorded as processed in the scratch schema. */
export async function processedCount(s: Scratch): Promise<number> {
  const { rows } = await s.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${s.schema}.processed_events`);
  return rows[0]?.n ?? 0;
}

/** Every aggregate table's rows, sorted, for comparing two table sets. */
export const AGGREGATE_TABLES = [
  'members',
  'passes',
  'payments',
  'refunds',
  'visitor_daily',
  'login_daily',
  'search_daily',
  'word_daily',
  'user_search_history',
  'user_search_totals',
  'external_link_daily',
];

export async function snapshot(pool: Pool, schema: string): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of AGGREGATE_TABLES) {
    const { rows } = await pool.query(`SELECT * FROM ${schema}.${table}`);
    out[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

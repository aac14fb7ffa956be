// A fingerprint of every piece of domain data a test stack keeps: each
// PostgreSQL table's content, each MongoDB collection's documents and the
// Redis keys. Two equal fingerprints mean nothing was written in between.
import { createHash } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { Pool } from 'pg';
import { createClient } from 'redis';

/**
 * Left out, each for a reason:
 * - outbox tables and collections are compared by row count only: the relay marks rows as sent
 *   after the request that wrote them (delivery bookkeeping, not data); a new row is still seen;
 * - `schema_migrations` only changes at start-up;
 * - Redis counters of the defences themselves (the gateway's rate limits, failed sign-in
 *   counters with their back-off, the account service's look-up limits): counting a refused request is their job.
 */
const COUNT_ONLY = /(^|_)outbox$/;
const SKIPPED_TABLES = /^schema_migrations$/;
const DEFENCE_KEYS = /^(gateway:ratelimit:|login:acct:|login:ip:|rate:)/;

export interface Fingerprint {
  parts: Record<string, string>;
}

/** Names of the parts two fingerprints disagree on. */
export function changedParts(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before.parts), ...Object.keys(after.parts)]);
  return [...names].filter((name) => before.parts[name] !== after.parts[name]).sort();
}

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;
const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

export interface DataStores {
  fingerprint(): Promise<Fingerprint>;
  /**
   * Events still on their way: outbox rows not yet published, wordbook items holding pending events,
   * and events of the topics statistics reads that it has not applied yet. Consumers write late on a
   * busy machine; a comparison made before this reaches 0 blames the next request for their writes.
   */
  eventsInFlight(): Promise<number>;
  close(): Promise<void>;
}

export async function openDataStores(urls: { postgres: string; mongo: string; redis: string }): Promise<DataStores> {
  const pool = new Pool({ connectionString: urls.postgres, max: 2 });
  const mongo = new MongoClient(urls.mongo, { serverSelectionTimeoutMS: 5_000 });
  await mongo.connect();
  const redis = createClient({ url: urls.redis });
  await redis.connect();

  async function postgresQuery(): Promise<string> {
    const tables = await pool.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
        ORDER BY 1, 2`,
    );
    const parts = tables.rows
      .filter((table) => !SKIPPED_TABLES.test(table.name))
      .map((table) => {
        const id = `${table.schema}.${table.name}`;
        const from = `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`;
        const value = COUNT_ONLY.test(table.name)
          ? `count(*)::text`
          : `count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), ''))`;
        return `SELECT '${id.replace(/'/g, "''")}' AS part, ${value} AS value FROM ${from} t`;
      });
    return parts.join(' UNION ALL ');
  }
  // The table list only changes at start-up (migrations): build the query once.
  const query = await postgresQuery();

  const outboxes = (
    await pool.query<{ schema: string }>(
      `SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'outbox' ORDER BY 1`,
    )
  ).rows.map((row) => quoteIdent(row.schema));
  // The topics statistics consumes are account's, the dictionary's and billing's (STATISTICS_TOPICS).
  const statisticsSources = outboxes.filter((schema) => /^"(account|dictionary|billing)"$/.test(schema));
  const hasStatistics = (
    await pool.query(`SELECT 1 FROM information_schema.tables WHERE table_schema = 'statistics' AND table_name = 'processed_events'`)
  ).rowCount;
  const inFlightQuery = [
    ...outboxes.map((schema) => `(SELECT count(*) FROM ${schema}.outbox WHERE published_at IS NULL)`),
    ...(hasStatistics && statisticsSources.length
      ? [
          `GREATEST(0, ${statisticsSources.map((schema) => `(SELECT count(*) FROM ${schema}.outbox)`).join(' + ')}` +
            ` - (SELECT count(*) FROM statistics.processed_events))`,
        ]
      : []),
  ].join(' + ');

  return {
    async fingerprint() {
      const parts: Record<string, string> = {};
      for (const row of (await pool.query<{ part: string; value: string }>(query)).rows) {
        parts[`pg:${row.part}`] = row.value;
      }
      const db = mongo.db();
      for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
        const collection = db.collection(name);
        parts[`mongo:${name}`] = COUNT_ONLY.test(name)
          ? String(await collection.countDocuments())
          : md5(JSON.stringify(await collection.find({}).sort({ _id: 1 }).toArray()));
      }
      const keys: string[] = [];
      for await (const batch of redis.scanIterator({ COUNT: 500 })) {
        for (const key of batch) if (!DEFENCE_KEYS.test(key)) keys.push(key);
      }
      keys.sort();
      // Key names and, for plain values, the value: a session or device key that changes is a write.
      const values = keys.length ? await redis.mGet(keys) : [];
      keys.forEach((key, index) => {
        parts[`redis:${key.replace(/[0-9a-f]{16,}|[A-Za-z0-9_-]{32,}/g, '…')}:${md5(key)}`] = md5(
          String(values[index] ?? ''),
        );
      });
      return { parts };
    },
    async eventsInFlight() {
      const { rows } = await pool.query<{ n: string }>(`SELECT ${inFlightQuery || '0'} AS n`);
      const pending = await mongo
        .db()
        .collection('wordbook_items')
        .countDocuments({ 'pendingEvents.0': { $exists: true } });
      return Number(rows[0]?.n ?? 0) + pending;
    },
    async close() {
      await Promise.allSettled([pool.end(), mongo.close(), redis.close()]);
    },
  };
}

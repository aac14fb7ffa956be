import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Pool, type PoolClient, type PoolConfig } from 'pg';
import type { Logger } from './logger';

export type { Pool, PoolClient };

/**
 * A pool whose idle connections may be ended by the server (a restart, a terminated backend): the pool
 * emits that on itself, and an 'error' event nobody listens to ends the process. The pool drops the
 * connection and opens another for the next query; `onIdleError` only reports it.
 */
export function createPool(
  connectionString: string,
  extra: PoolConfig = {},
  onIdleError: (err: Error) => void = (err) =>
    process.stderr.write(`postgres: an idle connection was closed by the server (${err.message})\n`),
): Pool {
  const pool = new Pool({ connectionString, max: 10, idleTimeoutMillis: 30_000, ...extra });
  pool.on('error', onIdleError);
  return pool;
}

/** Runs `fn` in one transaction; rolls back on any error and rethrows it. */
export async function withTransaction<T>(pool: Pool, fn: (tx: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

export const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

export function assertSchemaName(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name: ${schema}`);
  return schema;
}

export interface Migration {
  name: string;
  sql: string;
}

/** Reads `NNN_name.sql` files in name order. `${schema}` in a file is replaced by the schema name. */
export async function readMigrations(dir: string): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  return Promise.all(files.map(async (name) => ({ name, sql: await readFile(path.join(dir, name), 'utf8') })));
}

/**
 * Applies pending migrations to one schema, each in its own transaction, under an
 * advisory lock so replicas starting together do not race.
 */
export async function migrate(pool: Pool, schema: string, migrations: Migration[], log?: Logger): Promise<string[]> {
  assertSchemaName(schema);
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate:${schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${schema}.schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = new Set(
      (await client.query<{ name: string }>(`SELECT name FROM ${schema}.schema_migrations`)).rows.map((r) => r.name),
    );
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      await client.query('BEGIN');
      try {
        await client.query(`SET LOCAL search_path TO ${schema}, public`);
        await client.query(m.sql.replaceAll('${schema}', schema));
        await client.query(`INSERT INTO ${schema}.schema_migrations (name) VALUES ($1)`, [m.name]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${schema}/${m.name} failed: ${err instanceof Error ? err.message : String(err)}`, {
          cause: err,
        });
      }
      applied.push(m.name);
      log?.info({ schema, migration: m.name }, 'migration applied');
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${schema}`]).catch(() => undefined);
    client.release();
  }
  return applied;
}

/** Outbox and processed-event tables every PostgreSQL-backed service has in its own schema. */
export function eventingMigration(): Migration {
  return {
    name: '000_eventing.sql',
    sql: `
      CREATE TABLE IF NOT EXISTS \${schema}.outbox (
        seq          bigserial PRIMARY KEY,
        id           uuid NOT NULL UNIQUE,
        topic        text NOT NULL,
        key          text NOT NULL,
        type         text NOT NULL,
        payload      bytea NOT NULL,
        created_at   timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      );
      CREATE INDEX IF NOT EXISTS outbox_unpublished ON \${schema}.outbox (seq) WHERE published_at IS NULL;
      CREATE TABLE IF NOT EXISTS \${schema}.processed_events (
        consumer     text NOT NULL,
        event_id     uuid NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      );
    `,
  };
}

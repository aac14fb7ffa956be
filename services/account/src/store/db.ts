import type { Pool, PoolClient } from 'pg';

/** Anything that runs a query: the pool, or a client inside a transaction. */
export type Db = Pool | PoolClient;

/** PostgreSQL unique_violation. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

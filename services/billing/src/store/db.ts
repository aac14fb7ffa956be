// What every repository of schema `billing` shares: the client a call runs on (the pool, or a
// transaction's client so callers compose several calls in one transaction), the checked schema
// name, and the user-id range the scheduled jobs may be confined to.
import { assertSchemaName, type Pool, type PoolClient } from '@syn/kit';

export type Db = Pool | PoolClient;

/** Restricts jobs to a user id range (tests sharing one database). */
export interface UserScope {
  userIdFrom: number;
  userIdTo: number;
}

export abstract class Repository {
  /** The schema, checked once: it is written into every statement. */
  readonly s: string;
  constructor(schema: string) {
    this.s = assertSchemaName(schema);
  }
}

export function scopeSql(scope: UserScope | undefined, firstArg: number, alias = ''): string {
  return scope ? `AND ${alias}user_id BETWEEN $${firstArg} AND $${firstArg + 1}` : '';
}

export function scopeArgs(scope: UserScope | undefined): number[] {
  return scope ? [scope.userIdFrom, scope.userIdTo] : [];
}

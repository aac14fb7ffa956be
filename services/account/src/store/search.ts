// Member search for the admin list and the coupon-gift recipient search.
import type { UserSearchRequest } from '@syn/kit/rules';
import type { Db } from './db';

export interface SearchRow {
  id: number;
  email: string;
  name: string;
  phone: string;
  createdAt: Date;
  emailVerified: boolean;
  paid: boolean;
}

export interface SearchResult {
  rows: SearchRow[];
  searchTotal: number;
  userTotal: number;
  paidTotal: number;
}

/** LIKE pattern for "contains", with the user's %, _ and \ taken literally. */
function containsPattern(s: string): string {
  return `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function searchMembers(
  db: Db,
  schema: string,
  q: UserSearchRequest,
  opts: { excludeUserId?: number } = {},
): Promise<SearchResult> {
  const column = q.userCol === 'name' ? 'name' : 'email';
  const paidFilter = q.userStatus === 'BASIC' ? 'AND paid' : q.userStatus === 'FREE' ? 'AND NOT paid' : '';
  const params: unknown[] = [
    q.searchName === '' ? null : containsPattern(q.searchName),
    opts.excludeUserId ?? null,
    q.pageSize,
    q.pageNum * q.pageSize,
  ];
  const { rows } = await db.query<{
    id: number;
    email: string;
    name: string;
    phone: string;
    created_at: Date;
    email_verified: boolean;
    paid: boolean;
    search_total: string;
    user_total: string;
    paid_total: string;
  }>(
    `WITH members AS (
       SELECT u.id, u.email, u.name, u.phone, u.created_at, u.email_verified,
              EXISTS (SELECT 1 FROM ${schema}.passes p
                       WHERE p.user_id = u.id AND p.status = 'START' AND p.end_date > now()) AS paid
         FROM ${schema}.users u
        WHERE u.withdrawn_at IS NULL AND ($2::int IS NULL OR u.id <> $2)
     ),
     totals AS (SELECT count(*) AS user_total, count(*) FILTER (WHERE paid) AS paid_total FROM members),
     matched AS (
       SELECT * FROM members WHERE ($1::text IS NULL OR ${column} ILIKE $1) ${paidFilter}
     )
     SELECT m.*, (SELECT count(*) FROM matched) AS search_total, t.user_total, t.paid_total
       FROM totals t LEFT JOIN LATERAL (
         SELECT * FROM matched ORDER BY id DESC LIMIT $3 OFFSET $4
       ) m ON true`,
    params,
  );
  const first = rows[0];
  return {
    rows: rows
      .filter((r) => r.id !== null)
      .map((r) => ({
        id: r.id,
        email: r.email,
        name: r.name,
        phone: r.phone,
        createdAt: r.created_at,
        emailVerified: r.email_verified,
        paid: r.paid,
      })),
    searchTotal: Number(first?.search_total ?? 0),
    userTotal: Number(first?.user_total ?? 0),
    paidTotal: Number(first?.paid_total ?? 0),
  };
}

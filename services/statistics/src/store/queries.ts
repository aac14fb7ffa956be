// Reads of the aggregates for the admin API, in the spec's response keys. Every daily
// series covers each day of the period (Korea Standard Time), zeros included.
import type { Pool } from '@syn/kit';
import type { DateRange } from '../domain/rules';

/** `days` (every day of the period) and `lo`/`hi`, the period's bounds as instants. */
const PERIOD = `
  days AS (SELECT d::date AS day FROM generate_series($1::date, $2::date, interval '1 day') AS d),
  bounds AS (SELECT ($1::date)::timestamp AT TIME ZONE 'Asia/Seoul' AS lo,
                    ($2::date + 1)::timestamp AT TIME ZONE 'Asia/Seoul' AS hi)`;
const KST = (col: string) => `(${col} AT TIME ZONE 'Asia/Seoul')::date`;

export interface JoinDay {
  INS_DATE: string;
  JOIN_CNT: number;
  PAY_CNT: number;
  CNT: number;
  AMOUNT: number;
  REFUND_CNT: number;
  REFUND_AMOUNT: number;
}

export async function joinStatistic(pool: Pool, schema: string, range: DateRange) {
  const { rows } = await pool.query<JoinDay>(
    `WITH ${PERIOD},
     joins AS (SELECT ${KST('joined_at')} AS day, count(*) AS n FROM ${schema}.members, bounds
                WHERE joined_at >= lo AND joined_at < hi GROUP BY 1),
     paid AS (SELECT ${KST('first_paid_at')} AS day, count(*) AS n FROM ${schema}.members, bounds
                WHERE first_paid_at >= lo AND first_paid_at < hi GROUP BY 1),
     pays AS (SELECT ${KST('paid_at')} AS day, count(*) AS n, sum(amount) AS amount FROM ${schema}.payments, bounds
                WHERE paid_at >= lo AND paid_at < hi GROUP BY 1),
     refs AS (SELECT ${KST('refunded_at')} AS day, count(*) AS n, sum(amount) AS amount FROM ${schema}.refunds, bounds
                WHERE refunded_at >= lo AND refunded_at < hi GROUP BY 1)
     SELECT to_char(days.day, 'YYYY-MM-DD') AS "INS_DATE",
            coalesce(joins.n, 0)::int AS "JOIN_CNT",
            coalesce(paid.n, 0)::int AS "PAY_CNT",
            coalesce(pays.n, 0)::int AS "CNT",
            coalesce(pays.amount, 0)::int AS "AMOUNT",
            coalesce(refs.n, 0)::int AS "REFUND_CNT",
            coalesce(refs.amount, 0)::int AS "REFUND_AMOUNT"
       FROM days
       LEFT JOIN joins USING (day) LEFT JOIN paid USING (day) LEFT JOIN pays USING (day) LEFT JOIN refs USING (day)
      ORDER BY days.day`,
    [range.startDate, range.endDate],
  );
  const totals = await pool.query<{ users: number; paid: number }>(
    `SELECT (SELECT count(*) FROM ${schema}.members WHERE joined_at IS NOT NULL AND withdrawn_at IS NULL)::int AS users,
            (SELECT count(DISTINCT p.user_id) FROM ${schema}.passes p
               LEFT JOIN ${schema}.members m ON m.user_id = p.user_id
              WHERE p.status = 'START' AND (p.end_date IS NULL OR p.end_date > now())
                AND m.withdrawn_at IS NULL)::int AS paid`,
  );
  return { datas: rows, totalUserCount: totals.rows[0]?.users ?? 0, totalPaidUserCount: totals.rows[0]?.paid ?? 0 };
}

export interface ConnectDay {
  INS_DATE: string;
  CNT: number;
  USER_CNT: number;
  GUEST_CNT: number;
  LOGIN_CNT: number;
}

export async function connectStatistic(pool: Pool, schema: string, range: DateRange) {
  const { rows } = await pool.query<ConnectDay>(
    `WITH ${PERIOD},
     v AS (SELECT day, count(*) AS n, count(*) FILTER (WHERE visitor LIKE 'u:%') AS members
             FROM ${schema}.visitor_daily WHERE day BETWEEN $1::date AND $2::date GROUP BY day)
     SELECT to_char(days.day, 'YYYY-MM-DD') AS "INS_DATE",
            coalesce(v.n, 0)::int AS "CNT",
            coalesce(v.members, 0)::int AS "USER_CNT",
            coalesce(v.n - v.members, 0)::int AS "GUEST_CNT",
            coalesce(l.logins, 0)::int AS "LOGIN_CNT"
       FROM days LEFT JOIN v USING (day) LEFT JOIN ${schema}.login_daily l USING (day)
      ORDER BY days.day`,
    [range.startDate, range.endDate],
  );
  return { datas: rows };
}

export interface SearchDay {
  INS_DATE: string;
  CNT: number;
  VIEW_CNT: number;
}

export async function searchStatistic(pool: Pool, schema: string, range: DateRange) {
  const { rows } = await pool.query<SearchDay>(
    `WITH ${PERIOD}
     SELECT to_char(days.day, 'YYYY-MM-DD') AS "INS_DATE",
            coalesce(s.searches, 0)::int AS "CNT",
            coalesce(s.views, 0)::int AS "VIEW_CNT"
       FROM days LEFT JOIN ${schema}.search_daily s USING (day)
      ORDER BY days.day`,
    [range.startDate, range.endDate],
  );
  return { datas: rows };
}

export interface WordCount {
  WORD: string;
  HANJA: string;
  CNT: number;
}

export async function searchWordStatistic(pool: Pool, schema: string, limit: number, range: DateRange | null) {
  const params: unknown[] = [limit];
  let where = '';
  if (range) {
    params.push(range.startDate, range.endDate);
    where = 'WHERE day BETWEEN $2::date AND $3::date';
  }
  const { rows } = await pool.query<WordCount>(
    `SELECT word AS "WORD", hanja AS "HANJA", sum(cnt)::int AS "CNT"
       FROM ${schema}.word_daily ${where}
      GROUP BY word, hanja
      ORDER BY sum(cnt) DESC, word, hanja
      LIMIT $1`,
    params,
  );
  return { datas: rows };
}

export interface SearchHistoryRow {
  WORD: string;
  RESULT_CNT: number;
  SEARCH_DATE: string;
}

export async function userSearchHistory(pool: Pool, schema: string, userId: number, pageSize: number, pageNum: number) {
  const [page, totals] = await Promise.all([
    pool.query<SearchHistoryRow>(
      `SELECT query AS "WORD", result_count AS "RESULT_CNT",
              to_char(searched_at AT TIME ZONE 'Asia/Seoul', 'YYYY-MM-DD HH24:MI:SS') AS "SEARCH_DATE"
         FROM ${schema}.user_search_history WHERE user_id = $1
        ORDER BY searched_at DESC, event_id DESC LIMIT $2 OFFSET $3`,
      [userId, pageSize, pageSize * pageNum],
    ),
    pool.query<{ kept: number; total: number }>(
      `SELECT (SELECT count(*) FROM ${schema}.user_search_history WHERE user_id = $1)::int AS kept,
              coalesce((SELECT searches FROM ${schema}.user_search_totals WHERE user_id = $1), 0)::int AS total`,
      [userId],
    ),
  ]);
  const kept = totals.rows[0]?.kept ?? 0;
  return {
    datas: page.rows,
    totalCount: kept,
    totalPages: Math.ceil(kept / pageSize),
    /** Every search the member ever made (the list keeps only the newest). */
    searchTotal: totals.rows[0]?.total ?? 0,
  };
}

// Writes of the aggregates (migrations/002). Each function is one event's effect and
// runs inside the transaction that records the event id, so it happens once.
import type { PoolClient } from '@syn/kit';

export async function memberJoined(tx: PoolClient, schema: string, userId: number, at: Date): Promise<void> {
  // LEAST: a replayed or late join never moves the join day later.
  await tx.query(
    `INSERT INTO ${schema}.members (user_id, joined_at) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET joined_at = LEAST(members.joined_at, EXCLUDED.joined_at)`,
    [userId, at],
  );
}

export async function memberWithdrew(tx: PoolClient, schema: string, userId: number, at: Date): Promise<void> {
  await tx.query(
    `INSERT INTO ${schema}.members (user_id, withdrawn_at) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET withdrawn_at = GREATEST(members.withdrawn_at, EXCLUDED.withdrawn_at)`,
    [userId, at],
  );
  // What a member searched is theirs: withdrawal removes it (the daily counts stay anonymous sums).
  await tx.query(`DELETE FROM ${schema}.user_search_history WHERE user_id = $1`, [userId]);
  await tx.query(`DELETE FROM ${schema}.user_search_totals WHERE user_id = $1`, [userId]);
}

export interface PassState {
  passId: number;
  userId: number;
  itemId: number;
  status: string;
  startDate: Date | null;
  endDate: Date | null;
}

/** Keeps the newest state of a pass; the first time a member's pass is in use is their paid conversion. */
export async function passChanged(tx: PoolClient, schema: string, pass: PassState, at: Date): Promise<void> {
  await tx.query(
    `INSERT INTO ${schema}.passes (pass_id, user_id, item_id, status, start_date, end_date, changed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (pass_id) DO UPDATE SET
       user_id = EXCLUDED.user_id, item_id = EXCLUDED.item_id, status = EXCLUDED.status,
       start_date = EXCLUDED.start_date, end_date = EXCLUDED.end_date, changed_at = EXCLUDED.changed_at
     WHERE passes.changed_at <= EXCLUDED.changed_at`,
    [pass.passId, pass.userId, pass.itemId, pass.status, pass.startDate, pass.endDate, at],
  );
  if (pass.status === 'START') {
    await tx.query(
      `INSERT INTO ${schema}.members (user_id, first_paid_at) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET first_paid_at = LEAST(members.first_paid_at, EXCLUDED.first_paid_at)`,
      [pass.userId, at],
    );
  }
}

export async function paymentCompleted(
  tx: PoolClient,
  schema: string,
  p: { merchantUid: string; userId: number; itemId: number; amount: number },
  at: Date,
): Promise<void> {
  // One payment per merchant_uid, however often it is reported.
  await tx.query(
    `INSERT INTO ${schema}.payments (merchant_uid, user_id, item_id, amount, paid_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (merchant_uid) DO NOTHING`,
    [p.merchantUid, p.userId, p.itemId, p.amount, at],
  );
}

export async function paymentRefunded(
  tx: PoolClient,
  schema: string,
  eventId: string,
  p: { merchantUid: string; userId: number; amount: number },
  at: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO ${schema}.refunds (event_id, merchant_uid, user_id, amount, refunded_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (event_id) DO NOTHING`,
    [eventId, p.merchantUid, p.userId, p.amount, at],
  );
}

export interface HistoryRow {
  userId: number;
  eventId: string;
  at: Date;
  query: string;
  resultCount: number;
}

/** Splits `day\tkey…` map keys into columns for unnest(). */
function columns(map: Map<string, number>, width: number): { cols: string[][]; counts: number[] } {
  const cols: string[][] = Array.from({ length: width }, () => []);
  const counts: number[] = [];
  for (const [key, n] of map) {
    key.split('\t').forEach((part, i) => cols[i]?.push(part));
    counts.push(n);
  }
  return { cols, counts };
}

export async function addDailySearches(
  tx: PoolClient,
  schema: string,
  searches: Map<string, number>,
  views: Map<string, number>,
): Promise<void> {
  const days = [...new Set([...searches.keys(), ...views.keys()])];
  if (days.length === 0) return;
  await tx.query(
    `INSERT INTO ${schema}.search_daily (day, searches, views)
     SELECT * FROM unnest($1::date[], $2::int[], $3::int[])
     ON CONFLICT (day) DO UPDATE SET searches = search_daily.searches + EXCLUDED.searches,
                                     views = search_daily.views + EXCLUDED.views`,
    [days, days.map((d) => searches.get(d) ?? 0), days.map((d) => views.get(d) ?? 0)],
  );
}

export async function addDailyLogins(tx: PoolClient, schema: string, logins: Map<string, number>): Promise<void> {
  if (logins.size === 0) return;
  await tx.query(
    `INSERT INTO ${schema}.login_daily (day, logins) SELECT * FROM unnest($1::date[], $2::int[])
     ON CONFLICT (day) DO UPDATE SET logins = login_daily.logins + EXCLUDED.logins`,
    [[...logins.keys()], [...logins.values()]],
  );
}

export async function addVisitors(tx: PoolClient, schema: string, visits: Array<[string, string]>): Promise<void> {
  if (visits.length === 0) return;
  await tx.query(
    `INSERT INTO ${schema}.visitor_daily (day, visitor) SELECT * FROM unnest($1::date[], $2::text[]) ON CONFLICT DO NOTHING`,
    [visits.map((v) => v[0]), visits.map((v) => v[1])],
  );
}

export async function addWordViews(tx: PoolClient, schema: string, words: Map<string, number>): Promise<void> {
  if (words.size === 0) return;
  const { cols, counts } = columns(words, 3);
  await tx.query(
    `INSERT INTO ${schema}.word_daily (day, word, hanja, cnt) SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::int[])
     ON CONFLICT (day, word, hanja) DO UPDATE SET cnt = word_daily.cnt + EXCLUDED.cnt`,
    [cols[0], cols[1], cols[2], counts],
  );
}

export async function addLinkClicks(tx: PoolClient, schema: string, links: Map<string, number>): Promise<void> {
  if (links.size === 0) return;
  const { cols, counts } = columns(links, 2);
  await tx.query(
    `INSERT INTO ${schema}.external_link_daily (day, link_type, clicks) SELECT * FROM unnest($1::date[], $2::text[], $3::int[])
     ON CONFLICT (day, link_type) DO UPDATE SET clicks = external_link_daily.clicks + EXCLUDED.clicks`,
    [cols[0], cols[1], counts],
  );
}

/**
 * Records members' searches (never a withdrawn member's: topics are not ordered among
 * themselves, so a withdrawal may have been seen first; it wins either way), counts them
 * in the member's total and keeps only the newest `keep` per member.
 */
export async function addSearchHistory(
  tx: PoolClient,
  schema: string,
  rows: HistoryRow[],
  keep: number,
): Promise<void> {
  if (rows.length === 0) return;
  const { rows: inserted } = await tx.query<{ user_id: number; n: number }>(
    `WITH added AS (
       INSERT INTO ${schema}.user_search_history (user_id, event_id, searched_at, query, result_count)
       SELECT t.* FROM unnest($1::int[], $2::uuid[], $3::timestamptz[], $4::text[], $5::int[])
              AS t(user_id, event_id, searched_at, query, result_count)
        WHERE NOT EXISTS (SELECT 1 FROM ${schema}.members m WHERE m.user_id = t.user_id AND m.withdrawn_at IS NOT NULL)
       ON CONFLICT DO NOTHING
       RETURNING user_id)
     SELECT user_id, count(*)::int AS n FROM added GROUP BY user_id`,
    [
      rows.map((r) => r.userId),
      rows.map((r) => r.eventId),
      rows.map((r) => r.at),
      rows.map((r) => r.query),
      rows.map((r) => r.resultCount),
    ],
  );
  if (inserted.length === 0) return;
  await tx.query(
    `INSERT INTO ${schema}.user_search_totals (user_id, searches) SELECT * FROM unnest($1::int[], $2::int[])
     ON CONFLICT (user_id) DO UPDATE SET searches = user_search_totals.searches + EXCLUDED.searches`,
    [inserted.map((r) => r.user_id), inserted.map((r) => r.n)],
  );
  await trimSearchHistory(
    tx,
    schema,
    inserted.map((r) => r.user_id),
    keep,
  );
}

/** Keeps only the newest `keep` searches of each member in `userIds`. */
export async function trimSearchHistory(
  tx: PoolClient,
  schema: string,
  userIds: number[],
  keep: number,
): Promise<void> {
  if (userIds.length === 0) return;
  await tx.query(
    `DELETE FROM ${schema}.user_search_history h
      USING (
        SELECT user_id, event_id,
               row_number() OVER (PARTITION BY user_id ORDER BY searched_at DESC, event_id DESC) AS rank
          FROM ${schema}.user_search_history WHERE user_id = ANY($1::int[])
      ) ranked
      WHERE h.user_id = ranked.user_id AND h.event_id = ranked.event_id AND ranked.rank > $2`,
    [userIds, keep],
  );
}

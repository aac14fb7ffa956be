// What each event means for the aggregates. Frequent events (searches, views, logins,
// visits, link clicks) are summed per batch in memory and written with one statement per
// table; rare ones (joins, withdrawals, passes, payments) are written one by one. Every
// effect is order-independent, so the order of writing inside a batch does not matter.
import { ANONYMOUS_USER_ID, eventTime, type PoolClient } from '@syn/kit';
import { ExternalLinkType, PASS_STATUS_WORDS, timestampDate, type Envelope, type Timestamp } from '@syn/proto';
import * as agg from '../store/aggregates';

const LINK_TYPES: Partial<Record<ExternalLinkType, string>> = {
  [ExternalLinkType.NATMAL]: 'natmal',
  [ExternalLinkType.OPENDIC]: 'opendic',
};

const member = (userId: number): number | null => (userId > 0 && userId !== ANONYMOUS_USER_ID ? userId : null);

/** Who visited: the member, else the anonymous session; null when neither can be told apart. */
export function visitorOf(userId: number, sessionHash: string): string | null {
  const id = member(userId);
  if (id !== null) return `u:${id}`;
  return sessionHash ? `s:${sessionHash}` : null;
}

const dateOf = (t: Timestamp | undefined): Date | null => (t ? timestampDate(t) : null);

/** The Korea Standard Time date of an instant, 'YYYY-MM-DD' (KST has no daylight saving). */
export function kstDay(at: Date): string {
  return new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
}

const bump = <K>(map: Map<K, number>, key: K, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

/** The effects of one batch, summed where they can be. */
export class BatchEffects {
  readonly searches = new Map<string, number>();
  readonly views = new Map<string, number>();
  readonly logins = new Map<string, number>();
  readonly visitors = new Set<string>();
  readonly words = new Map<string, number>();
  readonly links = new Map<string, number>();
  readonly history: agg.HistoryRow[] = [];
  /** Rare events, written one by one. */
  readonly singles: Array<(tx: PoolClient, schema: string) => Promise<void>> = [];

  private visit(day: string, userId: number, sessionHash: string): void {
    const visitor = visitorOf(userId, sessionHash);
    if (visitor) this.visitors.add(`${day}\t${visitor}`);
  }

  add(env: Envelope): void {
    const at = eventTime(env);
    const day = kstDay(at);
    const e = env.event;
    switch (e.case) {
      case 'userJoined': {
        const { userId } = e.value;
        this.singles.push((tx, schema) => agg.memberJoined(tx, schema, userId, at));
        break;
      }
      case 'userLoggedIn':
        bump(this.logins, day);
        this.visit(day, e.value.userId, e.value.sessionHash);
        break;
      case 'userWithdrawn': {
        const { userId } = e.value;
        this.singles.push((tx, schema) => agg.memberWithdrew(tx, schema, userId, at));
        break;
      }
      case 'headwordSearched': {
        bump(this.searches, day);
        this.visit(day, e.value.userId, e.value.sessionHash);
        const userId = member(e.value.userId);
        if (userId !== null) {
          this.history.push({ userId, eventId: env.id, at, query: e.value.query, resultCount: e.value.resultCount });
        }
        break;
      }
      case 'headwordViewed':
        bump(this.views, day);
        bump(this.words, `${day}\t${e.value.word}\t${e.value.hanja}`);
        this.visit(day, e.value.userId, e.value.sessionHash);
        break;
      case 'externalLinkOpened':
        bump(this.links, `${day}\t${LINK_TYPES[e.value.linkType] ?? 'unknown'}`);
        break;
      case 'paymentCompleted': {
        const p = e.value;
        this.singles.push((tx, schema) => agg.paymentCompleted(tx, schema, p, at));
        break;
      }
      case 'paymentRefunded': {
        const p = e.value;
        this.singles.push((tx, schema) => agg.paymentRefunded(tx, schema, env.id, p, at));
        break;
      }
      case 'passChanged': {
        const v = e.value;
        const pass: agg.PassState = {
          passId: v.passId,
          userId: v.userId,
          itemId: v.itemId,
          status: PASS_STATUS_WORDS[v.status] ?? 'UNKNOWN',
          startDate: dateOf(v.startDate),
          endDate: dateOf(v.endDate),
        };
        this.singles.push((tx, schema) => agg.passChanged(tx, schema, pass, at));
        break;
      }
      default:
        // wordSaved and cases added later: recorded as processed, nothing to count.
        break;
    }
  }

  /** Writes everything; withdrawals go first so a withdrawn member's searches in the same batch are not kept. */
  async write(tx: PoolClient, schema: string, historyPerUser: number): Promise<void> {
    for (const single of this.singles) await single(tx, schema);
    await agg.addDailySearches(tx, schema, this.searches, this.views);
    await agg.addDailyLogins(tx, schema, this.logins);
    await agg.addVisitors(
      tx,
      schema,
      [...this.visitors].map((v) => v.split('\t') as [string, string]),
    );
    await agg.addWordViews(tx, schema, this.words);
    await agg.addLinkClicks(tx, schema, this.links);
    await agg.addSearchHistory(tx, schema, this.history, historyPerUser);
  }
}

// The session's search history (spec §9): at most 10 entries, de-duplicated by id, newest
// first, kept in Redis under the session so it survives a reload and ends with the session.
import { SESSION_TTL_SECONDS, sessionHistoryKey, type Redis } from '@syn/kit';

export interface HistoryEntry {
  id: number;
  word: string;
  /** '' when the headword has no hanja. */
  hanja: string;
  /** The app path of the headword's detail page. */
  linkUrl: string;
}

export const HISTORY_LIMIT = 10;
const HASH = /^[0-9a-f]{64}$/;

/** The key is part of kit's session contract: a login carries a visitor's list to the new session. */
export const historyKey = sessionHistoryKey;

function parseEntry(raw: string): HistoryEntry | null {
  try {
    const v = JSON.parse(raw) as Partial<HistoryEntry>;
    if (typeof v.id !== 'number' || typeof v.word !== 'string') return null;
    return {
      id: v.id,
      word: v.word,
      hanja: typeof v.hanja === 'string' ? v.hanja : '',
      linkUrl: String(v.linkUrl ?? ''),
    };
  } catch {
    return null;
  }
}

export class HistoryStore {
  constructor(private readonly redis: Redis) {}

  /**
   * Puts `entry` first; an older copy of the same id goes; the list keeps 10. It lives as long
   * as its session: `ttlSeconds` (a visitor's is shorter than a member's).
   */
  async add(
    sessionHash: string,
    entry: HistoryEntry,
    ttlSeconds: number = SESSION_TTL_SECONDS,
    opts: { slideSession?: boolean } = {},
  ): Promise<void> {
    if (!HASH.test(sessionHash)) return;
    const key = historyKey(sessionHash);
    const json = JSON.stringify({ id: entry.id, word: entry.word, hanja: entry.hanja, linkUrl: entry.linkUrl });
    // One round trip; entries of one id serialise identically, so LREM finds the old copy.
    const tx = this.redis
      .multi()
      .lRem(key, 0, json)
      .lPush(key, json)
      .lTrim(key, 0, HISTORY_LIMIT - 1)
      .expire(key, ttlSeconds);
    // A returning visitor's session slides in the same round trip (a missing session stays missing).
    if (opts.slideSession) tx.expire(`session:${sessionHash}`, ttlSeconds);
    await tx.exec();
  }

  /** Takes every copy of headword `id` out of the list (a re-imported headword may have left two). */
  async remove(sessionHash: string, id: number): Promise<void> {
    if (!HASH.test(sessionHash)) return;
    const key = historyKey(sessionHash);
    const raw = await this.redis.lRange(key, 0, -1);
    const copies = raw.filter((item) => parseEntry(item)?.id === id);
    if (copies.length === 0) return;
    // LREM by value: an entry pushed meanwhile for another headword is never touched.
    const tx = this.redis.multi();
    for (const item of new Set(copies)) tx.lRem(key, 0, item);
    await tx.exec();
  }

  async clear(sessionHash: string): Promise<void> {
    if (!HASH.test(sessionHash)) return;
    await this.redis.del(historyKey(sessionHash));
  }

  async list(sessionHash: string): Promise<HistoryEntry[]> {
    if (!HASH.test(sessionHash)) return [];
    const raw = await this.redis.lRange(historyKey(sessionHash), 0, HISTORY_LIMIT - 1);
    const seen = new Set<number>();
    const entries: HistoryEntry[] = [];
    for (const item of raw) {
      const entry = parseEntry(item);
      // A copy left by a re-imported headword (changed word or hanja) still shows once.
      if (!entry || seen.has(entry.id)) continue;
      seen.add(entry.id);
      entries.push(entry);
    }
    return entries;
  }
}

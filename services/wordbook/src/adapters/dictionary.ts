// The dictionary, over HTTP (ARCHITECTURE rule 1: no reading another service's index).
// Only saving and exporting ask it; reads of the wordbook never do. It asks the dictionary's
// internal detail route, which records no usage event: a save or an export is not the member
// viewing the word, and statistics count only what people did. Answers are cached:
// a headword's existence until the next import is likely (minutes), the words a member
// may see for a short while (their plan can change).
import { identityHeaders, MESSAGES as KIT_MESSAGES, type Caller } from '@syn/kit';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';

/** The headword as the dictionary names it. */
export interface HeadwordInfo {
  id: number;
  word: string;
  hanja: string;
  linkUrl: string;
}

/** The dictionary did not answer usefully (down, timed out, or an unexpected reply). */
export class DictionaryUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DictionaryUnavailable';
  }
}

/** The dictionary's internal, read-only detail route (same body as the public wordSynItems). */
export const DETAIL_PATH = '/internal/headwords/detail';

/** The subset of the detail body (spec §7.2 wordSynItems) the wordbook reads. */
const wordSynResponse = z.object({
  pyojaeItem: z
    .object({
      ID: z.coerce.number(),
      WORD: z.string(),
      HANJA: z.string().nullish(),
      LINK_URL: z.string().nullish(),
    })
    .optional(),
  wordSynItems: z.array(z.object({ GUBN: z.string(), WORD: z.string() })).default([]),
});
type WordSynResponse = z.infer<typeof wordSynResponse>;

/** Spec §1: the similar-words category (the first of the 11). */
export const SIMILAR_WORDS = '비슷한말';

export interface DictionaryClientOptions {
  /** One URL per dictionary replica, asked round robin. */
  baseUrls: string[];
  /** Signs the member's identity for the dictionary's internal route (kit identity.ts). */
  identitySecret: string;
  timeoutMs?: number;
  headwordTtlMs?: number;
  visibleTtlMs?: number;
  fetchImpl?: typeof fetch;
}

type Existence = { found: true; headword: HeadwordInfo | null } | { found: false };

export class DictionaryClient {
  private readonly existence: LRUCache<number, Existence, Caller>;
  private readonly visible: LRUCache<string, string[], { caller: Caller; headwordId: number }>;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;
  private next = 0;

  constructor(private readonly opts: DictionaryClientOptions) {
    if (opts.baseUrls.length === 0) throw new Error('DictionaryClient needs at least one dictionary URL');
    this.timeoutMs = opts.timeoutMs ?? 3_000;
    this.fetchImpl = opts.fetchImpl ?? fetch;
    const headwordTtl = opts.headwordTtlMs ?? 10 * 60_000;
    this.existence = new LRUCache<number, Existence, Caller>({
      max: 50_000,
      ttl: headwordTtl,
      // Concurrent saves of one headword share one request.
      fetchMethod: async (headwordId, _stale, { context, options }) => {
        const reply = await this.wordSynItems(headwordId, context);
        // An unknown id may be imported soon; do not remember its absence for long.
        if (!reply) options.ttl = Math.min(headwordTtl, 60_000);
        return reply ? { found: true, headword: this.headwordOf(reply) } : { found: false };
      },
    });
    this.visible = new LRUCache<string, string[], { caller: Caller; headwordId: number }>({
      max: 20_000,
      ttl: opts.visibleTtlMs ?? 60_000,
      fetchMethod: async (_key, _stale, { context }) => {
        const reply = await this.wordSynItems(context.headwordId, context.caller);
        return reply ? reply.wordSynItems.filter((w) => w.GUBN === SIMILAR_WORDS).map((w) => w.WORD) : [];
      },
    });
  }

  /**
   * Whether the headword exists, and its name as the dictionary says it (null when the
   * dictionary's reply does not carry it). Throws DictionaryUnavailable.
   */
  async headword(headwordId: number, caller: Caller): Promise<Existence> {
    const result = await this.existence.fetch(headwordId, { context: caller });
    if (!result) throw new DictionaryUnavailable('no answer from the dictionary');
    return result;
  }

  /** The similar words this member may see (cut by their plan on the dictionary's side). */
  async similarWords(headwordId: number, caller: Caller): Promise<string[]> {
    // The cut depends on the member and on whether this session is their current device.
    const key = `${caller.userId}:${caller.deviceState}:${headwordId}`;
    const words = await this.visible.fetch(key, { context: { caller, headwordId } });
    return words ?? [];
  }

  private headwordOf(reply: WordSynResponse): HeadwordInfo | null {
    const p = reply.pyojaeItem;
    if (!p) return null;
    return { id: p.ID, word: p.WORD, hanja: p.HANJA ?? '', linkUrl: p.LINK_URL ?? '' };
  }

  /**
   * POSTs the detail to one replica after another, round robin, until one answers: the route
   * records nothing, so asking a second replica after a refused or broken connection is safe.
   * A timeout is not retried (the replica may only be slow; the caller already waited).
   */
  private async detail(headwordId: number, caller: Caller): Promise<Response> {
    const urls = this.opts.baseUrls;
    const first = this.next++ % urls.length;
    let lastErr: unknown;
    for (let i = 0; i < urls.length; i++) {
      try {
        return await this.fetchImpl(`${urls[(first + i) % urls.length]}${DETAIL_PATH}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            // Only who the member is and their device standing, for the cut of their plan: the route
            // keeps no history anyway.
            ...identityHeaders(this.opts.identitySecret, 'wordbook', 'POST', DETAIL_PATH, {
              userId: caller.userId,
              grade: caller.grade,
              deviceState: caller.deviceState,
            }),
          },
          body: JSON.stringify({ pyojaeId: headwordId }),
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (err) {
        lastErr = err;
        if (err instanceof Error && err.name === 'TimeoutError') break;
      }
    }
    throw new DictionaryUnavailable('dictionary request failed', { cause: lastErr });
  }

  /** The detail as `caller` would see it; null when the headword does not exist. */
  private async wordSynItems(headwordId: number, caller: Caller): Promise<WordSynResponse | null> {
    const res = await this.detail(headwordId, caller);
    if (res.status === 404) {
      const body = (await res.json().catch(() => ({}))) as { message?: unknown };
      // A 404 for the route itself (a dictionary without it) is not "no such headword".
      if (body.message === KIT_MESSAGES.notFound)
        throw new DictionaryUnavailable(`dictionary has no ${DETAIL_PATH} route`);
      return null;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new DictionaryUnavailable(`dictionary answered ${res.status}`);
    }
    const parsed = wordSynResponse.safeParse(await res.json().catch(() => undefined));
    if (!parsed.success) throw new DictionaryUnavailable('dictionary reply has an unexpected shape');
    return parsed.data;
  }
}

// /api/dic/search/* (spec §7.2): thin handlers that validate input, call the read side and
// the stores, hand the usage fact to the outbox buffer (the answer does not wait for its commit),
// and map to the documented keys.
import {
  activeCaller,
  badRequest,
  notFound,
  onCurrentDevice,
  requestFields,
  REQUEST_ID_HEADER,
  type Caller,
  type Redis,
} from '@syn/kit';
import type { Response, Router } from 'express';
import { MESSAGES } from '../domain/messages';
import { PagingError } from '../domain/query';
import {
  headwordLinkUrl,
  toKoreanPyojaeItems,
  toPyojaeItems,
  toWordInfoItem,
  toWordSynItems,
} from '../domain/response';
import { cutForReader, type Reader } from '../domain/visibility';
import type { UsageFacts } from '../events/publish';
import { HistoryStore } from '../store/history';
import type { PassStore } from '../store/passes';
import type { HeadwordReader } from '../store/reader';
import {
  createAnonymousSession,
  setSessionCookie,
  slideVisitorSession,
  VISITOR_SESSION_TTL_SECONDS,
} from '../store/sessions';
import {
  clearHistoryRequest,
  deleteHistoryRequest,
  detailRequest,
  hanjaRequest,
  searchRequest,
  suggestRequest,
} from './contract';

export { DEFAULT_PAGE_SIZE } from './contract';

export interface SearchRouteDeps {
  usage: UsageFacts;
  redis: Redis;
  reader: HeadwordReader;
  passes: PassStore;
  nodeEnv: string;
}

/**
 * Visitor = anonymous; paid = a live pass (administrators see everything too) on the member's
 * current device (spec §4: a session that has not claimed the account, or lost it, is cut as free).
 */
export async function readerOf(caller: Caller, passes: PassStore): Promise<Reader> {
  if (caller.anonymous) return 'visitor';
  if (!onCurrentDevice(caller)) return 'free';
  if (caller.admin) return 'paid';
  return (await passes.isPaid(caller.userId)) ? 'paid' : 'free';
}

export function searchRoutes(router: Router, deps: SearchRouteDeps): void {
  const { usage, reader, passes } = deps;
  const history = new HistoryStore(deps.redis);

  /**
   * The caller's session hash, for a view that must be kept in the history: a visitor without a
   * session gets one (and its cookie) here, a returning visitor's slides. Nothing else makes one.
   */
  async function sessionFor(caller: Caller, res: Response): Promise<string> {
    if (caller.sessionHash !== '') {
      if (caller.anonymous) await slideVisitorSession(deps.redis, caller.sessionHash);
      return caller.sessionHash;
    }
    if (!caller.anonymous) return '';
    const { sid, hash } = await createAnonymousSession(deps.redis);
    setSessionCookie(res, sid, deps.nodeEnv);
    return hash;
  }

  router.post('/api/dic/search/pyojaeItems', async (req, res) => {
    const input = searchRequest.parse(requestFields(req));
    const caller = activeCaller(req);
    let found;
    try {
      found = await reader.searchKorean(input.searchWord, input.pageNum, input.pageSize);
    } catch (err) {
      if (err instanceof PagingError) throw badRequest(MESSAGES.pageNumInvalid);
      throw err;
    }
    usage.searched(
      {
        userId: caller.userId,
        sessionHash: caller.sessionHash,
        query: input.searchWord,
        resultCount: found.page.total,
        page: input.pageNum,
      },
      req.get(REQUEST_ID_HEADER),
    );
    res.json(toKoreanPyojaeItems(found.page, found));
  });

  // The other headwords that share one hanja character (美 → 美人, 美術 …), paged like search.
  router.post('/api/dic/search/hanjaItems', async (req, res) => {
    const input = hanjaRequest.parse(requestFields(req));
    let page;
    try {
      page = await reader.hanja(input.hanja, input.pageNum, input.pageSize);
    } catch (err) {
      if (err instanceof PagingError) throw badRequest(MESSAGES.pageNumInvalid);
      throw err;
    }
    res.json(toPyojaeItems(page));
  });

  router.post('/api/dic/search/wordSynItems', async (req, res) => {
    // Another device claimed this account (spec §4, §8): refused, and the web app logs this one out.
    const caller = activeCaller(req);
    // The body's userId and userAuthKey are informational only: the gateway's headers decide who this is.
    const { pyojaeId } = detailRequest.parse(requestFields(req));
    const [headword, who] = await Promise.all([reader.getHeadword(pyojaeId), readerOf(caller, passes)]);
    if (!headword) throw notFound(MESSAGES.headwordNotFound);
    // A returning visitor's session slides with the history write below (one Redis round trip);
    // sessionFor only makes one for a visitor who has none.
    const returning = caller.sessionHash !== '';
    const sessionHash = returning ? caller.sessionHash : await sessionFor(caller, res);
    const hanja = headword.hanja ?? '';
    usage.viewed(
      { userId: caller.userId, sessionHash, headwordId: headword.id, word: headword.word, hanja },
      req.get(REQUEST_ID_HEADER),
    );
    // The session history is written before the answer: the next page the reader opens may be
    // 검색 내역 (spec §9), and it must already list this headword. One Redis round trip, no commit.
    if (sessionHash)
      await history.add(
        sessionHash,
        { id: headword.id, word: headword.word, hanja, linkUrl: headwordLinkUrl(headword.id) },
        caller.anonymous ? VISITOR_SESSION_TTL_SECONDS : undefined,
        { slideSession: caller.anonymous && returning },
      );
    // The cut happens before the response is built: hidden words never leave the server.
    res.json(toWordSynItems(headword, cutForReader(headword, who), who, caller.deviceKey));
  });

  router.get('/api/dic/search/suggest', async (req, res) => {
    const { q } = suggestRequest.parse({ q: requestFields(req).q });
    const items = q.trim() === '' ? [] : await reader.suggest(q);
    res.json({ suggestItems: items.map(toWordInfoItem) });
  });

  router.post('/api/dic/search/historyItems', async (req, res) => {
    const caller = activeCaller(req);
    // Reading the history is a use too: a visitor's session slides (a missing one is not made).
    if (caller.anonymous && caller.sessionHash !== '') await slideVisitorSession(deps.redis, caller.sessionHash);
    res.json({ historyItems: await history.list(caller.sessionHash) });
  });

  // Deleting is a use like reading: a visitor's session slides. A caller without a session (or an
  // id not in the list) has nothing to delete: the answer is the list as it stands, not an error.
  // No event: statistics count views (HeadwordViewed), which happened; the list is only a shortcut.
  router.post('/api/dic/search/deleteHistoryItem', async (req, res) => {
    const caller = activeCaller(req);
    const { itemId } = deleteHistoryRequest.parse(requestFields(req));
    if (caller.anonymous && caller.sessionHash !== '') await slideVisitorSession(deps.redis, caller.sessionHash);
    await history.remove(caller.sessionHash, itemId);
    res.json({ message: MESSAGES.historyItemDeleted, historyItems: await history.list(caller.sessionHash) });
  });

  router.post('/api/dic/search/clearHistoryItems', async (req, res) => {
    const caller = activeCaller(req);
    clearHistoryRequest.parse(requestFields(req));
    await history.clear(caller.sessionHash);
    res.json({ message: MESSAGES.historyCleared, historyItems: [] });
  });
}

// /api/dic/wordbook/* (spec §7.2 plus export): thin handlers that validate input, act as
// the session's member (never the body's userId), and map to the documented keys.
import { badRequest, HttpError, notFound, requestFields, requireMember, type Caller } from '@syn/kit';
import type { Request, Router } from 'express';
import { Types } from 'mongoose';
import { DictionaryUnavailable, type DictionaryClient } from '../adapters/dictionary';
import { exportFileName, toAnki, toCsv, type AnkiNote } from '../domain/export';
import { headwordLinkUrl, toSearchResponse } from '../domain/items';
import { wordSaved } from '../events/saved';
import { MESSAGES } from '../domain/messages';
import type { ItemStore } from '../store/items';
import { deleteRequest, exportRequest, insertRequest, searchRequest } from './contract';

const member = (req: Request): Caller => requireMember(req, MESSAGES.membersOnly);

function unavailable(err: unknown): never {
  if (err instanceof DictionaryUnavailable) throw new HttpError(503, MESSAGES.dictionaryUnavailable);
  throw err;
}

/** The public origin the gateway saw, for absolute links in an exported file ('' when unknown). */
function publicOrigin(req: Request): string {
  const host = req.headers['x-forwarded-host'];
  const proto = req.headers['x-forwarded-proto'];
  if (typeof host !== 'string' || !/^[A-Za-z0-9.:[\]-]+$/.test(host)) return '';
  return `${proto === 'https' ? 'https' : 'http'}://${host}`;
}

/** Runs `fn` over `items` with at most `limit` at a time, keeping order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export interface WordbookRouteDeps {
  items: ItemStore;
  dictionary: DictionaryClient;
  topicPrefix: string;
  /** Called after a save so the relay publishes now rather than at its next poll. */
  onSaved: () => void;
}

export function wordbookRoutes(router: Router, deps: WordbookRouteDeps): void {
  const { items, dictionary, topicPrefix } = deps;

  router.post('/api/dic/wordbook/insertWordbookItem', async (req, res) => {
    const caller = member(req);
    const input = insertRequest.parse(requestFields(req));
    // A second save needs no dictionary call.
    if (await items.find(caller.userId, input.pyojaeId)) {
      res.json({ message: MESSAGES.alreadySaved, duplicate: true });
      return;
    }
    const found = await dictionary.headword(input.pyojaeId, caller).catch(unavailable);
    if (!found.found) throw notFound(MESSAGES.headwordNotFound);
    // The dictionary's own spelling wins over what the client sent.
    const word = found.headword?.word || input.word;
    const hanja = found.headword ? found.headword.hanja : input.hanja;
    const saved = await items.insert({
      userId: caller.userId,
      headwordId: input.pyojaeId,
      word,
      hanja,
      linkUrl: headwordLinkUrl(input.pyojaeId),
      createdAt: new Date(),
      event: wordSaved(topicPrefix, { userId: caller.userId, headwordId: input.pyojaeId, word }),
    });
    if (saved.outcome === 'duplicate') {
      res.json({ message: MESSAGES.alreadySaved, duplicate: true });
      return;
    }
    deps.onSaved();
    res.json({ message: MESSAGES.saved, duplicate: false, itemId: saved.item.id });
  });

  router.post('/api/dic/wordbook/searchWordbookItems', async (req, res) => {
    const caller = member(req);
    const { pageNum, pageSize } = searchRequest.parse(requestFields(req));
    res.json(toSearchResponse(await items.page(caller.userId, pageNum, pageSize)));
  });

  router.post('/api/dic/wordbook/deleteWordbookItem', async (req, res) => {
    const caller = member(req);
    const parsed = deleteRequest.safeParse(requestFields(req));
    if (!parsed.success) throw badRequest(MESSAGES.itemIdInvalid);
    // Another member's item is "not found", never a deletion (and never a hint that it exists).
    if (!(await items.deleteOwn(caller.userId, new Types.ObjectId(parsed.data.itemId).toHexString()))) {
      throw notFound(MESSAGES.itemNotFound);
    }
    res.json({ message: MESSAGES.deleted });
  });

  router.get('/api/dic/wordbook/export', async (req, res) => {
    const caller = member(req);
    const { format } = exportRequest.parse({
      format: requestFields(req).format,
    });
    const all = await items.all(caller.userId);
    let text: string;
    if (format === 'csv') {
      text = toCsv(all, publicOrigin(req));
      res.type('text/csv; charset=utf-8');
    } else {
      const notes: AnkiNote[] = await mapLimited(all, 4, async (item) => ({
        item,
        similar: await dictionary.similarWords(item.headwordId, caller),
      })).catch(unavailable);
      text = toAnki(notes);
      res.type('text/plain; charset=utf-8');
    }
    res.attachment(exportFileName(format));
    res.set('Cache-Control', 'no-store');
    res.send(text);
  });
}

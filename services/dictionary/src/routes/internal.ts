// Service-to-service reads (the wordbook's save check and Anki export). Never routed by the
// gateway: only other services on the internal network reach /internal/*. Unlike the public
// detail route this records nothing — no usage event, no history, no session — so statistics
// count only what people did.
import { callerOf, notFound, requestFields } from '@syn/kit';
import type { Router } from 'express';
import { MESSAGES } from '../domain/messages';
import { toWordSynItems } from '../domain/response';
import { cutForReader } from '../domain/visibility';
import type { UsageFacts } from '../events/publish';
import type { PassStore } from '../store/passes';
import type { HeadwordReader } from '../store/reader';
import { detailRequest } from './contract';
import { readerOf } from './search';

export interface InternalRouteDeps {
  reader: HeadwordReader;
  passes: PassStore;
  usage: UsageFacts;
}

export function internalRoutes(router: Router, deps: InternalRouteDeps): void {
  /**
   * A headword's detail cut for the member the calling service names (x-user-id / x-user-grade),
   * in the public route's shape; 404 when the headword does not exist.
   */
  router.post('/internal/headwords/detail', async (req, res) => {
    const caller = callerOf(req);
    const { pyojaeId } = detailRequest.parse(requestFields(req));
    const [headword, who] = await Promise.all([deps.reader.getHeadword(pyojaeId), readerOf(caller, deps.passes)]);
    if (!headword) throw notFound(MESSAGES.headwordNotFound);
    res.json(toWordSynItems(headword, cutForReader(headword, who), who, ''));
  });

  /**
   * This process's usage-fact counts since it started (operators, the fault suite): `committed`
   * are the acknowledged facts, `pending` the ones a SIGKILL now would lose, `refused` the ones
   * dropped while the outbox buffer was full.
   */
  router.get('/internal/usage/facts', (_req, res) => {
    res.json(deps.usage.stats);
  });
}

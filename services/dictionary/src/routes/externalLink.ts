import { activeCaller, requestFields, withTransaction, type Pool } from '@syn/kit';
import type { Router } from 'express';
import { externalLinkOpened } from '../events/publish';
import { externalLinkRequest } from './contract';

/** POST /api/dic/search/externalLink: records the click and its event in one transaction. */
export function externalLinkRoutes(router: Router, pool: Pool, schema: string, topicPrefix: string): void {
  router.post('/api/dic/search/externalLink', async (req, res) => {
    const { linkType, wordId } = externalLinkRequest.parse(requestFields(req));
    // The caller is who the gateway says, never the body's userId.
    const { userId } = activeCaller(req);
    await withTransaction(pool, async (tx) => {
      await tx.query(
        `INSERT INTO ${schema}.external_link_clicks (user_id, link_type, headword_id) VALUES ($1, $2, $3)`,
        [userId, linkType, wordId],
      );
      await externalLinkOpened(tx, schema, topicPrefix, { userId, linkType, headwordId: wordId });
    });
    res.json({ message: 'ok' });
  });
}

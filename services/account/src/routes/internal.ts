// Service-to-service lookups (billing's admin lists and mails). Never routed by the
// gateway: only other services on the internal network reach /internal/*.
import { Router } from 'express';
import { z } from 'zod';
import type { AccountContext } from '../usecases/context';

const lookupBody = z.object({ ids: z.array(z.number().int().positive()).max(500) });
const searchBody = z.object({
  column: z.enum(['email', 'name']),
  keyword: z.string().trim().min(1).max(100),
});

interface ContactRow {
  id: number;
  email: string;
  name: string;
}

export function internalRoutes(ctx: AccountContext): Router {
  const router = Router();
  const { pool, schema } = ctx;

  router.post('/users/lookup', async (req, res) => {
    const { ids } = lookupBody.parse(req.body ?? {});
    const { rows } = await pool.query<ContactRow>(
      `SELECT id, email, name FROM ${schema}.users WHERE id = ANY($1::int[]) AND withdrawn_at IS NULL`,
      [ids],
    );
    res.json({ users: rows });
  });

  router.post('/users/search', async (req, res) => {
    const { column, keyword } = searchBody.parse(req.body ?? {});
    // Substring match with LIKE metacharacters escaped; capped so a short keyword stays cheap.
    const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const { rows } = await pool.query<{ id: number }>(
      `SELECT id FROM ${schema}.users WHERE ${column === 'email' ? 'email' : 'name'} ILIKE $1 AND withdrawn_at IS NULL ORDER BY id LIMIT 1000`,
      [pattern],
    );
    res.json({ ids: rows.map((r) => r.id) });
  });

  return router;
}

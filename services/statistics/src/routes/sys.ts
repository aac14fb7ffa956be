// /api/sys/* statistics calls (spec §7.4). The gateway admits grade 0 only; requireAdmin
// checks again here, so the service answers 403 even when reached another way.
import { requestFields as input, requireAdmin, type Pool } from '@syn/kit';
import { Router } from 'express';
import { dateRange, searchHistoryRequest, searchWordRequest } from '../domain/rules';
import * as q from '../store/queries';

export function sysRoutes(pool: Pool, schema: string): Router {
  const r = Router();
  r.post('/selectUserJoinStatistic', async (req, res) => {
    requireAdmin(req);
    res.json(await q.joinStatistic(pool, schema, dateRange.parse(input(req))));
  });
  r.post('/selectUserConnectStatistic', async (req, res) => {
    requireAdmin(req);
    res.json(await q.connectStatistic(pool, schema, dateRange.parse(input(req))));
  });
  r.post('/selectSearchStatistic', async (req, res) => {
    requireAdmin(req);
    res.json(await q.searchStatistic(pool, schema, dateRange.parse(input(req))));
  });
  r.post('/selectSearchWordStatistic', async (req, res) => {
    requireAdmin(req);
    const { searchCount, range } = searchWordRequest.parse(input(req));
    res.json(await q.searchWordStatistic(pool, schema, searchCount, range));
  });
  r.post('/selectUserSearchHistory', async (req, res) => {
    requireAdmin(req);
    const { userId, pageSize, pageNum } = searchHistoryRequest.parse(input(req));
    res.json(await q.userSearchHistory(pool, schema, userId, pageSize, pageNum));
  });
  return r;
}

// The statistics service's API contract (spec §7.4): request schemas the handlers parse with
// (domain/rules.ts), success bodies, error statuses and callers. scripts/openapi.ts publishes it.
import type { RouteContract, ServiceContract } from '@syn/kit/contract';
import { z } from 'zod';
import { dateRange, searchHistoryRequest, searchWordRequest } from '../domain/rules';

const count = z.number().int();
const day = z.string();

const admin = (path: string, summary: string, request: z.ZodType, response: z.ZodType): RouteContract => ({
  method: 'post',
  path,
  summary,
  access: 'admin',
  request,
  response,
  errors: [400, 401, 403],
});

export const statisticsContract: ServiceContract = {
  service: 'statistics',
  description: 'Aggregates built from the Kafka topics only: joins, payments, visits, searches (administrators)',
  routes: [
    admin(
      '/api/sys/selectUserJoinStatistic',
      'Joins, payments and refunds a day',
      dateRange,
      z.object({
        datas: z.array(
          z.object({
            INS_DATE: day,
            JOIN_CNT: count,
            PAY_CNT: count,
            CNT: count,
            AMOUNT: count,
            REFUND_CNT: count,
            REFUND_AMOUNT: count,
          }),
        ),
        totalUserCount: count,
        totalPaidUserCount: count,
      }),
    ),
    admin(
      '/api/sys/selectUserConnectStatistic',
      'Visits a day: members, guests, logins',
      dateRange,
      z.object({
        datas: z.array(z.object({ INS_DATE: day, CNT: count, USER_CNT: count, GUEST_CNT: count, LOGIN_CNT: count })),
      }),
    ),
    admin(
      '/api/sys/selectSearchStatistic',
      'Searches and detail views a day',
      dateRange,
      z.object({ datas: z.array(z.object({ INS_DATE: day, CNT: count, VIEW_CNT: count })) }),
    ),
    admin(
      '/api/sys/selectSearchWordStatistic',
      'Most searched words (default 10)',
      searchWordRequest,
      z.object({ datas: z.array(z.object({ WORD: z.string(), HANJA: z.string(), CNT: count })) }),
    ),
    admin(
      '/api/sys/selectUserSearchHistory',
      "One member's latest searches",
      searchHistoryRequest,
      z.object({
        datas: z.array(z.object({ WORD: z.string(), RESULT_CNT: count, SEARCH_DATE: z.string() })),
        totalCount: count,
        totalPages: count,
        searchTotal: count,
      }),
    ),
  ],
};

import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/**
 * The one RTK Query API slice for the gateway. Features add their calls with
 * `api.injectEndpoints(...)` next to their pages, so lazy-loaded routes only
 * ship their own endpoints. Relative URLs (same origin as the gateway) and the
 * session cookie on every call (spec §7: "All calls send credentials").
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: '/', credentials: 'include' }),
  tagTypes: ['User', 'Wordbook', 'Order', 'Usage', 'Coupon', 'CouponGroup', 'AdminUser', 'Payment', 'Statistic'],
  endpoints: () => ({}),
});

/** The error body every service answers with (ARCHITECTURE rule 5). */
export interface ApiErrorBody {
  error: true;
  message: string;
}

/** The server's Korean message from an RTK Query error, or the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (typeof error === 'object' && error !== null && 'data' in error) {
    const data = (error as { data: unknown }).data;
    if (typeof data === 'object' && data !== null && 'message' in data) {
      const message = (data as { message: unknown }).message;
      if (typeof message === 'string' && message !== '') return message;
    }
  }
  return fallback;
}

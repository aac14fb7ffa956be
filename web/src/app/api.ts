import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { loggedOut } from '../features/account/authSlice';
import { clearStoredUser } from '../features/account/storedUser';
import { notify } from '../ui/toast';

/** True when an error body says another device took over the account (spec §8 authKeyError). */
export function isDuplicateLogin(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('data' in error)) return false;
  const data = (error as { data: unknown }).data;
  return typeof data === 'object' && data !== null && (data as { authKeyError?: unknown }).authKeyError === true;
}

const DEVICE_REPLACED = '다른 기기에서 로그인하여 로그아웃되었습니다.';

const fetchWithCookie = fetchBaseQuery({ baseUrl: '/', credentials: 'include' });

/**
 * Every call, wherever it is made: when the server says another device took over the account,
 * this browser forgets the member at once and says why (once, however many calls were in flight).
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, apiCtx, extra) => {
  const result = await fetchWithCookie(args, apiCtx, extra);
  if (result.error && isDuplicateLogin(result.error)) {
    clearStoredUser();
    apiCtx.dispatch(loggedOut());
    notify.warnOnce('device-replaced', errorMessage(result.error, DEVICE_REPLACED));
  }
  return result;
};

/**
 * The one RTK Query API slice for the gateway. Features add their calls with
 * `api.injectEndpoints(...)` next to their pages, so lazy-loaded routes only
 * ship their own endpoints. Relative URLs (same origin as the gateway) and the
 * session cookie on every call (spec §7: "All calls send credentials").
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
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

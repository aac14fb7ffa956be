// Which service owns which documented path (spec §7). Express path syntax:
// a trailing `*` is a prefix match. Order matters only in that every path
// here is disjoint from the others.

export type ServiceName = 'account' | 'dictionary' | 'wordbook' | 'billing' | 'statistics';

/** Who may call a route: anyone (the service decides), admins only, or any signed-in member. */
export type Access = 'public' | 'admin' | 'member';

export interface Route {
  /** express-gateway apiEndpoint and pipeline name. */
  name: string;
  service: ServiceName;
  access: Access;
  paths: string[];
}

/**
 * The dictionary's POSTs that only read (the spec makes searches POSTs). When the connection to a
 * replica breaks before it answered, the gateway sends them to another replica. A search or a
 * headword view also records a usage event: if the replica had committed it before dying, that
 * one event is recorded twice (the statistics count it twice), never lost.
 */
export const DICTIONARY_READ_POSTS = [
  '/api/dic/search/pyojaeItems',
  '/api/dic/search/hanjaItems',
  '/api/dic/search/wordSynItems',
  '/api/dic/search/historyItems',
];

export const ROUTES: Route[] = [
  { name: 'user', service: 'account', access: 'public', paths: ['/api/user/*'] },
  { name: 'dictionarySearch', service: 'dictionary', access: 'public', paths: ['/api/dic/search/*'] },
  { name: 'wordbook', service: 'wordbook', access: 'public', paths: ['/api/dic/wordbook/*'] },
  {
    name: 'billing',
    service: 'billing',
    access: 'public',
    paths: ['/api/dic/order/*', '/api/pay/*', '/api/used/*', '/api/coupon/*', '/subscribe/*'],
  },
  {
    name: 'sysUsers',
    service: 'account',
    access: 'admin',
    paths: ['/api/sys/selectUserItems', '/api/sys/updateUserItem', '/api/sys/deleteUserItem'],
  },
  // The coupon-gift screen's recipient search: members act as themselves, the service masks results.
  { name: 'sysUserSearch', service: 'account', access: 'member', paths: ['/api/sys/searchUserItems'] },
  {
    name: 'sysBilling',
    service: 'billing',
    access: 'admin',
    paths: [
      '/api/sys/insertUserOrderItem',
      '/api/sys/selectUserOrderItems',
      '/api/sys/selectPaymentItems',
      '/api/sys/order/cancel',
      '/api/sys/selectCouponGroupItems',
      '/api/sys/checkCouponOverlap',
      '/api/sys/insertCouponGroupItem',
      '/api/sys/updateCouponGroupItem',
      '/api/sys/insertCouponItems',
      '/api/sys/deleteCouponItem',
      '/api/sys/selectCouponItems',
      '/api/sys/updateCouponItem',
      '/api/sys/subscribe/*',
    ],
  },
  // Gifting a coupon: the giver is the signed-in member (spec §6).
  { name: 'sysCouponGift', service: 'billing', access: 'member', paths: ['/api/sys/presentCouponItem'] },
  {
    name: 'sysStatistics',
    service: 'statistics',
    access: 'admin',
    paths: [
      '/api/sys/selectUserJoinStatistic',
      '/api/sys/selectUserConnectStatistic',
      '/api/sys/selectSearchStatistic',
      '/api/sys/selectSearchWordStatistic',
      '/api/sys/selectUserSearchHistory',
    ],
  },
];

/** Paths the web app never owns: a browser navigation here is not sent index.html. */
export const API_PREFIXES = ['/api/', '/subscribe/', '/health'];

/**
 * Spec §2.1 lists `/subscribe/mobile-billings` as a web route (the redirect
 * target after mobile payment) although `/subscribe/*` is billing's API: a
 * browser navigation (GET preferring HTML) to it gets the web app.
 */
export const WEB_ROUTES_UNDER_API = ['/subscribe/mobile-billings'];

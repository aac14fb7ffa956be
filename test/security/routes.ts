// The catalog of every concrete API path the gateway serves (spec §7, cross-checked against
// gateway/src/routes.ts and each service's routers). Security tests iterate over it, so a new
// route that is not listed here is caught by permissions.int.test.ts (catalog vs. routers check).

export type ServiceName = 'gateway' | 'account' | 'dictionary' | 'wordbook' | 'billing' | 'statistics';

/**
 * Who the route serves: anyone, a signed-in member (anonymous callers are refused with 401),
 * or an administrator (everyone else is refused with 403).
 */
export type RouteAccess = 'public' | 'member' | 'admin';

export type HttpMethod = 'GET' | 'POST';

/**
 * What calling the route does to stored state, so a harness can order or isolate calls:
 * `read` changes nothing the caller cares about; `write` changes the caller's (or the named
 * target's) data; `session` ends or replaces the caller's session or account (logout, password
 * change, withdrawal) and must run last or with a disposable caller.
 */
export type RouteEffect = 'read' | 'write' | 'session';

/** Another member's identifiers, named in requests to prove they are never honoured. */
export interface OtherMember {
  userId: number;
  email: string;
  /** A wordbook item id of theirs (24 hex digits). */
  itemId: string;
  couponId: number;
  couponCode: string;
  couponGroupId: number;
  merchantUid: string;
  customerUid: string;
}

/** What the example bodies are made from. */
export interface RouteContext {
  /** The caller's own id (99999999 for anonymous callers, spec §6). */
  userId: number;
  /** The caller's own email and password (placeholders for anonymous callers). */
  email: string;
  password: string;
  /** A member who is neither the caller nor `other` (who would profit from a misdirected gift). */
  thirdUserId: number;
  /** A headword that exists, and its spelling. */
  headwordId: number;
  word: string;
  /** One hanja character that occurs in the dictionary. */
  hanja: string;
  other: OtherMember;
  /** yyyy-mm-dd, for the statistics ranges. */
  startDate: string;
  endDate: string;
  /** A unique suffix for names that must not collide (coupon groups, emails). */
  unique: string;
}

export type RouteParams = Record<string, unknown>;

export interface ApiRoute {
  method: HttpMethod;
  /** The concrete path (for `/subscribe/:product-billings`, the product `basic`). */
  path: string;
  service: ServiceName;
  access: RouteAccess;
  effect: RouteEffect;
  /** An example valid request: the JSON body for POST, the query string for GET. */
  body: (ctx: RouteContext) => RouteParams;
}

export const ANONYMOUS_USER_ID = 99999999;

const none = (): RouteParams => ({});
const page = { pageSize: 10, pageNum: 0 };

const r = (
  method: HttpMethod,
  path: string,
  service: ServiceName,
  access: RouteAccess,
  effect: RouteEffect,
  body: (ctx: RouteContext) => RouteParams = none,
): ApiRoute => ({ method, path, service, access, effect, body });

export const API_ROUTES: readonly ApiRoute[] = [
  r('GET', '/health', 'gateway', 'public', 'read'),

  // --- account: /api/user/* (spec §7.1) -------------------------------------------------------
  r('POST', '/api/user/join', 'account', 'public', 'write', (c) => ({
    name: '매트릭스',
    phone: '01012345678',
    email: `matrix-join-${c.unique}@example.com`,
    password: 'matrix-pass-1',
    passwordConfirm: 'matrix-pass-1',
    agreePrivacy: true,
    agreeTerms: true,
    recommendUserId: '',
    recommendUser: '',
    recommendType: 'NORMAL',
  })),
  r('POST', '/api/user/checkRecommendUserInfo', 'account', 'public', 'read', (c) => ({
    recommendUser: c.other.email,
  })),
  r('POST', '/api/user/confirm', 'account', 'public', 'write', () => ({ secretId: '1', secretKey: 'x'.repeat(32) })),
  r('POST', '/api/user/certify', 'account', 'public', 'write', (c) => ({ email: c.email })),
  r('POST', '/api/user/login', 'account', 'public', 'session', (c) => ({ email: c.email, password: c.password })),
  r('GET', '/api/user/logout', 'account', 'public', 'session'),
  r('POST', '/api/user/validate', 'account', 'member', 'read', (c) => ({ id: c.other.userId })),
  r('POST', '/api/user/updateUserConnectInfo', 'account', 'member', 'write', (c) => ({
    userId: c.other.userId,
    userAuthKey: `matrix-device-${c.unique}`,
  })),
  r('POST', '/api/user/find', 'account', 'public', 'write', (c) => ({ email: c.email })),
  r('POST', '/api/user/change', 'account', 'public', 'write', () => ({
    secretId: '1',
    secretKey: 'x'.repeat(32),
    password: 'matrix-pass-2',
    passwordConfirm: 'matrix-pass-2',
  })),
  r('POST', '/api/user/updateUserInfo', 'account', 'member', 'session', (c) => ({
    userId: c.other.userId,
    oldPassword: c.password,
    newPassword: c.password,
    newPasswordConfirm: c.password,
  })),
  r('POST', '/api/user/insertUserCancelInfo', 'account', 'member', 'session', (c) => ({
    userId: c.other.userId,
    userPw: c.password,
    userEmail: c.other.email,
    userName: '매트릭스',
    reasonMain: '기타',
    reasonSub: '',
    agreement: 'T',
  })),
  r('POST', '/api/user/getUserInfo', 'account', 'member', 'read', (c) => ({ userId: c.other.userId })),
  r('POST', '/api/user/updateUserProfile', 'account', 'member', 'write', (c) => ({
    userId: c.other.userId,
    userName: '매트릭스',
    userPhone: '01087654321',
  })),
  r('POST', '/api/user/searchPrevUserInfo', 'account', 'member', 'read', () => ({
    userId: 'matrix-legacy',
    userPw: 'matrix-legacy-pw',
  })),
  r('POST', '/api/user/combinePrevUserInfo', 'account', 'member', 'write', (c) => ({
    userId: c.other.userId,
    prevUserId: 'matrix-legacy',
    agreement: 'T',
  })),

  // --- account: member administration (spec §7.4) ---------------------------------------------
  r('POST', '/api/sys/searchUserItems', 'account', 'member', 'read', (c) => ({
    userStatus: 'ALL',
    userCol: 'userEmail',
    searchName: c.other.email,
    pageSize: 5,
    pageNum: 0,
  })),
  r('POST', '/api/sys/selectUserItems', 'account', 'admin', 'read', (c) => ({ userId: c.other.userId })),
  r('POST', '/api/sys/updateUserItem', 'account', 'admin', 'write', (c) => ({
    userId: c.other.userId,
    userCheckEmail: 'T',
  })),
  r('POST', '/api/sys/deleteUserItem', 'account', 'admin', 'session', (c) => ({ userId: c.other.userId })),

  // --- dictionary (spec §7.2) ---------------------------------------------------------------------
  r('POST', '/api/dic/search/pyojaeItems', 'dictionary', 'public', 'read', (c) => ({
    searchWord: c.word,
    ...page,
  })),
  r('POST', '/api/dic/search/hanjaItems', 'dictionary', 'public', 'read', (c) => ({ hanja: c.hanja, ...page })),
  r('POST', '/api/dic/search/wordSynItems', 'dictionary', 'public', 'read', (c) => ({
    userId: c.other.userId,
    pyojaeId: c.headwordId,
    userAuthKey: '',
  })),
  r('GET', '/api/dic/search/suggest', 'dictionary', 'public', 'read', (c) => ({ q: c.word })),
  r('GET', '/api/dic/search/dataset', 'dictionary', 'public', 'read', () => ({})),
  r('POST', '/api/dic/search/historyItems', 'dictionary', 'public', 'read', (c) => ({ userId: c.other.userId })),
  // Session-bound: the userId named is ignored, only the caller's own list changes.
  r('POST', '/api/dic/search/deleteHistoryItem', 'dictionary', 'public', 'write', (c) => ({
    userId: c.other.userId,
    itemId: c.headwordId,
  })),
  r('POST', '/api/dic/search/clearHistoryItems', 'dictionary', 'public', 'write', (c) => ({
    userId: c.other.userId,
    confirm: true,
  })),
  r('POST', '/api/dic/search/externalLink', 'dictionary', 'public', 'write', (c) => ({
    userId: c.other.userId,
    linkType: 'natmal',
    wordId: c.headwordId,
  })),

  // --- wordbook (spec §7.2) --------------------------------------------------------------------
  r('POST', '/api/dic/wordbook/insertWordbookItem', 'wordbook', 'member', 'write', (c) => ({
    userId: c.other.userId,
    pyojaeId: c.headwordId,
    word: c.word,
    hanja: '',
    linkUrl: '',
  })),
  r('POST', '/api/dic/wordbook/searchWordbookItems', 'wordbook', 'member', 'read', (c) => ({
    userId: c.other.userId,
    ...page,
  })),
  r('POST', '/api/dic/wordbook/deleteWordbookItem', 'wordbook', 'member', 'write', (c) => ({
    userId: c.other.userId,
    itemId: c.other.itemId,
  })),
  r('GET', '/api/dic/wordbook/export', 'wordbook', 'member', 'read', () => ({ format: 'csv' })),

  // --- billing: catalogue, one-off payment, usage (spec §7.3) ----------------------------------
  r('POST', '/api/dic/order/selectOrderItems', 'billing', 'public', 'read'),
  r('GET', '/api/pay/config', 'billing', 'public', 'read'),
  r('GET', '/api/pay/products', 'billing', 'public', 'read'),
  r('POST', '/api/pay/order/create', 'billing', 'member', 'write', (c) => ({
    id: 1,
    title: '1개월 이용권',
    amount: 3800,
    type: 'ONEOFF',
    pg: 'html5_inicis',
    pay_method: 'card',
    user: { id: c.other.userId },
  })),
  r('POST', '/api/pay/order/complete', 'billing', 'member', 'write', (c) => ({
    imp_uid: `imp_matrix_${c.unique}`,
    merchant_uid: c.other.merchantUid,
  })),
  r('GET', '/api/pay/order/complete', 'billing', 'member', 'write', (c) => ({
    imp_uid: `imp_matrix_${c.unique}`,
    merchant_uid: c.other.merchantUid,
    imp_success: 'true',
  })),
  r('POST', '/api/pay/order/fail', 'billing', 'member', 'write', (c) => ({
    imp_uid: `imp_matrix_${c.unique}`,
    merchant_uid: c.other.merchantUid,
    error_msg: '매트릭스 실패',
  })),
  r('POST', '/api/pay/order/usedSuccess', 'billing', 'member', 'write', (c) => ({
    merchant_uid: c.other.merchantUid,
    user: { id: c.other.userId },
  })),
  r('POST', '/api/pay/order/cancel', 'billing', 'member', 'write', (c) => ({
    merchant_uid: c.other.merchantUid,
    reason: '매트릭스',
  })),
  r('POST', '/api/pay/webhook', 'billing', 'public', 'write', (c) => ({
    imp_uid: `imp_matrix_${c.unique}`,
    merchant_uid: c.other.merchantUid,
  })),
  r('GET', '/api/used/isUsed', 'billing', 'public', 'read', (c) => ({ id: c.other.userId })),
  r('GET', '/api/used/isUsedRemain', 'billing', 'member', 'read', (c) => ({ id: c.other.userId })),
  r('POST', '/api/used/isUsedByManager', 'billing', 'admin', 'read', (c) => ({ userId: c.other.userId })),
  r('POST', '/api/used/usedList', 'billing', 'member', 'read', (c) => ({ userId: c.other.userId, ...page })),
  r('POST', '/api/used/paymentLists', 'billing', 'member', 'read', (c) => ({ userId: c.other.userId, ...page })),
  // Acts on the caller's own subscription only (there is no id to name).
  r('POST', '/api/used/onOff', 'billing', 'member', 'write', () => ({ onOff: 'ON' })),

  // --- billing: coupons (spec §7.3, §7.4) -------------------------------------------------------
  r('POST', '/api/coupon/list', 'billing', 'member', 'read', (c) => ({ userId: c.other.userId, ...page })),
  r('POST', '/api/coupon/use', 'billing', 'member', 'write', (c) => ({
    userId: c.other.userId,
    couponId: c.other.couponId,
    couponCode: c.other.couponCode,
  })),
  r('POST', '/api/coupon/referralRewards', 'billing', 'member', 'read', (c) => ({ userId: c.other.userId })),
  r('POST', '/api/sys/presentCouponItem', 'billing', 'member', 'write', (c) => ({
    couponId: c.other.couponId,
    userId: c.other.userId,
    targetUserId: c.thirdUserId,
    status: 'PRESENT',
  })),

  // --- billing: subscription (spec §7.3) ----------------------------------------------------------
  r('GET', '/subscribe/generate-merchant-uid', 'billing', 'member', 'read'),
  r('POST', '/subscribe/basic-billings', 'billing', 'member', 'write', (c) => ({
    merchant_uid: c.other.merchantUid,
    customer_uid: c.other.customerUid,
  })),
  r('GET', '/subscribe/basic-billings', 'billing', 'member', 'write', (c) => ({
    merchant_uid: c.other.merchantUid,
    customer_uid: c.other.customerUid,
    imp_success: 'true',
  })),
  r('POST', '/subscribe/payments/initializeDatabase', 'billing', 'member', 'write', (c) => ({
    paymentData: { merchant_uid: `sub_matrix_${c.unique}` },
    item: { ITEM_ID: 6 },
    user: { id: c.other.userId },
  })),
  r('POST', '/subscribe/user-cancel-subscribe', 'billing', 'member', 'write', (c) => ({
    customer_uid: c.other.customerUid,
    reason: '매트릭스',
  })),
  r('POST', '/subscribe/payments/downgrade', 'billing', 'member', 'write', (c) => ({
    customer_uid: c.other.customerUid,
    reason: '매트릭스',
  })),
  r('POST', '/subscribe/user-cancel-payments', 'billing', 'member', 'write', (c) => ({
    merchant_uid: c.other.merchantUid,
    reason: '매트릭스',
  })),
  r('POST', '/subscribe/info', 'billing', 'member', 'read', (c) => ({
    customer_uid: c.other.customerUid,
    item_id: 6,
    user_id: c.other.userId,
  })),
  r('GET', '/subscribe/info', 'billing', 'member', 'read', (c) => ({
    customer_uid: c.other.customerUid,
    item_id: 6,
    user_id: c.other.userId,
  })),
  r('POST', '/subscribe/payments/admin-cancel', 'billing', 'admin', 'write', (c) => ({
    merchant_uid: c.other.merchantUid,
    customer_uid: c.other.customerUid,
    reason: '매트릭스',
  })),
  r('POST', '/subscribe/payments/admin-success', 'billing', 'admin', 'write', (c) => ({
    merchant_uid: c.other.merchantUid,
  })),
  r('POST', '/subscribe/payments/find-payment', 'billing', 'member', 'read', (c) => ({
    merchant_uid: c.other.merchantUid,
  })),
  r('POST', '/subscribe/payments/get-payment', 'billing', 'member', 'read', (c) => ({
    merchant_uid: c.other.merchantUid,
  })),

  // --- billing: administrator (spec §7.4) ---------------------------------------------------------
  r('POST', '/api/sys/insertUserOrderItem', 'billing', 'admin', 'write', (c) => ({
    userId: c.other.userId,
    orderType: 1,
  })),
  r('POST', '/api/sys/selectUserOrderItems', 'billing', 'admin', 'read', (c) => ({
    userId: c.other.userId,
    ...page,
  })),
  r('POST', '/api/sys/selectPaymentItems', 'billing', 'admin', 'read', (c) => ({
    userCol: 'userEmail',
    searchName: c.other.email,
    ...page,
  })),
  r('POST', '/api/sys/order/cancel', 'billing', 'admin', 'write', (c) => ({
    data: { merchant_uid: c.other.merchantUid, reason: '매트릭스' },
  })),
  r('POST', '/api/sys/subscribe/admin-cancel', 'billing', 'admin', 'write', (c) => ({
    merchant_uid: c.other.merchantUid,
    customer_uid: c.other.customerUid,
    reason: '매트릭스',
  })),
  r('POST', '/api/sys/subscribe/user-cancel', 'billing', 'admin', 'write', (c) => ({
    customer_uid: c.other.customerUid,
    userId: c.other.userId,
    reason: '매트릭스',
  })),
  r('POST', '/api/sys/selectCouponGroupItems', 'billing', 'admin', 'read', () => ({
    couponStatus: 'ALL',
    searchName: '',
    ...page,
  })),
  r('POST', '/api/sys/checkCouponOverlap', 'billing', 'admin', 'read', (c) => ({
    couponName: `매트릭스-${c.unique}`,
  })),
  r('POST', '/api/sys/insertCouponGroupItem', 'billing', 'admin', 'write', (c) => ({
    userId: c.userId,
    couponType: 1,
    couponName: `매트릭스-${c.unique}`,
    note: '권한 매트릭스',
    createCount: 1,
  })),
  r('POST', '/api/sys/updateCouponGroupItem', 'billing', 'admin', 'write', (c) => ({
    couponGroupId: c.other.couponGroupId,
    couponName: `매트릭스-수정-${c.unique}`,
    note: '권한 매트릭스',
  })),
  r('POST', '/api/sys/insertCouponItems', 'billing', 'admin', 'write', (c) => ({
    userId: c.userId,
    couponGroupId: c.other.couponGroupId,
    createCount: 1,
  })),
  r('POST', '/api/sys/deleteCouponItem', 'billing', 'admin', 'write', (c) => ({
    couponId: c.other.couponId,
    groupId: c.other.couponGroupId,
  })),
  r('POST', '/api/sys/selectCouponItems', 'billing', 'admin', 'read', (c) => ({
    couponGroupId: c.other.couponGroupId,
    couponStatus: 'ALL',
    ...page,
  })),
  r('POST', '/api/sys/updateCouponItem', 'billing', 'admin', 'write', (c) => ({
    couponId: c.other.couponId,
    userId: c.other.userId,
    status: 'USING',
    issueDate: c.endDate,
  })),

  // --- statistics (spec §7.4) -----------------------------------------------------------------
  r('POST', '/api/sys/selectUserJoinStatistic', 'statistics', 'admin', 'read', (c) => ({
    startDate: c.startDate,
    endDate: c.endDate,
  })),
  r('POST', '/api/sys/selectUserConnectStatistic', 'statistics', 'admin', 'read', (c) => ({
    startDate: c.startDate,
    endDate: c.endDate,
  })),
  r('POST', '/api/sys/selectSearchStatistic', 'statistics', 'admin', 'read', (c) => ({
    startDate: c.startDate,
    endDate: c.endDate,
  })),
  r('POST', '/api/sys/selectSearchWordStatistic', 'statistics', 'admin', 'read', () => ({ searchCount: 10 })),
  r('POST', '/api/sys/selectUserSearchHistory', 'statistics', 'admin', 'read', (c) => ({
    userId: c.other.userId,
    ...page,
  })),
];

/** The plain list, for harnesses that only need to know what exists. */
export const API_PATHS: readonly { method: HttpMethod; path: string }[] = API_ROUTES.map(({ method, path }) => ({
  method,
  path,
}));

export const routeKey = (route: { method: HttpMethod; path: string }): string => `${route.method} ${route.path}`;

export const routesOf = (access: RouteAccess): readonly ApiRoute[] => API_ROUTES.filter((x) => x.access === access);

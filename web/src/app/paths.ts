/**
 * The single table of browser paths (spec §2.1). Dependency-free on purpose:
 * the router, the menus, the e2e tests, the gateway's SPA fallback and the
 * mail templates of the account service all import it, so a path is written
 * once. Keep the legacy capitalisation (`/dictionary/Search/:id` …): links
 * already sent to users depend on it.
 */
export const PATHS = {
  root: '/',
  home: '/home',
  dictionary: '/dictionary',
  dictionaryDetail: '/dictionary/Search/:id',
  wordbook: '/dictionary/Wordbook',
  history: '/dictionary/History',
  login: '/login',
  join: '/join',
  find: '/find',
  recertify: '/recertify',
  certify: '/certify',
  certifyEmail: '/certifyEmail',
  changePw: '/changePw',
  changeCode: '/changeCode',
  /** Mail link: `?id=&key=` both required (password change from the reset mail). */
  changePwByMail: '/changePwByMail',
  /** Mail link: `?id=&key=` both required (email confirmation from the join mail). */
  confirmEmail: '/confirmEmail',
  notice: '/notice',
  makeIcon: '/notice/MakeIcon',
  company: '/company',
  /** 개인정보 처리방침 (the terms' 제8조 refers to it). */
  privacy: '/privacy',
  payment: '/payment',
  usage: '/usage',
  order: '/order',
  coupon: '/coupon',
  couponGift: '/coupon/Gift',
  userInfo: '/userInfo',
  withdraw: '/withdraw',
  compare: '/compare',
  qna: '/qna',
  recommend: '/recommend',
  payMobile: '/pay/mobile',
  /** Also a POST API path (`/subscribe/{product}-billings`): only GET text/html is the page. */
  subscribeMobileBillings: '/subscribe/mobile-billings',
  mgrUser: '/mgrUser',
  mgrUserDetail: '/mgrUser/UserDetail/:id',
  mgrUserOrderDetail: '/mgrUser/OrderDetail/:id',
  mgrPayment: '/mgrPayment',
  mgrPaymentDetail: '/mgrPayment/Detail',
  mgrCoupon: '/mgrCoupon',
  mgrCouponCreate: '/mgrCoupon/Create',
  mgrCouponEdit: '/mgrCoupon/Edit/:groupId',
  mgrCouponList: '/mgrCoupon/List',
  mgrCouponListDetail: '/mgrCoupon/List/Detail',
  mgrStatistic: '/mgrStatistic',
} as const;

export type PathId = keyof typeof PATHS;

/** Query parameter names of the two mail-link pages. */
export const MAIL_LINK_PARAMS = { id: 'id', key: 'key' } as const;

function withQuery(path: string, query: Record<string, string | number>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) search.set(name, String(value));
  return `${path}?${search.toString()}`;
}

function absolute(baseUrl: string, pathAndQuery: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${pathAndQuery}`;
}

/** Link for the password-reset mail, e.g. `https://example.com/changePwByMail?id=12&key=…`. */
export function changePwByMailUrl(baseUrl: string, id: string | number, key: string): string {
  return absolute(baseUrl, withQuery(PATHS.changePwByMail, { [MAIL_LINK_PARAMS.id]: id, [MAIL_LINK_PARAMS.key]: key }));
}

/** Link for the email-confirmation mail. */
export function confirmEmailUrl(baseUrl: string, id: string | number, key: string): string {
  return absolute(baseUrl, withQuery(PATHS.confirmEmail, { [MAIL_LINK_PARAMS.id]: id, [MAIL_LINK_PARAMS.key]: key }));
}

export function dictionaryDetailPath(id: string | number): string {
  return `/dictionary/Search/${encodeURIComponent(String(id))}`;
}

export function dictionarySearchPath(searchWord: string): string {
  return withQuery(PATHS.dictionary, { searchWord });
}

export function mgrUserDetailPath(id: string | number): string {
  return `/mgrUser/UserDetail/${encodeURIComponent(String(id))}`;
}

export function mgrUserOrderDetailPath(id: string | number): string {
  return `/mgrUser/OrderDetail/${encodeURIComponent(String(id))}`;
}

export function mgrCouponEditPath(groupId: string | number): string {
  return `/mgrCoupon/Edit/${encodeURIComponent(String(groupId))}`;
}

/**
 * True when a GET of this path should be answered with the web app's
 * index.html (the gateway's SPA fallback): every path of the table, with
 * `:param` segments matching any one segment.
 */
export function isAppPath(pathname: string): boolean {
  return Object.values(PATHS).some((pattern) => {
    const regex = new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`);
    return regex.test(pathname);
  });
}

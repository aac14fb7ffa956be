import { PATHS, type PathId } from './paths';

/**
 * What each route of spec §2.1 shows, as plain data: the router builds on it,
 * and the browser tests visit every entry. `owner: 'shell'` pages are built
 * here; the others by their feature folders. Dependency-free so Node-side
 * tests can import it.
 */
export type RouteAccess = 'public' | 'admin';

export interface RouteInfo {
  id: PathId;
  path: string;
  /** The page's h1. */
  title: string;
  /** Which feature builds the page; 'shell' = this issue. */
  owner: 'shell' | 'dictionary' | 'wordbook' | 'account' | 'payment' | 'coupon' | 'recommend' | 'admin';
  access: RouteAccess;
  /** A concrete URL for visiting the page (fills `:params`, adds required queries). */
  sample: string;
}

const table: Array<Omit<RouteInfo, 'path' | 'sample'> & { sample?: string }> = [
  { id: 'root', title: '한국어 유의어 사전', owner: 'shell', access: 'public' },
  { id: 'home', title: '한국어 유의어 사전', owner: 'shell', access: 'public' },
  {
    id: 'dictionary',
    title: '검색 결과',
    owner: 'dictionary',
    access: 'public',
    sample: '/dictionary?searchWord=사랑',
  },
  {
    id: 'dictionaryDetail',
    title: '유의어 상세',
    owner: 'dictionary',
    access: 'public',
    sample: '/dictionary/Search/1',
  },
  { id: 'wordbook', title: '단어장', owner: 'wordbook', access: 'public' },
  { id: 'history', title: '검색 기록', owner: 'dictionary', access: 'public' },
  { id: 'login', title: '로그인', owner: 'account', access: 'public' },
  { id: 'join', title: '회원 가입', owner: 'account', access: 'public' },
  { id: 'find', title: '비밀번호 찾기', owner: 'account', access: 'public' },
  { id: 'recertify', title: '인증 메일 다시 받기', owner: 'account', access: 'public' },
  { id: 'certify', title: '이메일 인증', owner: 'account', access: 'public' },
  { id: 'certifyEmail', title: '이메일 인증', owner: 'account', access: 'public' },
  { id: 'changePw', title: '비밀번호 변경', owner: 'account', access: 'public' },
  { id: 'changeCode', title: '코드 변경', owner: 'account', access: 'public' },
  {
    id: 'changePwByMail',
    title: '새 비밀번호 설정',
    owner: 'account',
    access: 'public',
    sample: '/changePwByMail?id=1&key=sample',
  },
  {
    id: 'confirmEmail',
    title: '이메일 확인',
    owner: 'account',
    access: 'public',
    sample: '/confirmEmail?id=1&key=sample',
  },
  { id: 'notice', title: '공지사항', owner: 'shell', access: 'public' },
  { id: 'makeIcon', title: '홈 화면에 바로가기 만들기', owner: 'shell', access: 'public' },
  { id: 'company', title: '회사 소개', owner: 'shell', access: 'public' },
  { id: 'privacy', title: '개인정보 처리방침', owner: 'shell', access: 'public' },
  { id: 'payment', title: '이용권 구매', owner: 'payment', access: 'public' },
  { id: 'usage', title: '이용 내역', owner: 'payment', access: 'public' },
  { id: 'order', title: '결제 내역', owner: 'payment', access: 'public' },
  { id: 'coupon', title: '내 쿠폰', owner: 'coupon', access: 'public' },
  { id: 'couponGift', title: '쿠폰 선물하기', owner: 'coupon', access: 'public' },
  { id: 'userInfo', title: '내 정보', owner: 'account', access: 'public' },
  { id: 'withdraw', title: '회원 탈퇴', owner: 'account', access: 'public' },
  { id: 'compare', title: '유의어 사전 비교', owner: 'shell', access: 'public' },
  { id: 'qna', title: '관련 사이트', owner: 'shell', access: 'public' },
  { id: 'recommend', title: '친구 추천', owner: 'recommend', access: 'public' },
  { id: 'payMobile', title: '결제 결과 확인', owner: 'payment', access: 'public' },
  { id: 'subscribeMobileBillings', title: '정기 결제 결과 확인', owner: 'payment', access: 'public' },
  { id: 'mgrUser', title: '회원 관리', owner: 'admin', access: 'admin' },
  { id: 'mgrUserDetail', title: '회원 상세 정보', owner: 'admin', access: 'admin', sample: '/mgrUser/UserDetail/1' },
  {
    id: 'mgrUserOrderDetail',
    title: '회원 주문 정보',
    owner: 'admin',
    access: 'admin',
    sample: '/mgrUser/OrderDetail/1',
  },
  { id: 'mgrPayment', title: '결제 관리', owner: 'admin', access: 'admin' },
  { id: 'mgrPaymentDetail', title: '결제 상세 정보', owner: 'admin', access: 'admin' },
  { id: 'mgrCoupon', title: '쿠폰 그룹 관리', owner: 'admin', access: 'admin' },
  { id: 'mgrCouponCreate', title: '쿠폰 그룹 만들기', owner: 'admin', access: 'admin' },
  { id: 'mgrCouponEdit', title: '쿠폰 그룹 수정', owner: 'admin', access: 'admin', sample: '/mgrCoupon/Edit/1' },
  { id: 'mgrCouponList', title: '쿠폰 목록', owner: 'admin', access: 'admin' },
  { id: 'mgrCouponListDetail', title: '쿠폰 상세 정보', owner: 'admin', access: 'admin' },
  { id: 'mgrStatistic', title: '이용 통계', owner: 'admin', access: 'admin' },
];

export const ROUTES: readonly RouteInfo[] = table.map((entry) => ({
  ...entry,
  path: PATHS[entry.id],
  sample: entry.sample ?? PATHS[entry.id],
}));

export function routeInfo(id: PathId): RouteInfo {
  const found = ROUTES.find((route) => route.id === id);
  if (!found) throw new Error(`route ${id} is missing from the route table`);
  return found;
}

import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { DictionaryArea } from '../features/dictionary/DictionaryArea';
import { HomePage } from '../features/dictionary/HomePage';
import { SearchResultsPage } from '../features/dictionary/pages';
import { RequireAdmin } from '../features/admin/RequireAdmin';
import { Loader } from '../ui/Loader';
import { Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';
import { PATHS, type PathId } from './paths';
import { RouteErrorPage } from './RouteErrorPage';

type Loader = () => Promise<ComponentType>;

/** A route whose page module loads on first visit (everything beyond home and the search results). */
function lazyRoute(id: PathId, load: Loader): RouteObject {
  return {
    path: PATHS[id],
    handle: { routeId: id },
    lazy: async () => ({ Component: await load() }),
  };
}

function eagerRoute(id: PathId, Component: ComponentType): RouteObject {
  return { path: PATHS[id], handle: { routeId: id }, Component };
}

const info = {
  notice: () => import('../features/info/NoticePage').then((m) => m.NoticePage),
  makeIcon: () => import('../features/info/MakeIconPage').then((m) => m.MakeIconPage),
  company: () => import('../features/info/CompanyPage').then((m) => m.CompanyPage),
  privacy: () => import('../features/info/PrivacyPage').then((m) => m.PrivacyPage),
  compare: () => import('../features/info/ComparePage').then((m) => m.ComparePage),
  qna: () => import('../features/info/QnaPage').then((m) => m.QnaPage),
};
const account = () => import('../features/account/pages');
const payment = () => import('../features/payment/pages');
const coupon = () => import('../features/coupon/pages');
const adminUsers = () => import('../features/admin/users/pages');
const adminPayments = () => import('../features/admin/payments/pages');
const adminCoupons = () => import('../features/admin/coupons/pages');
const adminStatistics = () => import('../features/admin/statistics/pages');

export const routes: RouteObject[] = [
  {
    Component: Layout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: Loader,
    children: [
      {
        Component: DictionaryArea,
        children: [
          eagerRoute('root', HomePage),
          eagerRoute('home', HomePage),
          eagerRoute('dictionary', SearchResultsPage),
          lazyRoute('dictionaryDetail', () => import('../features/dictionary/DetailPage').then((m) => m.DetailPage)),
          lazyRoute('history', () => import('../features/dictionary/HistoryPage').then((m) => m.HistoryPage)),
          lazyRoute('wordbook', () => import('../features/wordbook/pages').then((m) => m.WordbookPage)),
        ],
      },
      lazyRoute('login', () => account().then((m) => m.LoginPage)),
      lazyRoute('join', () => account().then((m) => m.JoinPage)),
      lazyRoute('find', () => account().then((m) => m.FindPage)),
      lazyRoute('recertify', () => account().then((m) => m.RecertifyPage)),
      lazyRoute('certify', () => account().then((m) => m.CertifyPage)),
      lazyRoute('certifyEmail', () => account().then((m) => m.CertifyEmailPage)),
      lazyRoute('changePw', () => account().then((m) => m.ChangePwPage)),
      lazyRoute('changeCode', () => account().then((m) => m.ChangeCodePage)),
      lazyRoute('changePwByMail', () => account().then((m) => m.ChangePwByMailPage)),
      lazyRoute('confirmEmail', () => account().then((m) => m.ConfirmEmailPage)),
      lazyRoute('userInfo', () => account().then((m) => m.UserInfoPage)),
      lazyRoute('withdraw', () => account().then((m) => m.WithdrawPage)),
      lazyRoute('notice', info.notice),
      lazyRoute('makeIcon', info.makeIcon),
      lazyRoute('company', info.company),
      lazyRoute('privacy', info.privacy),
      lazyRoute('compare', info.compare),
      lazyRoute('qna', info.qna),
      lazyRoute('recommend', () => import('../features/recommend/pages').then((m) => m.RecommendPage)),
      lazyRoute('payment', () => payment().then((m) => m.PaymentPage)),
      lazyRoute('usage', () => payment().then((m) => m.UsagePage)),
      lazyRoute('order', () => payment().then((m) => m.OrderPage)),
      lazyRoute('payMobile', () => payment().then((m) => m.PayMobilePage)),
      lazyRoute('subscribeMobileBillings', () => payment().then((m) => m.SubscribeMobileBillingsPage)),
      lazyRoute('coupon', () => coupon().then((m) => m.CouponPage)),
      lazyRoute('couponGift', () => coupon().then((m) => m.CouponGiftPage)),
      {
        Component: RequireAdmin,
        children: [
          lazyRoute('mgrUser', () => adminUsers().then((m) => m.MgrUserPage)),
          lazyRoute('mgrUserDetail', () => adminUsers().then((m) => m.MgrUserDetailPage)),
          lazyRoute('mgrUserOrderDetail', () => adminUsers().then((m) => m.MgrUserOrderDetailPage)),
          lazyRoute('mgrPayment', () => adminPayments().then((m) => m.MgrPaymentPage)),
          lazyRoute('mgrPaymentDetail', () => adminPayments().then((m) => m.MgrPaymentDetailPage)),
          lazyRoute('mgrCoupon', () => adminCoupons().then((m) => m.MgrCouponPage)),
          lazyRoute('mgrCouponCreate', () => adminCoupons().then((m) => m.MgrCouponCreatePage)),
          lazyRoute('mgrCouponEdit', () => adminCoupons().then((m) => m.MgrCouponEditPage)),
          lazyRoute('mgrCouponList', () => adminCoupons().then((m) => m.MgrCouponListPage)),
          lazyRoute('mgrCouponListDetail', () => adminCoupons().then((m) => m.MgrCouponListDetailPage)),
          lazyRoute('mgrStatistic', () => adminStatistics().then((m) => m.MgrStatisticPage)),
        ],
      },
      // A mistyped or outdated address gets a real "not found" page, not a silent jump home.
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

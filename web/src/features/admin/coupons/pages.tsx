export { MgrCouponPage, MgrCouponCreatePage, MgrCouponEditPage } from './GroupPages';
export { MgrCouponListPage, MgrCouponListDetailPage } from './CouponPages';

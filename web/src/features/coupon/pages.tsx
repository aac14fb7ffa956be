export { CouponPage } from './CouponPage';
export { CouponGiftPage } from './CouponGiftPage';

// coupons/routes.ts reads its request schemas from here; they are declared with the coupon
// routes' contracts in coupons/contract.ts.
export {
  couponItemsRequest,
  couponListRequest,
  couponUseRequest,
  deleteCouponRequest,
  giftRequest,
  groupSearchRequest,
  insertCouponsRequest,
  insertGroupRequest,
  overlapRequest,
  updateCouponRequest,
  updateGroupRequest,
} from '../coupons/contract';

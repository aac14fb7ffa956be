import { COUPON_MESSAGES as M, couponViewOf, type CouponView } from '@syn/kit/rules';

const kst = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** Today as YYYY-MM-DD in Korean time (coupon expiry dates are shown that way). */
export const todayKst = () => kst.format(new Date());

/** What each member coupon state says and allows (spec §4). */
export const COUPON_STATE_WORDS: Record<CouponView, string> = {
  usable: '사용 가능',
  expired: '기간 만료',
  used: '사용 완료',
  gifted: '선물 완료',
  unissued: '미발급',
};

export { couponViewOf, M as COUPON_TEXT };

// Coupon rules with no I/O: validity, referral thresholds, the legacy-merge period.
import { COUPON_VALID_MONTHS, REFERRAL_REWARDS } from '@syn/kit/rules';
import { addMonths } from '../domain/catalogue';

/** Spec §9: a coupon is valid 3 months from issue. */
export function couponExpiry(issue: Date): Date {
  return addMonths(issue, COUPON_VALID_MONTHS);
}

export { REFERRAL_REWARDS };

/** Thresholds reached by `joins` joins. */
export function reachedRewards(joins: number) {
  return REFERRAL_REWARDS.filter((r) => joins >= r.threshold);
}

/** The invited friend's coupon: the 1-week free pass (catalogue item 4). */
export const FRIEND_COUPON_ITEM_ID = 4;
export const FRIEND_COUPON_GROUP_NAME = '친구 추천 가입 7일 무료 쿠폰';
/** The pass of a merged legacy period (migration 002). */
export const LEGACY_ITEM_ID = 5;

// Coupon rules of spec §5 (gift, coupon search, group creation, coupon detail) with
// their Korean messages, shared by the coupon screens and the billing service.
import { z } from 'zod';
import { boundedText, tooLongMessage } from './text';

export const COUPON_MESSAGES = {
  // Administrator group creation, in the order the form checks them (spec §5).
  typeRequired: '쿠폰 종류를 선택해 주세요.',
  kindNameRequired: '쿠폰 종류명을 입력해 주세요.',
  overlapUnchecked: '중복 확인을 클릭해 주세요.',
  overlapNameRequired: '쿠폰명을 입력해 주세요.',
  createCountRequired: '생성할 쿠폰 수를 입력해 주세요.',
  createCountPositive: '0보다 큰 수를 입력해 주세요.',
  // Duplicate check answers (spec §8: HTTP 200 with error true clears the flag).
  nameTaken: '이미 사용 중인 쿠폰명입니다.',
  nameAvailable: '사용할 수 있는 쿠폰명입니다.',
  groupCreated: '쿠폰 그룹이 생성되었습니다.',
  groupUpdated: '쿠폰 그룹이 수정되었습니다.',
  couponsCreated: '쿠폰이 생성되었습니다.',
  couponDeleted: '쿠폰이 삭제되었습니다.',
  couponUpdated: '쿠폰 정보가 저장되었습니다.',
  groupNotFound: '쿠폰 그룹 정보를 찾을 수 없습니다.',
  // Coupon detail save (spec §5: each with its own 'please enter' message).
  detailType: '쿠폰 종류를 입력해 주세요.',
  detailName: '쿠폰명을 입력해 주세요.',
  detailCode: '쿠폰 코드를 입력해 주세요.',
  detailStatus: '쿠폰 상태를 입력해 주세요.',
  detailUser: '사용자를 입력해 주세요.',
  detailIssueDate: '발급일을 입력해 주세요.',
  // Member side.
  giftTargetInvalid: '쿠폰 및 대상 정보가 올바르지 않습니다. 확인 후 다시 시도해 주세요.',
  giftSelf: '본인에게는 쿠폰을 선물할 수 없습니다.',
  giftDone: '쿠폰 선물이 완료되었습니다.',
  giftError: '쿠폰을 선물하는 중에 오류가 발생하였습니다. 다시 시도해 주세요.',
  searchNameRequired: '검색어를 입력해 주세요.',
  couponUsed: '쿠폰이 사용되었습니다.',
  couponLoadError: '쿠폰 정보를 불러오는 중에 오류가 발생하였습니다. 다시 시도해 주세요.',
  couponNotUsable: '사용할 수 없는 쿠폰입니다.',
  couponExpired: '유효 기간이 지난 쿠폰입니다.',
  couponNotFound: '쿠폰 정보를 찾을 수 없습니다.',
  noCoupons: '쿠폰 정보가 존재하지 않습니다.',
} as const;

const M = COUPON_MESSAGES;

/**
 * What using a coupon did, in the member's words: a coupon used with a pass already running waits
 * behind it, and with an auto-renewing subscription it pushes the next charge back by its days.
 * Dates are YYYY-MM-DD (Korean time); no particle follows a date, as its reading decides 로/으로.
 */
export function couponUsedMessage(u: {
  start: string;
  end: string;
  queued: boolean;
  nextPayDate: string | null;
}): string {
  if (u.nextPayDate !== null) {
    const where = u.queued ? '현재 이용 기간 뒤에 추가되었습니다' : '오늘부터 적용되었습니다';
    return `${M.couponUsed} 쿠폰 이용 기간(${u.start} ~ ${u.end})이 ${where}. 그 기간만큼 정기 결제가 미뤄져 다음 정기 결제일은 ${u.nextPayDate}입니다.`;
  }
  if (u.queued) {
    return `${M.couponUsed} 쿠폰 이용권은 현재 이용 기간이 끝난 뒤 ${u.start}부터 ${u.end}까지 이용하실 수 있습니다.`;
  }
  return M.couponUsed;
}

/** Coupon states of spec §3. */
export const COUPON_STATUSES = ['STANDBY', 'USING', 'COMPLETE', 'PRESENT'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

/** What a member may do with a coupon (spec §4): only USING and unexpired is usable. */
export type CouponView = 'usable' | 'expired' | 'used' | 'gifted' | 'unissued';

export function couponViewOf(status: string, expiredDate: string | null, todayYmd: string): CouponView {
  if (status === 'COMPLETE') return 'used';
  if (status === 'PRESENT') return 'gifted';
  if (status !== 'USING') return 'unissued';
  return expiredDate !== null && expiredDate < todayYmd ? 'expired' : 'usable';
}

/** Coupon validity from issue (spec §9). */
export const COUPON_VALID_MONTHS = 3;
/** Spec §9 referral rewards, each threshold once: joins → months of the pass product granted. */
export const REFERRAL_REWARDS = [
  { threshold: 5, itemId: 1, months: 1 },
  { threshold: 10, itemId: 2, months: 3 },
  { threshold: 20, itemId: 3, months: 12 },
] as const;

/** Spec §9: target-user search shows 5 a page; every other list 10. */
export const TARGET_SEARCH_PAGE_SIZE = 5;

const blankToUndefined = (v: unknown) => (v === null || v === '' ? undefined : v);

/** Create count: non-empty, a number, greater than 0 (group creation and "create more"). */
export const createCount = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ message: M.createCountRequired })
    .int({ message: M.createCountPositive })
    .gt(0, { message: M.createCountPositive })
    .max(100_000, { message: M.createCountPositive }),
);

/** A group's coupon type (the pass product it grants): a positive id. */
export const couponGroupType = z.preprocess(
  blankToUndefined,
  z.coerce.number({ message: M.typeRequired }).int({ message: M.typeRequired }).gt(0, { message: M.typeRequired }),
);

/** A group's kind name (creation and edit). */
export const couponGroupName = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  z.string().trim().min(1, { message: M.kindNameRequired }).max(100, { message: M.kindNameRequired }),
);

/** The administrator's note on a group: optional free text ('' when not given). */
export const couponGroupNote = z.preprocess((v) => (v === null || v === undefined ? '' : v), boundedText(500));

/**
 * Group creation (spec §5), written once: the order of the keys is the order the rules are
 * checked in (type, kind name, duplicate check, count), so the first issue is the one to show.
 * The service's edge parses the body without the duplicate-check flag: it refuses a taken name itself.
 */
const groupFields = {
  couponType: couponGroupType,
  couponName: couponGroupName,
  overlapChecked: z.boolean({ message: M.overlapUnchecked }).refine((v) => v, { message: M.overlapUnchecked }),
  note: couponGroupNote,
  createCount,
};

/** The administrator's group creation form. */
export const couponGroupForm = z.object(groupFields);

/** The body of a group creation call (billing's edge). */
export const couponGroupRequest = z.object(groupFields).omit({ overlapChecked: true });

/** The first message of a group form, in the spec's order (the form shows one toast at a time). */
export function firstGroupFormError(input: {
  couponType: unknown;
  couponName: unknown;
  overlapChecked: boolean;
  note?: unknown;
  createCount: unknown;
}): string | null {
  const checked = couponGroupForm.safeParse(input);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}

/** Duplicate check: an empty name is refused with its own message. */
export const overlapName = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  z.string().trim().min(1, { message: M.overlapNameRequired }).max(100, { message: M.overlapNameRequired }),
);

/** Member coupon list search: a search requires a name. */
export const couponSearchName = z
  .string({ message: M.searchNameRequired })
  .trim()
  .min(1, { message: M.searchNameRequired })
  .max(100, { message: tooLongMessage(100, '검색어') });

// --- administrator coupon detail (spec §2.5 item 9, §5, §7.4 updateCouponItem) ---------------

/** What an administrator may save on the coupon detail (spec §4; PRESENT comes only from a gift). */
export const ADMIN_COUPON_STATUSES = ['STANDBY', 'USING', 'COMPLETE'] as const;

/** A day that exists, written YYYY-MM-DD (a form or a direct call may send 2026-02-30). */
export function isCalendarDay(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === v;
}

const filled = (message: string) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v),
    z.string({ message }).trim().min(1, { message }),
  );

export const couponDetailStatus = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum(ADMIN_COUPON_STATUSES, { message: M.detailStatus }),
);

/** The coupon's user: a member id (PostgreSQL int4). */
export const couponDetailUser = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ message: M.detailUser })
    .int({ message: M.detailUser })
    .gt(0, { message: M.detailUser })
    .max(2_147_483_647, { message: M.detailUser }),
);

export const couponIssueDate = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.string({ message: M.detailIssueDate }).refine(isCalendarDay, { message: M.detailIssueDate }),
);

/**
 * Coupon detail save (spec §5): type, name, code, status, user and issue date, each required with
 * its own message. The form checks all six; the service checks the ones the call carries.
 */
export const couponDetailForm = z.object({
  couponType: filled(M.detailType),
  couponName: filled(M.detailName),
  couponCode: filled(M.detailCode),
  status: couponDetailStatus,
  userId: couponDetailUser,
  issueDate: couponIssueDate,
});

/** The detail form's fields in the spec's order (the first broken one gets the focus). */
export const COUPON_DETAIL_FIELDS = [
  'couponType',
  'couponName',
  'couponCode',
  'status',
  'userId',
  'issueDate',
] as const;

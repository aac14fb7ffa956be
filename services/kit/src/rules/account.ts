// Account rules of spec §5 (registration, login, password, withdrawal, legacy merge)
// with their Korean messages. The web forms and the account service parse the same
// schemas; the service is the authority, the forms only save a round trip.
import { z } from 'zod';

export const ACCOUNT_MESSAGES = {
  nameRequired: '이름을 입력해 주세요.',
  nameTooLong: '이름은 50자 이하로 입력해 주세요.',
  emailInvalid: '이메일 형식이 올바르지 않습니다.',
  phoneRequired: '연락처를 입력해 주세요.',
  phoneDigits: '숫자만 입력해 주세요.',
  phoneTooShort: '9자 이상의 연락처를 입력해 주세요.',
  phoneTooLong: '연락처는 20자 이하로 입력해 주세요.',
  passwordTooShort: '8자 이상의 비밀번호를 입력해 주세요.',
  passwordTooLong: '비밀번호는 128자 이하로 입력해 주세요.',
  passwordRequired: '비밀번호를 입력해 주세요.',
  passwordMismatch: '암호가 일치하지 않습니다.',
  oldPasswordRequired: '기존 비밀번호를 입력해 주세요.',
  newPasswordRequired: '새 비밀번호를 입력해 주세요.',
  privacyConsent: '서비스 제공을 위한 개인정보 이용에 동의해 주세요.',
  termsViewed: '이용 약관을 확인해 주세요.',
  recommenderUnchecked: '추천인을 입력한 경우 추천인 확인을 클릭해 주세요.',
  recommenderBlank: '추천인이 없으면 입력하지 않고 가입하실 수 있습니다.',
  recommenderInvalid: '추천인 정보가 올바르지 않습니다.',
  recommendTypeInvalid: '추천 경로가 올바르지 않습니다.',
  badLink: '허가되지 않는 경로로 접근하였습니다. 로그인 후 이용해 주시기 바랍니다.',
  userInvalid: '사용자 정보가 올바르지 않습니다. 웹 종료 후 다시 시도해 주세요.',
  connectInfoInvalid: '접속 정보가 올바르지 않습니다.',
  withdrawReason: '탈퇴 사유를 선택해 주세요.',
  withdrawAgreement: '회원 탈퇴에 동의해 주세요.',
  legacyIdRequired: '이전 서비스의 아이디를 입력해 주세요.',
  legacyPasswordRequired: '이전 서비스의 비밀번호를 입력해 주세요.',
  legacyAgreement: '기간 통합에 동의해 주세요.',
  searchNameShort: '검색어를 2자 이상 입력해 주세요.',
  adminUserInvalid: '변경할 사용자 정보가 올바르지 않습니다.',
  gradeInvalid: '권한 정보가 올바르지 않습니다.',
  pageInvalid: '페이지 정보가 올바르지 않습니다.',
} as const;

const M = ACCOUNT_MESSAGES;

/** Legacy clients send flags as true, 'T', 'Y', 'true' or 'on' (form posts); anything else is "not given". */
export const flag = z.preprocess(
  (v) => v === true || (typeof v === 'string' && ['t', 'y', 'true', 'on', '1'].includes(v.trim().toLowerCase())),
  z.boolean(),
);

/** Optional text: absent, null and '' all mean "not given". */
const optionalText = (max: number, message: string) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string({ message }).trim().max(max, { message }));

/** Spec §5: valid format, at least 5 characters. Stored as typed, compared case-insensitively. */
export const email = z
  .string({ message: M.emailInvalid })
  .trim()
  .min(5, { message: M.emailInvalid })
  .max(254, { message: M.emailInvalid })
  .regex(z.regexes.email, { message: M.emailInvalid });

export const personName = z
  .string({ message: M.nameRequired })
  .trim()
  .min(1, { message: M.nameRequired })
  .max(50, { message: M.nameTooLong });

/** Entered without dashes: digits only, at least 9. */
export const phone = z
  .string({ message: M.phoneRequired })
  .trim()
  .min(1, { message: M.phoneRequired })
  .regex(/^\d*$/, { message: M.phoneDigits })
  .min(9, { message: M.phoneTooShort })
  .max(20, { message: M.phoneTooLong });

/** A new password: at least 8 (never trimmed: spaces are characters the user chose). */
export const newPassword = (requiredMessage: string = M.passwordTooShort) =>
  z
    .string({ message: requiredMessage })
    .min(1, { message: requiredMessage })
    .min(8, { message: M.passwordTooShort })
    .max(128, { message: M.passwordTooLong });

/** A password being checked (login, withdrawal): only required. */
export const givenPassword = (message: string = M.passwordRequired) =>
  z.string({ message }).min(1, { message }).max(128, { message });

export const RECOMMEND_TYPES = ['NORMAL', 'MESSENGER'] as const;
export type RecommendType = (typeof RECOMMEND_TYPES)[number];

/** A positive user id sent as a number or a decimal string; anything else is `null`. */
export const optionalUserId = z.preprocess((v) => {
  if (typeof v === 'number') return Number.isInteger(v) && v > 0 && v < 2 ** 31 ? v : null;
  if (typeof v === 'string' && /^\d{1,10}$/.test(v.trim())) {
    const n = Number(v.trim());
    return n > 0 && n < 2 ** 31 ? n : null;
  }
  return null;
}, z.number().int().nullable());

/** A required positive user id; `message` when missing or malformed. */
export const userId = (message: string) =>
  optionalUserId.refine((v): v is number => v !== null, { message }).transform((v) => v as number);

/**
 * Registration (spec §5). Keys are in the order the form checks them, so the
 * first failing rule is the one reported.
 */
const joinShape = {
  name: personName,
  email,
  phone,
  password: newPassword(),
  passwordConfirm: z.string({ message: M.passwordMismatch }),
  agreePrivacy: flag.refine((v) => v, { message: M.privacyConsent }),
  agreeTerms: flag.refine((v) => v, { message: M.termsViewed }),
  recommendUser: optionalText(254, M.recommenderInvalid),
  recommendUserId: optionalUserId,
  recommendType: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 'NORMAL' : v),
    z.enum(RECOMMEND_TYPES, { message: M.recommendTypeInvalid }),
  ),
};
/** The order the join form checks its fields in. */
export const JOIN_FIELDS = Object.keys(joinShape);

export const joinRequest = z.object(joinShape).superRefine((v, ctx) => {
  if (v.password !== v.passwordConfirm) {
    ctx.addIssue({ code: 'custom', path: ['passwordConfirm'], message: M.passwordMismatch });
  }
  if (v.recommendUser !== '' && v.recommendUserId === null) {
    ctx.addIssue({ code: 'custom', path: ['recommendUserId'], message: M.recommenderUnchecked });
  }
});
export type JoinRequest = z.infer<typeof joinRequest>;

/** The check button: an email or a member id (the messenger link carries an id). */
export const recommenderCheck = z.object({
  recommendUser: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z
      .string({ message: M.recommenderBlank })
      .trim()
      .min(1, { message: M.recommenderBlank })
      .max(254, { message: M.recommenderInvalid }),
  ),
});

export const loginRequest = z.object({ email, password: givenPassword() });

/** Password reset request, resend verification. */
export const emailRequest = z.object({ email });

/** Mail-link parameters; a missing id or key is the "unauthorised path" of spec §8. */
export const mailLink = z.object({
  secretId: z.string({ message: M.badLink }).trim().min(1, { message: M.badLink }).max(100, { message: M.badLink }),
  secretKey: z.string({ message: M.badLink }).trim().min(1, { message: M.badLink }).max(200, { message: M.badLink }),
});

/**
 * Password change from a mail link. The documented payload has no confirmation
 * field, so `passwordConfirm` is checked when the client sends it.
 */
export const changeByMailRequest = mailLink
  .extend({ password: newPassword(), passwordConfirm: z.string().optional() })
  .superRefine((v, ctx) => {
    if (v.passwordConfirm !== undefined && v.passwordConfirm !== v.password) {
      ctx.addIssue({ code: 'custom', path: ['passwordConfirm'], message: M.passwordMismatch });
    }
  });

/** Change password while signed in; `newPasswordConfirm` checked when sent (not in the documented payload). */
export const changePasswordRequest = z
  .object({
    oldPassword: newPassword(M.oldPasswordRequired),
    newPassword: newPassword(M.newPasswordRequired),
    newPasswordConfirm: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.newPasswordConfirm !== undefined && v.newPasswordConfirm !== v.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPasswordConfirm'], message: M.passwordMismatch });
    }
  });

/** Withdrawal: password, reason (select), agreement — in that order. */
export const withdrawRequest = z.object({
  userPw: givenPassword(),
  reasonMain: z.preprocess(
    (v) => (v === null || v === undefined ? '' : String(v)),
    z.string().trim().min(1, { message: M.withdrawReason }).max(100, { message: M.withdrawReason }),
  ),
  reasonSub: optionalText(1000, M.withdrawReason),
  agreement: flag.refine((v) => v, { message: M.withdrawAgreement }),
});

export const profileRequest = z.object({ userName: personName, userPhone: phone });

export const deviceKeyRequest = z.object({
  userAuthKey: z
    .string({ message: M.connectInfoInvalid })
    .trim()
    .min(1, { message: M.connectInfoInvalid })
    .max(128, { message: M.connectInfoInvalid })
    .regex(/^[A-Za-z0-9._~:-]+$/, { message: M.connectInfoInvalid }),
});

export const legacyLookupRequest = z.object({
  userId: z.preprocess(
    (v) => (v === null || v === undefined ? '' : String(v)),
    z.string().trim().min(1, { message: M.legacyIdRequired }).max(100, { message: M.legacyIdRequired }),
  ),
  userPw: givenPassword(M.legacyPasswordRequired),
});

/** Member search (admin list and coupon-gift recipient search). Pages are zero-based. */
export const USER_STATUS_FILTERS = ['ALL', 'FREE', 'BASIC'] as const;
export const USER_SEARCH_COLUMNS = ['email', 'name'] as const;

export const userSearchRequest = z.object({
  userStatus: z.preprocess(
    (v) => (typeof v === 'string' && v !== '' ? v.toUpperCase() : 'ALL'),
    z.enum(USER_STATUS_FILTERS, { message: M.pageInvalid }),
  ),
  userCol: z.preprocess((v) => {
    const s = typeof v === 'string' ? v.trim().toLowerCase() : '';
    if (s === 'username' || s === 'name') return 'name';
    return 'email';
  }, z.enum(USER_SEARCH_COLUMNS)),
  searchName: optionalText(100, M.searchNameShort),
  pageSize: z.coerce
    .number({ message: M.pageInvalid })
    .int({ message: M.pageInvalid })
    .min(1, { message: M.pageInvalid })
    .max(100, { message: M.pageInvalid })
    .default(10),
  pageNum: z.coerce
    .number({ message: M.pageInvalid })
    .int({ message: M.pageInvalid })
    .min(0, { message: M.pageInvalid })
    .max(100_000, { message: M.pageInvalid })
    .default(0),
});
export type UserSearchRequest = z.infer<typeof userSearchRequest>;

/**
 * Parses `input`, reporting issues in the order of `fields` (the form's order):
 * zod lists object-level refinements after field issues, but the user should see
 * the first rule the form breaks. Throws the re-ordered ZodError.
 */
export function parseInOrder<S extends z.ZodType>(schema: S, input: unknown, fields: readonly string[]): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const rank = (issue: z.core.$ZodIssue): number => {
    const at = fields.indexOf(String(issue.path[0] ?? ''));
    return at < 0 ? fields.length : at;
  };
  throw new z.ZodError([...result.error.issues].sort((a, b) => rank(a) - rank(b)));
}

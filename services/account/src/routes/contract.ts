// The account service's API contract (spec §7.1, §7.4): request schemas the handlers parse
// with, success bodies, error statuses and callers. scripts/openapi.ts publishes it.
import type { RouteContract, ServiceContract } from '@syn/kit/contract';
import {
  ACCOUNT_MESSAGES as M,
  changeByMailRequest,
  changePasswordRequest,
  deviceKeyRequest,
  emailRequest,
  flag,
  joinRequest,
  legacyLookupRequest,
  loginRequest,
  mailLink,
  optionalUserId,
  profileRequest,
  recommenderCheck,
  userId,
  userSearchRequest,
  withdrawRequest,
} from '@syn/kit/rules';
import { z } from 'zod';

// --- requests the handlers parse (user.ts, sys.ts import these) ------------------------------

export const legacyMergeRequest = z.object({
  prevUserId: z.preprocess(
    (v) => (v === null || v === undefined ? '' : String(v)),
    z.string().trim().min(1, { message: M.legacyIdRequired }).max(100, { message: M.legacyIdRequired }),
  ),
  agreement: flag.optional(),
});

/**
 * The spec's role names (§4 enumerations) on the two grades the product has: those that run the
 * service are administrators (0), the rest members (1).
 */
export const GRADES: Record<string, number> = {
  '0': 0,
  '1': 1,
  ADMIN: 0,
  MANAGER: 0,
  STAFF: 0,
  USER: 1,
  MEMBER: 1,
  NONE: 1,
  NON_USER: 1,
};

/** Optional permission: a grade (0/1) or a role word; absent means "unchanged". */
const permission = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return null;
    const g = GRADES[String(v).trim().toUpperCase()];
    return g === undefined ? 'invalid' : g;
  },
  z.union([z.literal(0), z.literal(1), z.null()], { message: M.gradeInvalid }),
);

export const updateUserItemRequest = z.object({
  userId: userId(M.adminUserInvalid),
  userCheckEmail: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.enum(['T', 'F'], { message: M.adminUserInvalid }),
  ),
  grade: permission,
});

export const adminUserRequest = z.object({ userId: userId(M.adminUserInvalid) });

/** The body's userId is checked against the session, never trusted (use cases' assertSelf). */
const selfUserId = { userId: optionalUserId };

// --- success bodies -------------------------------------------------------------------------

const passStatus = z.enum(['valid', 'none']);
const message = z.string();

/** The web app's stored user (spec §3). */
const storedUser = z.object({
  id: z.number().int(),
  userEmail: z.string(),
  grade: z.number().int(),
  status: passStatus,
  item: z.number().int().nullable(),
  curKey: z.string(),
});

const accountUser = z.object({
  id: z.number().int(),
  userEmail: z.string(),
  userName: z.string(),
  userPhone: z.string(),
  status: passStatus,
});

const adminUserRow = z.object({
  ID: z.number().int(),
  USEREMAIL: z.string(),
  USERNAME: z.string(),
  PHONENUMBER: z.string(),
  STATUS: z.enum(['START', 'NONE']),
  CREATED_DATE: z.string(),
  CHECK_EMAIL: z.enum(['T', 'F']),
});

const adminSearch = z.object({
  datas: z.array(adminUserRow),
  searchTotal: z.number().int(),
  userTotal: z.number().int(),
  paidTotal: z.number().int(),
  freeTotal: z.number().int(),
});

/** A member looking for a gift recipient sees masked rows and the match count only. */
const memberSearch = z.object({
  datas: z.array(z.object({ ID: z.number().int(), USEREMAIL: z.string(), USERNAME: z.string() })),
  searchTotal: z.number().int(),
});

const messageOnly = z.object({ message });

const post = (
  path: string,
  summary: string,
  access: RouteContract['access'],
  request: z.ZodType | undefined,
  response: z.ZodType,
  errors: number[],
): RouteContract => ({ method: 'post', path, summary, access, request, response, errors });

export const accountContract: ServiceContract = {
  service: 'account',
  description: 'Members: join, mail verification, login (one device at a time), profile, withdrawal, legacy merge',
  routes: [
    post(
      '/api/user/join',
      'Join; sends the verification mail',
      'public',
      joinRequest,
      z.object({ message, registered: z.literal(true) }),
      [400, 409, 429],
    ),
    post(
      '/api/user/checkRecommendUserInfo',
      'Check a recommender (email or name)',
      'public',
      recommenderCheck,
      z.object({ userInfo: z.number().int(), message }),
      [400, 429],
    ),
    post(
      '/api/user/confirm',
      'Confirm the mail address with the mailed link',
      'public',
      mailLink,
      z.object({ message, emailAuthenticated: z.literal(true) }),
      [400],
    ),
    post(
      '/api/user/certify',
      'Send the verification mail again',
      'public',
      emailRequest,
      z.object({ ok: z.literal(true), message }),
      [400, 429],
    ),
    post(
      '/api/user/login',
      'Log in; sets the session cookie and ends the previous session',
      'public',
      loginRequest,
      z.object({ user: storedUser }),
      [400, 401, 403, 429],
    ),
    {
      method: 'get',
      path: '/api/user/logout',
      summary: 'Log out; clears the session cookie (403 when another site sends it)',
      access: 'public',
      response: messageOnly,
      errors: [403],
    },
    post(
      '/api/user/validate',
      'The stored user, refreshed; 401 with authKeyError when another device logged in',
      'member',
      z.object({ id: optionalUserId, ...selfUserId }),
      z.object({ user: storedUser, status: passStatus, item: z.number().int().nullable() }),
      [401],
    ),
    post(
      '/api/user/updateUserConnectInfo',
      'Make this device the current one (duplicate-login rule)',
      'member',
      deviceKeyRequest.extend(selfUserId),
      z.object({ authKey: z.string(), message }),
      [400, 401],
    ),
    post('/api/user/find', 'Mail a password-reset link', 'public', emailRequest, messageOnly, [400, 429]),
    post(
      '/api/user/change',
      'Set a new password with the mailed link',
      'public',
      changeByMailRequest,
      z.object({ message, changed: z.literal(true) }),
      [400],
    ),
    post(
      '/api/user/updateUserInfo',
      'Change the password; ends every session',
      'member',
      changePasswordRequest.extend(selfUserId),
      messageOnly,
      [400, 401, 429],
    ),
    post(
      '/api/user/insertUserCancelInfo',
      'Withdraw',
      'member',
      withdrawRequest.extend(selfUserId),
      messageOnly,
      [400, 401, 429],
    ),
    post('/api/user/getUserInfo', 'The member profile', 'member', undefined, z.object({ user: accountUser }), [401]),
    post(
      '/api/user/updateUserProfile',
      'Change name and phone',
      'member',
      profileRequest,
      z.object({ message, user: accountUser }),
      [400, 401],
    ),
    post(
      '/api/user/searchPrevUserInfo',
      'The legacy app account pay history',
      'member',
      legacyLookupRequest,
      z.object({
        results: z.object({
          payHistoryItems: z.array(
            z.object({
              SDATE: z.string(),
              EDATE: z.string(),
              CURSTAT: z.enum(['Y', 'N']),
              TRANSFER: z.enum(['Y']).nullable(),
            }),
          ),
        }),
        remainedDay: z.number().int(),
      }),
      [400, 401, 429],
    ),
    post(
      '/api/user/combinePrevUserInfo',
      'Merge the legacy remaining period (plus one month)',
      'member',
      legacyMergeRequest.extend(selfUserId),
      z.object({ message, remainedDay: z.number().int(), bonusMonths: z.number().int() }),
      [400, 401],
    ),
    post(
      '/api/sys/searchUserItems',
      'Member list (administrator) or masked gift-recipient search (member)',
      'member',
      userSearchRequest,
      z.union([adminSearch, memberSearch]),
      [400, 401, 429],
    ),
    post(
      '/api/sys/selectUserItems',
      'One member in detail',
      'admin',
      adminUserRequest,
      z.object({
        data: z.object({
          ID: z.number().int(),
          USEREMAIL: z.string(),
          USERNAME: z.string(),
          PHONENUMBER: z.string(),
          CHECK_EMAIL: z.enum(['T', 'F']),
          GRADE: z.number().int(),
          STATUS: z.enum(['START', 'NONE']),
          ITEM_ID: z.number().int().nullable(),
          CREATED_DATE: z.string(),
        }),
      }),
      [400, 401, 403, 404],
    ),
    post(
      '/api/sys/updateUserItem',
      'Set the email-verified flag and the permission of a member',
      'admin',
      updateUserItemRequest,
      messageOnly,
      [400, 401, 403],
    ),
    post('/api/sys/deleteUserItem', 'Withdraw a member', 'admin', adminUserRequest, messageOnly, [400, 401, 403, 404]),
  ],
};

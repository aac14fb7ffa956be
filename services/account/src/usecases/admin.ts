// /api/sys/* member management, and the member-facing recipient search of the coupon gift.
import { badRequest, HttpError, notFound, unauthorized, type Caller } from '@syn/kit';
import { ACCOUNT_MESSAGES as M, type UserSearchRequest } from '@syn/kit/rules';
import { maskEmail, maskName } from '../domain/masking';
import { TEXT } from '../domain/messages';
import { allow } from '../store/limits';
import { searchMembers } from '../store/search';
import { currentMember } from './auth';
import type { AccountContext } from './context';
import { withdrawUser } from './member';

/** Page size of the coupon-gift recipient search (spec §9). */
export const MEMBER_SEARCH_PAGE_SIZE = 5;

/** POST /api/sys/searchUserItems: the admin list, or (grade 1) the masked recipient search. */
export async function searchUsers(ctx: AccountContext, caller: Caller, q: UserSearchRequest) {
  if (caller.admin) {
    const r = await searchMembers(ctx.pool, ctx.schema, q);
    return {
      datas: r.rows.map((u) => ({
        ID: u.id,
        USEREMAIL: u.email,
        USERNAME: u.name,
        PHONENUMBER: u.phone,
        STATUS: u.paid ? 'START' : 'NONE',
        CREATED_DATE: u.createdAt.toISOString(),
        CHECK_EMAIL: u.emailVerified ? 'T' : 'F',
      })),
      searchTotal: r.searchTotal,
      userTotal: r.userTotal,
      paidTotal: r.paidTotal,
      freeTotal: r.userTotal - r.paidTotal,
    };
  }
  if (caller.anonymous) throw unauthorized();
  const me = await currentMember(ctx, caller);
  if ([...q.searchName].length < 2) throw badRequest(M.searchNameShort);
  if (!(await allow(ctx.redis, `member-search:${me.id}`, ctx.config.MEMBER_SEARCH_PER_MINUTE, 60))) {
    throw new HttpError(429, TEXT.tooManyRequests, { retryAfterSeconds: 60 });
  }
  const r = await searchMembers(
    ctx.pool,
    ctx.schema,
    { ...q, userStatus: 'ALL', pageSize: MEMBER_SEARCH_PAGE_SIZE },
    { excludeUserId: me.id },
  );
  // Other members' totals are not a member's business: only the match count is returned.
  return {
    datas: r.rows.map((u) => ({ ID: u.id, USEREMAIL: maskEmail(u.email), USERNAME: maskName(u.name) })),
    searchTotal: r.searchTotal,
  };
}

/** POST /api/sys/selectUserItems: one member's detail. */
export async function userDetail(ctx: AccountContext, userId: number) {
  const user = await ctx.users.byId(ctx.pool, userId);
  if (!user || user.withdrawn) throw notFound(TEXT.userNotFound);
  const pass = await ctx.passes.summary(ctx.pool, userId);
  return {
    data: {
      ID: user.id,
      USEREMAIL: user.email,
      USERNAME: user.name,
      PHONENUMBER: user.phone,
      CHECK_EMAIL: user.emailVerified ? 'T' : 'F',
      GRADE: user.grade,
      STATUS: pass.status === 'valid' ? 'START' : 'NONE',
      ITEM_ID: pass.item,
      CREATED_DATE: user.createdAt.toISOString(),
    },
  };
}

/** POST /api/sys/updateUserItem: email-verified flag and, optionally, the grade (0 admin, 1 member). */
export async function updateUser(
  ctx: AccountContext,
  caller: Caller,
  userId: number,
  checkEmail: boolean,
  grade: number | null,
) {
  const user = await ctx.users.byId(ctx.pool, userId);
  if (!user || user.withdrawn) throw badRequest(M.adminUserInvalid);
  if (grade !== null && grade !== user.grade && userId === caller.userId) throw badRequest(TEXT.adminSelf);
  await ctx.users.setAdminFields(ctx.pool, userId, checkEmail, grade);
  // Sessions carry the grade the gateway acts on: a changed grade takes effect at the next login.
  if (grade !== null && grade !== user.grade) await ctx.sessions.destroyAll(userId);
  ctx.log.info({ userId, by: caller.userId, grade, checkEmail }, 'member updated by administrator');
  return { message: TEXT.adminUserUpdated };
}

/** POST /api/sys/deleteUserItem: the withdrawal path, run by an administrator. */
export async function deleteUser(ctx: AccountContext, caller: Caller, userId: number) {
  if (userId === caller.userId) throw badRequest(TEXT.adminSelf);
  if (!(await withdrawUser(ctx, userId, { main: 'ADMIN', sub: '', byAdmin: true }))) throw notFound(TEXT.userNotFound);
  return { message: TEXT.adminUserDeleted };
}

// /api/sys/* member management, and the member-facing recipient search of the coupon gift.
import type { Caller } from '@syn/kit';
import { ACCOUNT_MESSAGES as M, type UserSearchRequest } from '@syn/kit/rules';
import { maskEmail, maskName } from '../domain/masking';
import { TEXT } from '../domain/messages';
import { allow } from '../store/limits';
import { searchMembers } from '../store/search';
import { currentMember } from './auth';
import type { AccountContext } from './context';
import { invalid, memberNotFound, TooManyAttempts, unauthenticated } from './errors';
import { withdrawUser } from './member';

/**
 * POST /api/sys/searchUserItems: the admin list, or (grade 1) the coupon-gift recipient lookup: one
 * confirmed member by their exact address, masked.
 */
export async function searchUsers(ctx: AccountContext, caller: Caller, q: UserSearchRequest, ip: string) {
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
  if (caller.anonymous) throw unauthenticated();
  const me = await currentMember(ctx, caller);
  if ([...q.searchName].length < 2) throw invalid(M.searchNameShort);
  // A name (or part of an address) would list strangers; a sender knows the friend's address.
  if (q.userCol === 'name') throw invalid(TEXT.memberSearchEmailOnly);
  // Each search confirms or denies one address: limited per client address and per member.
  const c = ctx.config;
  if (
    !(await allow(ctx.redis, `member-search-ip:${ip}`, c.MEMBER_SEARCH_IP_PER_HOUR, 3600)) ||
    !(await allow(ctx.redis, `member-search:${me.id}`, c.MEMBER_SEARCH_PER_MINUTE, 60)) ||
    !(await allow(ctx.redis, `member-search-day:${me.id}`, c.MEMBER_SEARCH_PER_DAY, 24 * 3600))
  ) {
    throw new TooManyAttempts(TEXT.tooManyRequests, 60);
  }
  const found = await ctx.users.byEmail(ctx.pool, q.searchName.trim());
  // Only confirmed members can be found: an unconfirmed address may not even belong to its holder.
  const hit = found && found.emailVerified && found.id !== me.id ? found : null;
  // Only what picking the recipient needs (the id the gift names, a masked address and name); no totals.
  return {
    datas: hit ? [{ ID: hit.id, USEREMAIL: maskEmail(hit.email), USERNAME: maskName(hit.name) }] : [],
    searchTotal: hit ? 1 : 0,
  };
}

/** POST /api/sys/selectUserItems: one member's detail. */
export async function userDetail(ctx: AccountContext, userId: number) {
  const user = await ctx.users.byId(ctx.pool, userId);
  if (!user || user.withdrawn) throw memberNotFound();
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
  if (!user || user.withdrawn) throw invalid(M.adminUserInvalid);
  if (grade !== null && grade !== user.grade && userId === caller.userId) throw invalid(TEXT.adminSelf);
  await ctx.users.setAdminFields(ctx.pool, userId, checkEmail, grade);
  // Sessions carry the grade the gateway acts on: a changed grade takes effect at the next login.
  if (grade !== null && grade !== user.grade) await ctx.sessions.destroyAll(userId);
  ctx.log.info({ userId, by: caller.userId, grade, checkEmail }, 'member updated by administrator');
  return { message: TEXT.adminUserUpdated };
}

/** POST /api/sys/deleteUserItem: the withdrawal path, run by an administrator. */
export async function deleteUser(ctx: AccountContext, caller: Caller, userId: number) {
  if (userId === caller.userId) throw invalid(TEXT.adminSelf);
  if (!(await withdrawUser(ctx, userId, { main: 'ADMIN', sub: '', byAdmin: true }))) throw memberNotFound();
  return { message: TEXT.adminUserDeleted };
}

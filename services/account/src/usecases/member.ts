// The member's own account: profile (/userInfo), withdrawal, legacy period merge.
import { withTransaction, type Caller, type PoolClient } from '@syn/kit';
import { ACCOUNT_MESSAGES as M } from '@syn/kit/rules';
import { convertibleDays, LEGACY_BONUS_MONTHS, utcDay } from '../domain/legacy';
import { TEXT } from '../domain/messages';
import { accountUser } from '../domain/users';
import { allow } from '../store/limits';
import { assertSelf, checkOwnPassword, currentMember } from './auth';
import type { AccountContext } from './context';
import { invalid, TooManyAttempts } from './errors';

export async function getProfile(ctx: AccountContext, caller: Caller) {
  const user = await currentMember(ctx, caller);
  return { user: accountUser(user, await ctx.passes.summary(ctx.pool, user.id)) };
}

export async function updateProfile(ctx: AccountContext, caller: Caller, name: string, phone: string) {
  const user = await currentMember(ctx, caller);
  await ctx.users.setProfile(ctx.pool, user.id, name, phone);
  const pass = await ctx.passes.summary(ctx.pool, user.id);
  return { message: TEXT.profileSaved, user: accountUser({ ...user, name, phone }, pass) };
}

/**
 * Closes an account: the withdrawal reason is kept, personal data is removed in the same
 * transaction that publishes UserWithdrawn (so other services purge theirs), then every
 * session and the device key go. Used by the member and by an administrator.
 */
export async function withdrawUser(
  ctx: AccountContext,
  userId: number,
  reason: { main: string; sub: string; byAdmin: boolean },
): Promise<boolean> {
  const done = await withTransaction(ctx.pool, async (tx: PoolClient) => {
    const user = await ctx.users.byId(tx, userId, { forUpdate: true });
    if (!user || user.withdrawn) return false;
    await tx.query(
      `INSERT INTO ${ctx.schema}.withdrawals (user_id, reason_main, reason_sub, by_admin) VALUES ($1, $2, $3, $4)`,
      [userId, reason.main, reason.sub, reason.byAdmin],
    );
    await ctx.users.anonymise(tx, userId);
    await ctx.tokens.deleteForUser(tx, userId);
    await ctx.passes.deleteForUser(tx, userId);
    await tx.query(`UPDATE ${ctx.schema}.legacy_merges SET legacy_id = 'withdrawn-' || user_id WHERE user_id = $1`, [
      userId,
    ]);
    await ctx.publish.userWithdrawn(tx, userId);
    return true;
  });
  if (done) {
    await ctx.sessions.destroyAll(userId);
    await ctx.sessions.forgetDevice(userId);
    await ctx.redis.del(legacyKey(userId));
    ctx.log.info({ userId, byAdmin: reason.byAdmin }, 'member withdrew');
  }
  return done;
}

/** POST /api/user/insertUserCancelInfo. */
export async function withdraw(
  ctx: AccountContext,
  caller: Caller,
  bodyUserId: number | null,
  req: { userPw: string; reasonMain: string; reasonSub: string },
  ip: string,
) {
  assertSelf(caller, bodyUserId);
  const user = await currentMember(ctx, caller);
  await checkOwnPassword(ctx, user, req.userPw, ip, TEXT.passwordWrong);
  await withdrawUser(ctx, user.id, { main: req.reasonMain, sub: req.reasonSub, byAdmin: false });
  return { message: TEXT.withdrawn };
}

/** The legacy id this member proved (with its password) in the last half hour. */
const legacyKey = (userId: number) => `legacy-verified:${userId}`;
const LEGACY_PROOF_SECONDS = 30 * 60;

/** POST /api/user/searchPrevUserInfo: the legacy pay history, after the legacy password. */
export async function searchLegacy(ctx: AccountContext, caller: Caller, legacyId: string, legacyPassword: string) {
  const user = await currentMember(ctx, caller);
  if (!(await allow(ctx.redis, `legacy:${user.id}`, ctx.config.LOOKUPS_PER_HOUR, 3600))) {
    throw new TooManyAttempts();
  }
  if (!(await ctx.legacy.checkPassword(ctx.pool, legacyId, legacyPassword))) throw invalid(TEXT.legacyNotFound);
  const history = await ctx.legacy.history(ctx.pool, legacyId);
  if (history.length === 0) throw invalid(TEXT.legacyNotFound);
  await ctx.redis.set(legacyKey(user.id), legacyId, { expiration: { type: 'EX', value: LEGACY_PROOF_SECONDS } });
  const merged = await ctx.legacy.hasMerged(ctx.pool, user.id);
  return {
    results: {
      payHistoryItems: history.map((h) => ({
        SDATE: h.sdate,
        EDATE: h.edate,
        CURSTAT: h.curstat,
        TRANSFER: h.transfer,
      })),
    },
    remainedDay: merged ? 0 : convertibleDays(history, utcDay(new Date())),
  };
}

/**
 * POST /api/user/combinePrevUserInfo. The client's remainedDay/startDate/endDate are
 * ignored: the days are recomputed from the legacy store, under a row lock, once.
 */
export async function mergeLegacy(
  ctx: AccountContext,
  caller: Caller,
  bodyUserId: number | null,
  prevUserId: string,
  agreed: boolean | undefined,
) {
  assertSelf(caller, bodyUserId);
  if (agreed === false) throw invalid(M.legacyAgreement);
  const user = await currentMember(ctx, caller);
  if ((await ctx.redis.get(legacyKey(user.id))) !== prevUserId) throw invalid(TEXT.legacyNotLoaded);
  const days = await withTransaction(ctx.pool, async (tx) => {
    // Serialises concurrent merges of one member (the users row) and of one legacy account (its rows).
    await ctx.users.byId(tx, user.id, { forUpdate: true });
    if (await ctx.legacy.hasMerged(tx, user.id)) return 0;
    const history = await ctx.legacy.history(tx, prevUserId, { forUpdate: true });
    const remaining = convertibleDays(history, utcDay(new Date()));
    if (remaining <= 0) return 0;
    await ctx.legacy.markTransferred(tx, prevUserId);
    await ctx.legacy.recordMerge(tx, user.id, prevUserId, remaining, LEGACY_BONUS_MONTHS);
    // Same transaction as the merge record: billing grants the pass exactly when a merge happened.
    await ctx.publish.legacyPeriodMerged(tx, user.id, remaining, LEGACY_BONUS_MONTHS);
    return remaining;
  });
  if (days <= 0) throw invalid(TEXT.legacyNothingToConvert);
  await ctx.redis.del(legacyKey(user.id));
  ctx.log.info({ userId: user.id, days }, 'legacy period merged');
  return { message: TEXT.legacyMerged, remainedDay: days, bonusMonths: LEGACY_BONUS_MONTHS };
}

// Registration, email confirmation, login, sessions, device claim and passwords (spec §4, §5, §7.1).
import { ANONYMOUS_USER_ID, withTransaction, type Caller, type PoolClient } from '@syn/kit';
import { ACCOUNT_MESSAGES as M, type JoinRequest } from '@syn/kit/rules';
import { TEXT } from '../domain/messages';
import { judgeReferral, personKeys, phoneDigits, type ReferralVerdict } from '../domain/referral';
import { storedUser } from '../domain/users';
import { mailLink } from '../mail/mailer';
import { issueToken } from '../security/tokens';
import { allow } from '../store/limits';
import type { MemberRecord } from '../store/users';
import type { AccountContext } from './context';
import { deviceReplaced, emailUnverified, invalid, TooManyAttempts, unauthenticated } from './errors';

const tooMany = (retryAfterMs = 60_000) => new TooManyAttempts(TEXT.tooManyRequests, Math.ceil(retryAfterMs / 1000));

/** A recommender given as an email or (messenger link) a member id: active and verified members only. */
export async function findRecommender(ctx: AccountContext, given: string): Promise<MemberRecord | null> {
  const value = given.trim();
  const user = /^\d{1,10}$/.test(value)
    ? await ctx.users.byId(ctx.pool, Number(value))
    : await ctx.users.byEmail(ctx.pool, value);
  return user && !user.withdrawn && user.emailVerified ? user : null;
}

/** POST /api/user/checkRecommendUserInfo. Rate-limited per IP: it tells whether an address is a member. */
export async function checkRecommender(ctx: AccountContext, given: string, ip: string) {
  if (!(await allow(ctx.redis, `lookup:${ip}`, ctx.config.LOOKUPS_PER_HOUR, 3600))) throw tooMany();
  const user = await findRecommender(ctx, given);
  if (!user) throw invalid(M.recommenderInvalid);
  return { userInfo: user.id, message: TEXT.recommenderVerified };
}

async function sendVerification(
  ctx: AccountContext,
  user: { id: number; email: string; name: string },
  tokenId: string,
  key: string,
) {
  const link = mailLink(ctx.config.PUBLIC_URL, 'confirmEmail', tokenId, key);
  try {
    await ctx.mailer.sendVerification(user.email, user.name, link);
  } catch (err) {
    // Only the code: a transport error must never carry the link (it holds the token) into the log.
    ctx.log.error({ userId: user.id, code: (err as { code?: string }).code }, 'verification mail not sent');
  }
}

/** POST /api/user/join. */
export async function join(ctx: AccountContext, req: JoinRequest) {
  let recommenderId = 0;
  if (req.recommendUser !== '') {
    const recommender = await findRecommender(ctx, req.recommendUser);
    if (!recommender || recommender.id !== req.recommendUserId) throw invalid(M.recommenderInvalid);
    recommenderId = recommender.id;
  }
  // Cheap check before the deliberate cost of hashing; the unique index decides races.
  if (await ctx.users.byEmail(ctx.pool, req.email)) throw invalid(TEXT.emailTaken);
  const passwordHash = await ctx.hasher.hash(req.password);
  const token = issueToken();
  const userId = await withTransaction(ctx.pool, async (tx) => {
    const id = await ctx.users.insert(tx, {
      email: req.email,
      name: req.name,
      phone: req.phone,
      passwordHash,
      grade: 1,
      emailVerified: false,
      recommenderId: recommenderId || null,
      recommendType: req.recommendType,
      consented: true,
    });
    if (id === null) throw invalid(TEXT.emailTaken);
    await ctx.tokens.issue(tx, id, 'confirm', token, ctx.config.CONFIRM_TOKEN_TTL_MINUTES);
    await ctx.publish.userJoined(tx, id, recommenderId, req.recommendType);
    return id;
  });
  ctx.log.info({ userId, recommenderId }, 'member joined');
  await sendVerification(ctx, { id: userId, email: req.email, name: req.name }, token.id, token.key);
  return { message: TEXT.joined, registered: true };
}

/**
 * A member's first proof of their mail address: the referral they named is judged now (never at
 * join) and UserConfirmed tells billing whom it credits, in the same transaction.
 */
async function firstConfirmation(ctx: AccountContext, tx: PoolClient, memberId: number): Promise<void> {
  const facts = await ctx.referrals.facts(tx, memberId, ctx.config.REFERRAL_CREDITS_PER_DAY);
  if (!facts) return;
  let verdict: ReferralVerdict = judgeReferral(facts);
  if (verdict === 'counted') {
    const keys = personKeys(ctx.referralSecret, facts.member);
    const credited = await ctx.referrals.credit(tx, {
      memberId,
      recommenderId: facts.recommenderId,
      phoneKey: phoneDigits(facts.member.phone) === '' ? null : keys.phone,
      mailboxKey: keys.mailbox,
    });
    if (!credited) verdict = 'already-credited';
  }
  await ctx.publish.userConfirmed(tx, memberId, verdict === 'counted' ? facts.recommenderId : 0, verdict);
  if (facts.recommenderId > 0)
    ctx.log.info({ userId: memberId, recommenderId: facts.recommenderId, verdict }, 'referral judged');
}

/** POST /api/user/confirm: a confirmation link, once. */
export async function confirm(ctx: AccountContext, secretId: string, secretKey: string) {
  const userId = await withTransaction(ctx.pool, async (tx) => {
    const id = await ctx.tokens.consume(tx, secretId, secretKey, 'confirm');
    if (id === null) return null;
    if (await ctx.users.setEmailVerified(tx, id, true)) await firstConfirmation(ctx, tx, id);
    return id;
  });
  if (userId === null) throw invalid(TEXT.confirmInvalid);
  ctx.log.info({ userId }, 'email confirmed');
  return { message: TEXT.confirmed, emailAuthenticated: true };
}

/** Mail requests answer the same whether or not the address is a member; quotas stop mail bombing. */
async function mailQuota(ctx: AccountContext, email: string, ip: string): Promise<boolean> {
  if (!(await allow(ctx.redis, `lookup:${ip}`, ctx.config.LOOKUPS_PER_HOUR, 3600))) throw tooMany();
  return allow(ctx.redis, `mail:${email.toLowerCase()}`, ctx.config.MAILS_PER_ADDRESS_PER_HOUR, 3600);
}

/**
 * Mail work runs after the answer is sent, so a member's address and an unknown one answer after the
 * same work (quota, one lookup) and in the same time: a slow mail relay must not tell them apart.
 * A failure is logged (without the link, which holds a token); the answer was the same either way.
 */
function afterAnswer(ctx: AccountContext, what: string, job: () => Promise<void>): void {
  setImmediate(() => {
    job().catch((err: unknown) => {
      ctx.log.error({ what, code: (err as { code?: string }).code }, 'mail job after the answer failed');
    });
  });
}

/** POST /api/user/certify: resend the verification mail. */
export async function certify(ctx: AccountContext, email: string, ip: string) {
  const allowed = await mailQuota(ctx, email, ip);
  const user = await ctx.users.byEmail(ctx.pool, email);
  if (allowed && user && !user.emailVerified) {
    afterAnswer(ctx, 'verification', async () => {
      const token = issueToken();
      await withTransaction(ctx.pool, (tx) =>
        ctx.tokens.issue(tx, user.id, 'confirm', token, ctx.config.CONFIRM_TOKEN_TTL_MINUTES),
      );
      await sendVerification(ctx, user, token.id, token.key);
    });
  }
  return { ok: true, message: TEXT.verificationSent };
}

/** POST /api/user/find: password-reset mail. */
export async function find(ctx: AccountContext, email: string, ip: string) {
  const allowed = await mailQuota(ctx, email, ip);
  const user = await ctx.users.byEmail(ctx.pool, email);
  if (allowed && user && !user.withdrawn) {
    afterAnswer(ctx, 'reset', async () => {
      const token = issueToken();
      await withTransaction(ctx.pool, (tx) =>
        ctx.tokens.issue(tx, user.id, 'reset', token, ctx.config.RESET_TOKEN_TTL_MINUTES),
      );
      try {
        await ctx.mailer.sendPasswordReset(
          user.email,
          mailLink(ctx.config.PUBLIC_URL, 'changePwByMail', token.id, token.key),
        );
      } catch (err) {
        ctx.log.error({ userId: user.id, code: (err as { code?: string }).code }, 'reset mail not sent');
      }
    });
  }
  return { message: TEXT.resetSent };
}

/** POST /api/user/change: new password from a reset link; ends every session of the member. */
export async function changeByMail(ctx: AccountContext, secretId: string, secretKey: string, password: string) {
  const userId = await withTransaction(ctx.pool, async (tx) => {
    const id = await ctx.tokens.consume(tx, secretId, secretKey, 'reset');
    if (id === null) return null;
    await ctx.users.setPasswordHash(tx, id, await ctx.hasher.hash(password));
    // Following the mail link proves the address, as the confirmation link would.
    if (await ctx.users.setEmailVerified(tx, id, true)) await firstConfirmation(ctx, tx, id);
    return id;
  });
  if (userId === null) throw invalid(TEXT.resetInvalid);
  await ctx.sessions.destroyAll(userId);
  // The mailbox's owner is the account's owner: others' failed guesses no longer hold them out.
  const owner = await ctx.users.byId(ctx.pool, userId);
  if (owner) await ctx.throttle.resetByOwner(owner.email);
  ctx.log.info({ userId }, 'password reset');
  return { message: TEXT.passwordChanged, changed: true };
}

const THROTTLE_TEXT = {
  backoff: TEXT.loginThrottled,
  budget: TEXT.loginAccountLocked,
  address: TEXT.loginAddressThrottled,
} as const;

/** Admits a password attempt (checked and counted in one step) or answers 429. */
async function admitAttempt(ctx: AccountContext, email: string, ip: string): Promise<void> {
  const verdict = await ctx.throttle.begin(email, ip);
  if (!verdict.allowed) {
    throw new TooManyAttempts(THROTTLE_TEXT[verdict.reason], Math.ceil(verdict.retryAfterMs / 1000));
  }
}

export interface LoginResult {
  sid: string;
  body: { user: ReturnType<typeof storedUser> };
}

/** POST /api/user/login. Unknown email and wrong password get the same answer and the same work. */
export async function login(
  ctx: AccountContext,
  email: string,
  password: string,
  ip: string,
  previousSessionHash: string,
): Promise<LoginResult> {
  await admitAttempt(ctx, email, ip);
  const user = await ctx.users.byEmail(ctx.pool, email);
  let ok = false;
  if (user) ok = await ctx.hasher.verify(user.passwordHash, password);
  else await ctx.hasher.burn(password);
  // A failure was counted when the attempt was admitted; only a success changes the counters.
  if (!user || !ok) throw unauthenticated(TEXT.loginFailed);
  await ctx.throttle.succeed(email, ip);
  if (!user.emailVerified) {
    throw emailUnverified();
  }
  // A new session id at every login (no fixation); the one the browser had is ended. Only a
  // visitor's history goes on with the member: another member's is never handed over.
  const previous = previousSessionHash ? await ctx.sessions.get(previousSessionHash) : null;
  const visitorHash = previous?.userId === ANONYMOUS_USER_ID ? previousSessionHash : '';
  if (previousSessionHash) await ctx.sessions.destroy(previousSessionHash, { keepHistory: Boolean(visitorHash) });
  // A new session holds no device until it claims one (updateUserConnectInfo): until then it is
  // signed in but not entitled to paid content, and it never inherits another device's standing.
  const { sid, hash } = await ctx.sessions.create({
    userId: user.id,
    grade: user.grade,
    deviceKey: '',
    email: user.email,
  });
  try {
    await withTransaction(ctx.pool, async (tx) => {
      await ctx.users.touchLogin(tx, user.id);
      await ctx.publish.userLoggedIn(tx, user.id, hash);
    });
  } catch (err) {
    await ctx.sessions.destroy(hash);
    throw err;
  }
  if (visitorHash) {
    try {
      await ctx.sessions.carryHistory(visitorHash, hash);
    } catch (err) {
      // The history is a convenience: losing it must not undo a login that succeeded.
      ctx.log.warn({ err, userId: user.id }, 'visitor history not carried into the session');
    }
  }
  ctx.log.info({ userId: user.id }, 'member logged in');
  const pass = await ctx.passes.summary(ctx.pool, user.id);
  return { sid, body: { user: await storedUserNow(ctx, user, pass) } };
}

/** The stored user with curKey as it stands: the key of the device a live session holds, or ''. */
async function storedUserNow(ctx: AccountContext, user: MemberRecord, pass: Parameters<typeof storedUser>[1]) {
  return storedUser({ ...user, deviceKey: await ctx.sessions.liveDeviceKey(user.id) }, pass);
}

/** Ends the session; on the current device it also lets go of the account (no false duplicate-login warning). */
export async function logout(ctx: AccountContext, caller: Caller) {
  if (caller.sessionHash) {
    if (!caller.anonymous) await ctx.sessions.releaseDevice(caller.userId, caller.sessionHash);
    await ctx.sessions.destroy(caller.sessionHash);
  }
  return { message: TEXT.loggedOut };
}

/** The signed-in, active member, or 401 (a session of a withdrawn member is ended on the spot). */
export async function currentMember(ctx: AccountContext, caller: Caller): Promise<MemberRecord> {
  const user = await ctx.users.byId(ctx.pool, caller.userId);
  if (!user || user.withdrawn) {
    if (caller.sessionHash) await ctx.sessions.destroy(caller.sessionHash);
    throw unauthenticated();
  }
  return user;
}

/** The body's userId must be the caller (never trusted for authorisation, only checked). */
export function assertSelf(caller: Caller, bodyUserId: number | null): void {
  if (bodyUserId !== null && bodyUserId !== caller.userId) throw invalid(M.userInvalid);
}

/** POST /api/user/validate: the stored user, refreshed from the server's truth. */
export async function validate(ctx: AccountContext, caller: Caller, bodyUserId: number | null) {
  if (caller.anonymous) throw unauthenticated();
  if (caller.deviceState === 'replaced') {
    // Another device claimed the account: this session ends here and the web app logs out (duplicate login).
    if (caller.sessionHash) await ctx.sessions.destroy(caller.sessionHash);
    throw deviceReplaced();
  }
  if (bodyUserId !== null && bodyUserId !== caller.userId) throw unauthenticated(M.userInvalid);
  const user = await currentMember(ctx, caller);
  const pass = await ctx.passes.summary(ctx.pool, user.id);
  return { user: await storedUserNow(ctx, user, pass), status: pass.status, item: pass.item };
}

/** POST /api/user/updateUserConnectInfo (spec §4): this device becomes the member's current one. */
export async function claimDevice(ctx: AccountContext, caller: Caller, bodyUserId: number | null, key: string) {
  if (bodyUserId === null) throw invalid(M.userInvalid);
  assertSelf(caller, bodyUserId);
  const user = await currentMember(ctx, caller);
  const session = await ctx.sessions.get(caller.sessionHash);
  if (!session || session.userId !== user.id) throw invalid(M.connectInfoInvalid);
  await ctx.users.setDeviceKey(ctx.pool, user.id, key);
  if (!(await ctx.sessions.claimDevice(caller.sessionHash, user.id, key))) throw invalid(M.connectInfoInvalid);
  return { authKey: key, message: TEXT.connectInfoSaved };
}

/** Checks a signed-in member's password, throttled like a login (it is one). */
export async function checkOwnPassword(
  ctx: AccountContext,
  user: MemberRecord,
  password: string,
  ip: string,
  wrongMessage: string,
): Promise<void> {
  await admitAttempt(ctx, user.email, ip);
  if (!(await ctx.hasher.verify(user.passwordHash, password))) throw invalid(wrongMessage);
  await ctx.throttle.succeed(user.email, ip);
}

/** POST /api/user/updateUserInfo: change password; success ends every session of the member. */
export async function changePassword(
  ctx: AccountContext,
  caller: Caller,
  bodyUserId: number | null,
  oldPassword: string,
  newPassword: string,
  ip: string,
) {
  assertSelf(caller, bodyUserId);
  const user = await currentMember(ctx, caller);
  await checkOwnPassword(ctx, user, oldPassword, ip, TEXT.oldPasswordWrong);
  await ctx.users.setPasswordHash(ctx.pool, user.id, await ctx.hasher.hash(newPassword));
  await ctx.sessions.destroyAll(user.id);
  ctx.log.info({ userId: user.id }, 'password changed');
  return { message: TEXT.passwordChanged };
}

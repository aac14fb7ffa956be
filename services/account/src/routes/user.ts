// /api/user/* (spec §7.1): thin handlers — parse with the shared rules, call a use case.
import { callerOf, requireMember } from '@syn/kit';
import {
  ACCOUNT_MESSAGES as M,
  changeByMailRequest,
  changePasswordRequest,
  deviceKeyRequest,
  emailRequest,
  JOIN_FIELDS,
  joinRequest,
  legacyLookupRequest,
  loginRequest,
  mailLink,
  optionalUserId,
  parseInOrder,
  profileRequest,
  recommenderCheck,
  withdrawRequest,
} from '@syn/kit/rules';
import { Router } from 'express';
import * as auth from '../usecases/auth';
import type { AccountContext } from '../usecases/context';
import * as member from '../usecases/member';
import { legacyMergeRequest } from './contract';
import { clearSessionCookie, setSessionCookie } from './cookies';
import { clientIp, input } from './input';

const bodyUserId = (body: Record<string, unknown>) => optionalUserId.parse(body.userId);

export function userRoutes(ctx: AccountContext): Router {
  const r = Router();
  const env = ctx.config.NODE_ENV;

  r.post('/join', async (req, res) => {
    res.json(await auth.join(ctx, parseInOrder(joinRequest, input(req), JOIN_FIELDS)));
  });

  r.post('/checkRecommendUserInfo', async (req, res) => {
    const { recommendUser } = recommenderCheck.parse(input(req));
    res.json(await auth.checkRecommender(ctx, recommendUser, clientIp(req)));
  });

  r.post('/confirm', async (req, res) => {
    const { secretId, secretKey } = mailLink.parse(input(req));
    res.json(await auth.confirm(ctx, secretId, secretKey));
  });

  r.post('/certify', async (req, res) => {
    const { email } = emailRequest.parse(input(req));
    res.json(await auth.certify(ctx, email, clientIp(req)));
  });

  r.post('/login', async (req, res) => {
    const { email, password } = loginRequest.parse(input(req));
    const result = await auth.login(ctx, email, password, clientIp(req), callerOf(req).sessionHash);
    setSessionCookie(res, result.sid, env);
    res.json(result.body);
  });

  r.get('/logout', async (req, res) => {
    const result = await auth.logout(ctx, callerOf(req));
    clearSessionCookie(res, env);
    res.json(result);
  });

  r.post('/validate', async (req, res) => {
    // Not requireMember: a session another device replaced is ended here (spec §4), not only refused.
    const body = input(req);
    res.json(await auth.validate(ctx, callerOf(req), optionalUserId.parse(body.id ?? body.userId)));
  });

  r.post('/updateUserConnectInfo', async (req, res) => {
    const caller = requireMember(req, M.userInvalid);
    const body = input(req);
    const { userAuthKey } = deviceKeyRequest.parse(body);
    res.json(await auth.claimDevice(ctx, caller, bodyUserId(body), userAuthKey));
  });

  r.post('/find', async (req, res) => {
    const { email } = emailRequest.parse(input(req));
    res.json(await auth.find(ctx, email, clientIp(req)));
  });

  r.post('/change', async (req, res) => {
    const { secretId, secretKey, password } = parseInOrder(changeByMailRequest, input(req), [
      'secretId',
      'secretKey',
      'password',
      'passwordConfirm',
    ]);
    res.json(await auth.changeByMail(ctx, secretId, secretKey, password));
  });

  r.post('/updateUserInfo', async (req, res) => {
    const caller = requireMember(req);
    const body = input(req);
    const { oldPassword, newPassword } = parseInOrder(changePasswordRequest, body, [
      'oldPassword',
      'newPassword',
      'newPasswordConfirm',
    ]);
    const result = await auth.changePassword(ctx, caller, bodyUserId(body), oldPassword, newPassword, clientIp(req));
    clearSessionCookie(res, env);
    res.json(result);
  });

  r.post('/insertUserCancelInfo', async (req, res) => {
    const caller = requireMember(req);
    const body = input(req);
    const w = withdrawRequest.parse(body);
    const result = await member.withdraw(ctx, caller, bodyUserId(body), w, clientIp(req));
    clearSessionCookie(res, env);
    res.json(result);
  });

  r.post('/getUserInfo', async (req, res) => {
    res.json(await member.getProfile(ctx, requireMember(req)));
  });

  r.post('/updateUserProfile', async (req, res) => {
    const caller = requireMember(req);
    const { userName, userPhone } = profileRequest.parse(input(req));
    res.json(await member.updateProfile(ctx, caller, userName, userPhone));
  });

  r.post('/searchPrevUserInfo', async (req, res) => {
    const caller = requireMember(req);
    const { userId, userPw } = legacyLookupRequest.parse(input(req));
    res.json(await member.searchLegacy(ctx, caller, userId, userPw));
  });

  r.post('/combinePrevUserInfo', async (req, res) => {
    const caller = requireMember(req);
    const body = input(req);
    const { prevUserId, agreement } = legacyMergeRequest.parse({
      prevUserId: body.prevUserId,
      agreement: body.agreement,
    });
    res.json(await member.mergeLegacy(ctx, caller, bodyUserId(body), prevUserId, agreement));
  });

  return r;
}

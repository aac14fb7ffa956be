// /api/sys/* member management (admin), plus the coupon-gift recipient search (members).
import { requireAdmin, requireMember } from '@syn/kit';
import { userSearchRequest } from '@syn/kit/rules';
import { Router } from 'express';
import * as admin from '../usecases/admin';
import type { AccountContext } from '../usecases/context';
import { adminUserRequest, updateUserItemRequest } from './contract';
import { clientIp, input } from './input';

export function sysRoutes(ctx: AccountContext): Router {
  const r = Router();

  // Admins see the full list; members get the masked recipient lookup (the use case decides).
  r.post('/searchUserItems', async (req, res) => {
    const caller = requireMember(req);
    res.json(await admin.searchUsers(ctx, caller, userSearchRequest.parse(input(req)), clientIp(req)));
  });

  r.post('/selectUserItems', async (req, res) => {
    requireAdmin(req);
    const { userId: id } = adminUserRequest.parse(input(req));
    res.json(await admin.userDetail(ctx, id));
  });

  r.post('/updateUserItem', async (req, res) => {
    const caller = requireAdmin(req);
    const body = input(req);
    const u = updateUserItemRequest.parse({
      userId: body.userId,
      userCheckEmail: body.userCheckEmail,
      grade: body.grade ?? body.userGrade ?? body.permission,
    });
    res.json(await admin.updateUser(ctx, caller, u.userId, u.userCheckEmail === 'T', u.grade));
  });

  r.post('/deleteUserItem', async (req, res) => {
    const caller = requireAdmin(req);
    const { userId: id } = adminUserRequest.parse(input(req));
    res.json(await admin.deleteUser(ctx, caller, id));
  });

  return r;
}

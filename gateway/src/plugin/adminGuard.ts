// The `admin-guard` policy on /api/sys/*: enforced here, not only in the web app (ARCHITECTURE rule 2).
import type { RequestHandler } from 'express';
import { ADMIN_GRADE } from '@syn/kit/session';
import { MESSAGES, sendError } from './errors';
import { identityOf } from './session';

export type GuardLevel = 'admin' | 'member';

export const adminGuardSchema = {
  $id: 'http://syn.local/schemas/policies/admin-guard.json',
  type: 'object',
  properties: { allow: { type: 'string', enum: ['admin', 'member'], default: 'admin' } },
  required: ['allow'],
} as const;

export function adminGuard(allow: GuardLevel): RequestHandler {
  return (req, res, next) => {
    const identity = identityOf(req);
    if (allow === 'member') {
      // Gift and recipient search: any signed-in member, acting as themselves (the service limits and masks).
      if (identity.anonymous) return sendError(res, 401, MESSAGES.memberAuthRequired);
      return next();
    }
    if (identity.anonymous || identity.grade !== ADMIN_GRADE) return sendError(res, 403, MESSAGES.adminOnly);
    return next();
  };
}

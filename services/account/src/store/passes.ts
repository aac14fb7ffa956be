// The paid-pass projection fed by billing's PassChanged events: the table access is the kit's
// (shared with the dictionary); what "paid" means for a member's status is account's rule.
import { PassProjection } from '@syn/kit';
import { passSummary, type PassSummary } from '../domain/users';
import type { Db } from './db';

export class PassStore extends PassProjection {
  async summary(db: Db, userId: number, now = new Date()): Promise<PassSummary> {
    return passSummary(await this.forUser(db, userId), now);
  }
}

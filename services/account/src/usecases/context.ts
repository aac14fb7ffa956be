// Everything the use cases need, built once in app.ts. Stores and adapters sit behind
// these fields, so the use cases read as the account rules they implement.
import type { Logger, Pool, Redis } from '@syn/kit';
import type { AccountConfig } from '../config';
import type { Publisher } from '../events/publish';
import type { AccountMailer } from '../mail/mailer';
import type { PasswordHasher } from '../security/passwords';
import type { LegacyStore } from '../store/legacy';
import type { LoginThrottle } from '../store/limits';
import type { PassStore } from '../store/passes';
import type { ReferralStore } from '../store/referrals';
import type { SessionStore } from '../store/sessions';
import type { TokenStore } from '../store/tokens';
import type { UserStore } from '../store/users';

export interface AccountContext {
  schema: string;
  pool: Pool;
  redis: Redis;
  log: Logger;
  config: AccountConfig & { NODE_ENV: string };
  users: UserStore;
  referrals: ReferralStore;
  /** Key of the referral ledger's hashes (the password pepper: a server secret outside the database). */
  referralSecret: string;
  tokens: TokenStore;
  passes: PassStore;
  legacy: LegacyStore;
  sessions: SessionStore;
  throttle: LoginThrottle;
  hasher: PasswordHasher;
  mailer: AccountMailer;
  publish: Publisher;
}

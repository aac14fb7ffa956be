// The sample administrator, created by `npm start` (the lead's start script calls seedAdmin).
import path from 'node:path';
import { eventingMigration, migrate, readMigrations, type Pool } from '@syn/kit';
import { email as emailRule } from '@syn/kit/rules';
import { createHasher, resolvePepper } from './security/passwords';
import { randomPassword } from './security/tokens';
import { UserStore } from './store/users';

export const ACCOUNT_SCHEMA = 'account';
const DEFAULT_ADMIN_EMAIL = 'admin@syndict.local';

export interface SeedResult {
  email: string;
  created: boolean;
}

/**
 * Creates the administrator named by ADMIN_EMAIL (default admin@syndict.local) unless that
 * email already exists. The password is ADMIN_PASSWORD or, when unset, a random one printed
 * ONCE to stdout with process.stdout (never through pino, never written anywhere else).
 */
export async function seedAdmin(
  pool: Pool,
  env: Record<string, string | undefined> = process.env,
): Promise<SeedResult> {
  const schema = env.ACCOUNT_SCHEMA ?? ACCOUNT_SCHEMA;
  await migrate(pool, schema, [
    eventingMigration(),
    ...(await readMigrations(path.resolve(__dirname, '../migrations'))),
  ]);
  const email = emailRule.parse(env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL);
  const users = new UserStore(schema);
  if (await users.byEmail(pool, email)) return { email, created: false };

  const given = env.ADMIN_PASSWORD;
  if (given !== undefined && given.length < 8) throw new Error('ADMIN_PASSWORD must have at least 8 characters');
  const password = given ?? randomPassword();
  const hasher = createHasher(
    resolvePepper({ NODE_ENV: env.NODE_ENV ?? 'development', PASSWORD_PEPPER: env.PASSWORD_PEPPER }),
  );
  const id = await users.insert(pool, {
    email,
    name: '관리자',
    phone: '',
    passwordHash: await hasher.hash(password),
    grade: 0,
    emailVerified: true,
    recommenderId: null,
    recommendType: 'NORMAL',
    consented: false,
  });
  if (id === null) return { email, created: false }; // created concurrently by another starter
  if (given === undefined) {
    process.stdout.write(
      `\n  Administrator account created: ${email}\n  Generated password (shown once): ${password}\n\n`,
    );
  }
  return { email, created: true };
}

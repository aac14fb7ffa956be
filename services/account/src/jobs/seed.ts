// Sample data of `npm start`: the administrator (seedAdmin) and, outside production, the sample
// predecessor members (seedLegacySamples).
import path from 'node:path';
import { eventingMigration, migrate, readMigrations, type Env, type Pool } from '@syn/kit';
import { email as emailRule } from '@syn/kit/rules';
import { loadSeedConfig } from '../config';
import { createHasher, resolvePepper } from '../security/passwords';
import { randomPassword } from '../security/tokens';
import { UserStore } from '../store/users';

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
export async function seedAdmin(pool: Pool, env?: Env): Promise<SeedResult> {
  const config = loadSeedConfig(env);
  const schema = config.ACCOUNT_SCHEMA;
  await migrate(pool, schema, [
    eventingMigration(),
    ...(await readMigrations(path.resolve(__dirname, '../../migrations'))),
  ]);
  const email = emailRule.parse(config.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL);
  const users = new UserStore(schema);
  if (await users.byEmail(pool, email)) return { email, created: false };

  const given = config.ADMIN_PASSWORD;
  if (given !== undefined && given.length < 8) throw new Error('ADMIN_PASSWORD must have at least 8 characters');
  const password = given ?? randomPassword();
  const hasher = createHasher(resolvePepper(config));
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

/** The predecessor store's sample members for development (password of each: legacy-pass-1). */
const LEGACY_SAMPLE_SQL = `
WITH added AS (
  INSERT INTO legacy.members (legacy_id, password_salt, password_sha256) VALUES
    ('oldfriend01', 's4lt01', encode(sha256(convert_to('s4lt01' || 'legacy-pass-1', 'UTF8')), 'hex')),
    ('oldfriend02', 's4lt02', encode(sha256(convert_to('s4lt02' || 'legacy-pass-1', 'UTF8')), 'hex')),
    ('oldfriend03', 's4lt03', encode(sha256(convert_to('s4lt03' || 'legacy-pass-1', 'UTF8')), 'hex'))
  ON CONFLICT DO NOTHING
  RETURNING legacy_id
)
INSERT INTO legacy.pay_history (legacy_id, sdate, edate, curstat, transfer)
SELECT v.legacy_id, v.sdate, v.edate, v.curstat, v.transfer FROM (VALUES
  -- a running period with 120 days left, after an expired one
  ('oldfriend01', current_date - 400, current_date - 35, 'N', NULL::char(1)),
  ('oldfriend01', current_date - 245, current_date + 120, 'Y', NULL::char(1)),
  -- only expired periods: nothing to convert
  ('oldfriend02', current_date - 800, current_date - 435, 'N', NULL::char(1)),
  -- already merged once
  ('oldfriend03', current_date - 100, current_date + 265, 'Y', 'Y')
) AS v(legacy_id, sdate, edate, curstat, transfer)
JOIN added ON added.legacy_id = v.legacy_id`;

/**
 * Sample predecessor members (oldfriend01–03) for a development or test database, so the legacy
 * merge can be tried by hand. Their password is public: refused in production, where real
 * predecessor data comes from `npm run account:import-legacy -- FILE`. Returns how many were added.
 */
export async function seedLegacySamples(pool: Pool, env?: Env): Promise<number> {
  const config = loadSeedConfig(env);
  if (config.NODE_ENV === 'production') {
    throw new Error('sample legacy members are never seeded in production');
  }
  const schema = config.ACCOUNT_SCHEMA;
  await migrate(pool, schema, [
    eventingMigration(),
    ...(await readMigrations(path.resolve(__dirname, '../../migrations'))),
  ]);
  const { rows } = await pool.query<{ legacy_id: string }>(`${LEGACY_SAMPLE_SQL} RETURNING legacy_id`);
  return new Set(rows.map((r) => r.legacy_id)).size;
}

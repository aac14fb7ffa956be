// Issue item 9, through the real gateway: the account migrations put no sample predecessor accounts
// into a database (the public `oldfriend01` / `legacy-pass-1` gave anyone 120 days plus a month), a
// database that got them from the old migration loses the untouched ones, and real predecessor data
// comes from the operator's import file and merges as before.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPool, eventingMigration, migrate, readMigrations, type Pool } from '@syn/kit';
import { TEXT } from '../../services/account/src/domain/messages';
import { importLegacyFile } from '../../services/account/src/jobs/legacy-import';
import { DATABASE_URL, joinedMember, uid } from '../../services/account/test/support';
import { gw, gwLogin, startAccountGateway, type AccountGateway } from './support/account-gateway';

// jest ignores testTimeout inside `projects`; real servers need more than the 5 s default.
jest.setTimeout(120_000);

const MIGRATIONS = path.resolve(__dirname, '../../services/account/migrations');
const dbName = `syndict_sec_legacy_${uid()}`;
const oldDbName = `${dbName}_old`;
const urlOf = (name: string) => {
  const u = new URL(DATABASE_URL);
  u.pathname = `/${name}`;
  return u.toString();
};

let admin: Pool;
let g: AccountGateway;
let tmp: string;

beforeAll(async () => {
  admin = createPool(urlOf('postgres'));
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.query(`CREATE DATABASE ${oldDbName}`);
  tmp = mkdtempSync(path.join(os.tmpdir(), 'legacy-import-'));
  // A fresh database, migrated by the service itself at start-up, as in production.
  g = await startAccountGateway({ DATABASE_URL: urlOf(dbName) });
});
afterAll(async () => {
  await g?.stop();
  rmSync(tmp, { recursive: true, force: true });
  for (const name of [dbName, oldDbName]) await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin?.end();
});

const pool = () => g.account.svc.deps.pool!;

test('when a fresh database is migrated, then the public sample predecessor account does not exist', async () => {
  const m = await joinedMember(g.account);
  const cookie = await gwLogin(g, m.email, m.password);
  const lookup = await gw(
    g,
    '/api/user/searchPrevUserInfo',
    { userId: 'oldfriend01', userPw: 'legacy-pass-1' },
    { cookie },
  );
  expect(lookup).toMatchObject({ status: 400, body: { error: true, message: TEXT.legacyNotFound } });
  const { rows } = await pool().query<{ n: string }>('SELECT count(*) AS n FROM legacy.members');
  expect(Number(rows[0]!.n)).toBe(0);
});

test('when the operator imports predecessor members from a file, then a member finds and merges one', async () => {
  const id = `imp${uid()}`;
  const salt = randomBytes(4).toString('hex');
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const line = {
    legacyId: id,
    passwordSalt: salt,
    // As the old system stored it: SHA-256(salt || password), hex.
    passwordSha256: createHash('sha256').update(`${salt}old secret 1`, 'utf8').digest('hex'),
    payHistory: [
      { sdate: day(-400), edate: day(-35), curstat: 'N', transfer: null },
      { sdate: day(-300), edate: day(60), curstat: 'Y', transfer: null },
    ],
  };
  const file = path.join(tmp, 'legacy.jsonl');
  writeFileSync(file, `${JSON.stringify(line)}\n`);
  expect(await importLegacyFile(pool(), file)).toEqual({ members: 1, periods: 2, skipped: 0 });
  // Running it again changes nothing.
  expect(await importLegacyFile(pool(), file)).toEqual({ members: 0, periods: 0, skipped: 1 });

  const m = await joinedMember(g.account);
  const cookie = await gwLogin(g, m.email, m.password);
  const wrong = await gw(g, '/api/user/searchPrevUserInfo', { userId: id, userPw: 'not it' }, { cookie });
  expect(wrong.status).toBe(400);
  const found = await gw(g, '/api/user/searchPrevUserInfo', { userId: id, userPw: 'old secret 1' }, { cookie });
  expect(found.status).toBe(200);
  expect((found.body.results as { payHistoryItems: unknown[] }).payHistoryItems).toHaveLength(2);
  expect(found.body.remainedDay).toBe(60);
  const merged = await gw(
    g,
    '/api/user/combinePrevUserInfo',
    { userId: m.id, prevUserId: id, agreement: 'T' },
    { cookie },
  );
  expect(merged).toMatchObject({ status: 200, body: { message: TEXT.legacyMerged, remainedDay: 60 } });
});

test('when a database has the old sample rows, then the new migration removes the untouched ones and keeps a merged one', async () => {
  const old = createPool(urlOf(oldDbName));
  try {
    const all = [eventingMigration(), ...(await readMigrations(MIGRATIONS))];
    // The state the old 002 migration left: every migration up to 002, and its three sample members.
    await migrate(
      old,
      'account',
      all.filter((m) => m.name < '003'),
    );
    await old.query(OLD_SAMPLE_ROWS);
    // Someone already merged oldfriend02 into a member: that record stays for the operator to review.
    const user = await old.query<{ id: number }>(
      `INSERT INTO account.users (email, name, phone, password_hash) VALUES ('merged@example.com', '김병합', '01000000000', '') RETURNING id`,
    );
    await old.query(
      `INSERT INTO account.legacy_merges (user_id, legacy_id, remaining_days, bonus_months) VALUES ($1, 'oldfriend02', 10, 1)`,
      [user.rows[0]!.id],
    );
    // A real predecessor member imported beside them is never touched.
    await old.query(
      `INSERT INTO legacy.members VALUES ('realmember', 'salt', repeat('a', 64));
       INSERT INTO legacy.pay_history (legacy_id, sdate, edate, curstat) VALUES ('realmember', current_date - 10, current_date + 10, 'Y')`,
    );

    await migrate(old, 'account', all);
    const left = await old.query<{ legacy_id: string }>('SELECT legacy_id FROM legacy.members ORDER BY legacy_id');
    expect(left.rows.map((r) => r.legacy_id)).toEqual(['oldfriend02', 'realmember']);
    const history = await old.query<{ legacy_id: string }>(
      'SELECT DISTINCT legacy_id FROM legacy.pay_history ORDER BY 1',
    );
    expect(history.rows.map((r) => r.legacy_id)).toEqual(['oldfriend02', 'realmember']);
  } finally {
    await old.end();
  }
});

/** What the old `002_legacy.sql` inserted into every database. */
const OLD_SAMPLE_ROWS = `
INSERT INTO legacy.members (legacy_id, password_salt, password_sha256) VALUES
  ('oldfriend01', 's4lt01', encode(sha256(convert_to('s4lt01' || 'legacy-pass-1', 'UTF8')), 'hex')),
  ('oldfriend02', 's4lt02', encode(sha256(convert_to('s4lt02' || 'legacy-pass-1', 'UTF8')), 'hex')),
  ('oldfriend03', 's4lt03', encode(sha256(convert_to('s4lt03' || 'legacy-pass-1', 'UTF8')), 'hex'))
ON CONFLICT DO NOTHING;
INSERT INTO legacy.pay_history (legacy_id, sdate, edate, curstat, transfer)
SELECT * FROM (VALUES
  ('oldfriend01', current_date - 400, current_date - 35, 'N', NULL::char(1)),
  ('oldfriend01', current_date - 245, current_date + 120, 'Y', NULL::char(1)),
  ('oldfriend02', current_date - 800, current_date - 435, 'N', NULL::char(1)),
  ('oldfriend03', current_date - 100, current_date + 265, 'Y', 'Y')
) AS v(legacy_id, sdate, edate, curstat, transfer)
WHERE NOT EXISTS (SELECT 1 FROM legacy.pay_history);`;

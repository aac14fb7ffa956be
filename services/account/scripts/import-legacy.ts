// npm run account:import-legacy -- FILE
// Loads the predecessor service's members and pay history from a JSONL file (format in
// services/account/README.md) into the legacy store the merge reads. DATABASE_URL names the
// database (default: the local development one); the account migrations are applied first.
import path from 'node:path';
import { createPool, eventingMigration, migrate, readMigrations } from '@syn/kit';
import { importLegacyFile, LegacyImportError } from '../src/jobs/legacy-import';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: npm run account:import-legacy -- FILE.jsonl');
    process.exitCode = 2;
    return;
  }
  const pool = createPool(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/syndict');
  try {
    await migrate(pool, process.env.ACCOUNT_SCHEMA ?? 'account', [
      eventingMigration(),
      ...(await readMigrations(path.resolve(__dirname, '../migrations'))),
    ]);
    const r = await importLegacyFile(pool, path.resolve(file));
    console.log(`legacy import: ${r.members} members and ${r.periods} periods added, ${r.skipped} already present`);
  } catch (err) {
    console.error(err instanceof LegacyImportError ? err.message : `legacy import failed: ${(err as Error).message}`);
    process.exitCode = 1;
  } finally {
    await pool.end();
  }
}

void main();

// Sample data for a fresh local install (idempotent): each part is loaded only when missing.
import { createPool } from '@syn/kit';
import { seedAdmin, seedLegacySamples } from '../services/account/src/jobs/seed';
import { topology } from './topology';

export async function seedDevData(log: (line: string) => void): Promise<void> {
  const env = { ...process.env, ...topology('dev').env };
  const url = env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  const pool = createPool(url);
  try {
    const admin = await seedAdmin(pool, env);
    log(admin.created ? `administrator ${admin.email} created` : `administrator ${admin.email} exists`);
    // Development only (the function refuses production): predecessor members to try the legacy merge.
    const legacy = await seedLegacySamples(pool, env);
    if (legacy > 0) log(`${legacy} sample predecessor members (oldfriend01–03, password legacy-pass-1) added`);
  } finally {
    await pool.end();
  }
}

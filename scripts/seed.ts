// Sample data for a fresh local install (idempotent): each part is loaded only when missing.
import { createPool } from '@syn/kit';
import { seedAdmin } from '../services/account/src/seed';
import { topology } from './topology';

export async function seedDevData(log: (line: string) => void): Promise<void> {
  const env = { ...process.env, ...topology('dev').env };
  const url = env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  const pool = createPool(url);
  try {
    const admin = await seedAdmin(pool, env);
    log(admin.created ? `administrator ${admin.email} created` : `administrator ${admin.email} exists`);
  } finally {
    await pool.end();
  }
}

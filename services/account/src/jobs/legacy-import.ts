// Operator import of the predecessor service's members (`npm run account:import-legacy -- FILE`).
// One JSON object a line (JSONL); every line is validated before anything is written, and the whole
// file goes in one transaction. Passwords arrive as the old system stored them, SHA-256(salt ||
// password) in hex, which is what the legacy merge verifies (store/legacy.ts checkPassword).
import { readFile } from 'node:fs/promises';
import { withTransaction, type Pool } from '@syn/kit';
import { z } from 'zod';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'not a calendar date',
  );

const period = z
  .object({
    sdate: day,
    edate: day,
    /** Y = still running, N = expired (the old CURSTAT). */
    curstat: z.enum(['Y', 'N']),
    /** Y once merged into a member of this service (the old TRANSFER). */
    transfer: z.literal('Y').nullable().default(null),
  })
  .strict()
  .refine((p) => p.edate >= p.sdate, { message: 'edate before sdate', path: ['edate'] });

export const legacyImportLine = z
  .object({
    legacyId: z.string().trim().min(1).max(100),
    passwordSalt: z.string().min(1).max(200),
    passwordSha256: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, '64 hex digits')
      .transform((s) => s.toLowerCase()),
    payHistory: z.array(period).max(1000),
  })
  .strict();
export type LegacyImportLine = z.infer<typeof legacyImportLine>;

export class LegacyImportError extends Error {
  constructor(readonly problems: string[]) {
    super(`legacy import refused, nothing written:\n${problems.join('\n')}`);
  }
}

/** Parses and validates a JSONL text (blank lines ignored); throws with every problem and its line. */
export function parseLegacyLines(text: string): LegacyImportLine[] {
  const rows: LegacyImportLine[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      problems.push(`line ${line}: not JSON`);
      return;
    }
    const parsed = legacyImportLine.safeParse(json);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push(`line ${line}: ${issue.path.join('.') || '(line)'}: ${issue.message}`);
      return;
    }
    if (seen.has(parsed.data.legacyId)) {
      problems.push(`line ${line}: legacyId ${parsed.data.legacyId} appears twice`);
      return;
    }
    seen.add(parsed.data.legacyId);
    rows.push(parsed.data);
  });
  if (problems.length > 0) throw new LegacyImportError(problems);
  return rows;
}

export interface LegacyImportResult {
  members: number;
  periods: number;
  /** Legacy ids already present (an earlier import): left as they are. */
  skipped: number;
}

/** Writes validated rows into the legacy store; an id already there is skipped, so a re-run is harmless. */
export async function importLegacyRows(
  pool: Pool,
  rows: LegacyImportLine[],
  schema = 'legacy',
): Promise<LegacyImportResult> {
  return withTransaction(pool, async (tx) => {
    const result: LegacyImportResult = { members: 0, periods: 0, skipped: 0 };
    for (const row of rows) {
      const inserted = await tx.query(
        `INSERT INTO ${schema}.members (legacy_id, password_salt, password_sha256) VALUES ($1, $2, $3)
         ON CONFLICT (legacy_id) DO NOTHING`,
        [row.legacyId, row.passwordSalt, row.passwordSha256],
      );
      if ((inserted.rowCount ?? 0) === 0) {
        result.skipped++;
        continue;
      }
      result.members++;
      for (const p of row.payHistory) {
        await tx.query(
          `INSERT INTO ${schema}.pay_history (legacy_id, sdate, edate, curstat, transfer) VALUES ($1, $2, $3, $4, $5)`,
          [row.legacyId, p.sdate, p.edate, p.curstat, p.transfer],
        );
        result.periods++;
      }
    }
    return result;
  });
}

export async function importLegacyFile(pool: Pool, file: string): Promise<LegacyImportResult> {
  return importLegacyRows(pool, parseLegacyLines(await readFile(file, 'utf8')));
}

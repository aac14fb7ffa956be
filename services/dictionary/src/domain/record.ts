// The dataset format: one JSON object per line (JSON Lines), one headword per line.
// Documented in services/dictionary/README.md; keep the two in step.
import { z } from 'zod';
import { CATEGORIES } from './categories';
import { containsHan } from './korean';

export const SOURCES = ['editorial', 'wiktionary', 'generated'] as const;
export type Source = (typeof SOURCES)[number];
/** Official dictionaries whose exports src/data/convert turns into datasets. */
export const EXPORT_SOURCES = ['urimalsaem', 'stdict'] as const;
/** Every source a dataset line may name: what the build writes plus converted exports. */
export const RECORD_SOURCES = [...SOURCES, ...EXPORT_SOURCES] as const;
export type RecordSource = (typeof RECORD_SOURCES)[number];

const MAX_ID = 2_147_483_647;
const NO_WHITESPACE = /^\S+$/u;

export const relationSchema = z
  .object({
    category: z.enum(CATEGORIES),
    target: z.number().int().positive().max(MAX_ID),
    source: z.enum(RECORD_SOURCES),
  })
  .strict();

export const headwordRecordSchema = z
  .object({
    id: z.number().int().positive().max(MAX_ID),
    word: z.string().min(1).max(40).regex(NO_WHITESPACE, 'must not contain whitespace'),
    hanja: z
      .string()
      .min(1)
      .max(40)
      .refine((h) => containsHan(h), 'must contain at least one Han character')
      .nullable(),
    homograph: z.number().int().min(0).max(99),
    pos: z.string().min(1).max(20).nullable(),
    sense: z.string().min(1).max(100).nullable().optional(),
    frequencyRank: z.number().int().positive().nullable(),
    source: z.enum(RECORD_SOURCES),
    generated: z.boolean(),
    relations: z.array(relationSchema).max(1000),
  })
  .strict()
  .refine((r) => r.generated === (r.source === 'generated'), {
    message: 'generated must be true exactly when source is "generated"',
    path: ['generated'],
  });

/** A dataset line as the importer accepts it (any RecordSource). */
export type DatasetRelation = z.infer<typeof relationSchema>;
export type DatasetRecord = z.infer<typeof headwordRecordSchema>;
/** A line as the default-dataset build and the generator write it (their own sources only). */
export type RelationRecord = Omit<DatasetRelation, 'source'> & { source: Source };
export type HeadwordRecord = Omit<DatasetRecord, 'source' | 'relations'> & {
  source: Source;
  relations: RelationRecord[];
};

export type LineResult = { ok: true; record: DatasetRecord } | { ok: false; reason: string } | { ok: 'blank' };

/**
 * Rejected lines are read by the operator who runs the import, in English like the dataset format's
 * documentation, and the import report groups them by zod's own wording (store/import.ts
 * reasonKind): zod's English messages, whatever error map the running process installed.
 */
const OPERATOR_MESSAGES = { error: z.locales.en().localeError };

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.join('.') : 'record'}: ${i.message}`)
    .join('; ');
}

/** Parses and validates one line on its own; cross-line rules live in DatasetValidator. */
export function parseLine(line: string): LineResult {
  const text = line.trim();
  if (text === '') return { ok: 'blank' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, reason: `invalid JSON: ${(err as Error).message}` };
  }
  const parsed = headwordRecordSchema.safeParse(value, OPERATOR_MESSAGES);
  if (!parsed.success) return { ok: false, reason: describeIssues(parsed.error) };
  return { ok: true, record: parsed.data };
}

export interface LineProblem {
  line: number;
  /** error: the line was skipped; warning: the line was imported without the part named. */
  severity: 'error' | 'warning';
  reason: string;
}

export interface ValidatedRecord {
  line: number;
  record: DatasetRecord;
}

/**
 * Validates a dataset line by line (duplicate ids and duplicate word+homograph pairs
 * are errors), then checks relations once every id is known: a relation to a missing
 * id, to itself, or repeated is dropped with a warning.
 */
export class DatasetValidator {
  readonly problems: LineProblem[] = [];
  readonly records: ValidatedRecord[] = [];
  private readonly lineOfId = new Map<number, number>();
  private readonly lineOfKey = new Map<string, number>();
  private lines = 0;
  private errors = 0;
  private warnings = 0;
  private droppedRelations = 0;

  constructor(private readonly maxProblemsKept = 1000) {}

  get lineCount(): number {
    return this.lines;
  }

  get errorCount(): number {
    return this.errors;
  }

  get warningCount(): number {
    return this.warnings;
  }

  get droppedRelationCount(): number {
    return this.droppedRelations;
  }

  private report(problem: LineProblem): void {
    if (problem.severity === 'error') this.errors += 1;
    else this.warnings += 1;
    if (this.problems.length < this.maxProblemsKept) this.problems.push(problem);
  }

  /** Feeds the next line (1-based numbering follows the order of calls). */
  addLine(text: string): void {
    this.lines += 1;
    const line = this.lines;
    const result = parseLine(text);
    if (result.ok === 'blank') return;
    if (!result.ok) {
      this.report({ line, severity: 'error', reason: result.reason });
      return;
    }
    const { record } = result;
    const firstWithId = this.lineOfId.get(record.id);
    if (firstWithId !== undefined) {
      this.report({ line, severity: 'error', reason: `duplicate id ${record.id} (first on line ${firstWithId})` });
      return;
    }
    const key = `${record.word}\u0000${record.homograph}`;
    const firstWithKey = this.lineOfKey.get(key);
    if (firstWithKey !== undefined) {
      this.report({
        line,
        severity: 'error',
        reason: `duplicate word "${record.word}" with homograph ${record.homograph} (first on line ${firstWithKey})`,
      });
      return;
    }
    this.lineOfId.set(record.id, line);
    this.lineOfKey.set(key, line);
    this.records.push({ line, record });
  }

  /** Drops relations that cannot be resolved; call once after the last line. */
  finish(): ValidatedRecord[] {
    for (const entry of this.records) {
      const { record } = entry;
      if (record.relations.length === 0) continue;
      const seen = new Set<string>();
      const kept: DatasetRelation[] = [];
      const reasons: string[] = [];
      for (const rel of record.relations) {
        const key = `${rel.category}\u0000${rel.target}`;
        if (rel.target === record.id) reasons.push(`${rel.category} relation to itself`);
        else if (!this.lineOfId.has(rel.target)) reasons.push(`${rel.category} target ${rel.target} does not exist`);
        else if (seen.has(key)) reasons.push(`${rel.category} target ${rel.target} repeated`);
        else {
          seen.add(key);
          kept.push(rel);
        }
      }
      if (reasons.length > 0) {
        this.droppedRelations += reasons.length;
        this.report({
          line: entry.line,
          severity: 'warning',
          reason: `relation dropped: ${reasons.slice(0, 5).join('; ')}${reasons.length > 5 ? ` (+${reasons.length - 5} more)` : ''}`,
        });
        entry.record = { ...record, relations: kept };
      }
    }
    return this.records;
  }
}

// npm run dict:import -- FILE [--alias headwords] [--force] [--max-rejected N] [--replicas N]
// npm run dict:import -- --format urimalsaem|stdict FILE|DIR … [--out converted.jsonl] [same options]
import { mkdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Presets, SingleBar } from 'cli-progress';
import { convertExport, EXPORT_FORMATS, type ConvertStats, type ExportFormat } from '../src/data/convert';
import { LOCAL_DIR } from '../src/data/paths';
import { createClient, HEADWORDS_ALIAS } from '../src/store/client';
import {
  importDataset,
  ImportRefusedError,
  type ImportProgress,
  type ImportSummary,
  type ValidationSummary,
} from '../src/store/import';

const USAGE =
  'usage: npm run dict:import -- [--format urimalsaem|stdict] FILE… [--alias headwords] [--force] ' +
  '[--max-rejected N] [--replicas N] [--out FILE]';

/** "read 9.1 s, index 120.2 s, …" from the time each phase was first reported. */
function phaseTimes(started: Map<string, number>, end: number): string {
  const entries = [...started.entries()];
  return entries
    .filter(([phase]) => phase !== 'finish')
    .map(([phase, at], i) => `${phase} ${(((entries[i + 1]?.[1] ?? end) - at) / 1000).toFixed(1)} s`)
    .join(', ');
}

function counts(record: Record<string, number>): string {
  const parts = Object.entries(record)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`);
  return parts.length > 0 ? parts.join(', ') : 'none';
}

/** Every problem by line number, then the figures: what an operator needs to fix a file. */
function printValidation(v: ValidationSummary): void {
  for (const p of v.problems) console.log(`line ${p.line}: ${p.severity}: ${p.reason}`);
  const hidden = v.skipped + v.warnings - v.problems.length;
  if (hidden > 0) console.log(`… and ${hidden} more problems (not kept)`);
  console.log(
    `lines ${v.lines}, valid ${v.imported}, rejected ${v.skipped} (${counts(v.rejectedByReason)}), warnings ${v.warnings}`,
  );
  console.log(`relations ${v.relations} (dropped ${v.droppedRelations})`);
}

function printConversion(s: ConvertStats): void {
  console.log(
    [
      `converted ${s.items} ${s.format} items into ${s.headwords} headwords ` +
        `(${s.homographs} homographs, ${s.withHanja} with hanja), ${s.relations} relations`,
      `  relations by category: ${counts(s.relationsByCategory)}`,
      `  items left out: ${counts(s.droppedParts)}`,
      `  relation types not mapped: ${counts(s.droppedRelationTypes)}`,
      `  relations left out: ${counts(s.droppedRelations)}`,
    ].join('\n'),
  );
}

async function convert(format: ExportFormat, inputs: string[], out: string): Promise<void> {
  const bar = new SingleBar(
    { format: 'converting [{bar}] {percentage}% | {items} items | {duration_formatted}', hideCursor: true },
    Presets.shades_classic,
  );
  let started = false;
  const stats = await convertExport(inputs, format, out, (p) => {
    if (!started) bar.start(Math.max(p.totalBytes, 1), 0, { items: 0 });
    started = true;
    bar.update(p.bytes, { items: p.items });
  });
  bar.stop();
  printConversion(stats);
  console.log(`dataset written to ${out}`);
}

function printSummary(alias: string, summary: ImportSummary, elapsed: string): void {
  printValidation(summary);
  console.log(
    [
      summary.unchanged
        ? `alias "${alias}" already serves this file (${summary.index}): nothing to do (use --force to re-import)`
        : `alias "${alias}" → ${summary.index}` +
          (summary.previousIndex ? ` (previous ${summary.previousIndex} kept for dict:rollback)` : ''),
      summary.deletedIndices.length > 0 ? `deleted old indices: ${summary.deletedIndices.join(', ')}` : null,
      elapsed,
    ]
      .filter((l) => l !== null)
      .join('\n'),
  );
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      alias: { type: 'string', default: HEADWORDS_ALIAS },
      force: { type: 'boolean', default: false },
      'max-rejected': { type: 'string', default: '0' },
      replicas: { type: 'string', default: process.env.ELASTICSEARCH_REPLICAS ?? '0' },
      format: { type: 'string' },
      out: { type: 'string' },
    },
  });
  const maxRejected = Number(values['max-rejected']);
  const format = values.format;
  if (
    positionals.length === 0 ||
    !Number.isInteger(maxRejected) ||
    maxRejected < 0 ||
    (format !== undefined && !EXPORT_FORMATS.includes(format as ExportFormat)) ||
    (format === undefined && positionals.length > 1)
  ) {
    console.error(USAGE);
    process.exit(2);
  }
  // npm runs scripts from the repo root; INIT_CWD is where the user typed the command.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const inputs = positionals.map((p) => resolve(cwd, p));
  const started = Date.now();
  let path = inputs[0] as string;
  try {
    if (format !== undefined) {
      mkdirSync(LOCAL_DIR, { recursive: true });
      path = values.out
        ? resolve(cwd, values.out)
        : join(LOCAL_DIR, `converted-${format}-${basename(inputs[0] as string).replace(/\.[^.]+(\.gz)?$/u, '')}.jsonl`);
      await convert(format as ExportFormat, inputs, path);
    }
  } catch (err) {
    console.error(`conversion failed: ${(err as Error).message}`);
    process.exitCode = 1;
    return;
  }

  const client = createClient();
  const bar = new SingleBar(
    { format: '{phase} [{bar}] {percentage}% | {value}/{total} | {duration_formatted}', hideCursor: true },
    Presets.shades_classic,
  );
  let phase: ImportProgress['phase'] | null = null;
  const phaseStarted = new Map<string, number>();
  const onProgress = (p: ImportProgress): void => {
    if (!phaseStarted.has(p.phase)) phaseStarted.set(p.phase, Date.now());
    if (p.phase === 'read') {
      if (phase !== 'read') console.log(`reading and validating ${path} …`);
      phase = 'read';
      return;
    }
    if (phase !== 'index' && p.phase === 'index') bar.start(p.total, 0, { phase: 'indexing' });
    phase = p.phase;
    bar.update(p.done, { phase: p.phase === 'finish' ? 'done    ' : p.phase === 'merge' ? 'merging ' : 'indexing' });
  };
  const elapsed = (): string =>
    `elapsed ${((Date.now() - started) / 1000).toFixed(1)} s (${phaseTimes(phaseStarted, Date.now())})`;
  try {
    const summary = await importDataset(client, path, {
      alias: values.alias,
      force: values.force,
      maxRejected,
      replicas: Number(values.replicas),
      onProgress,
    });
    bar.stop();
    printSummary(values.alias, summary, elapsed());
  } catch (err) {
    bar.stop();
    if (err instanceof ImportRefusedError) {
      printValidation(err.validation);
      console.error(`import refused: ${err.message}`);
    } else console.error(`import failed: ${(err as Error).message}`);
    console.error(`alias "${values.alias}" unchanged. ${elapsed()}`);
    process.exitCode = 1;
  } finally {
    await client.close();
  }
}

void main();

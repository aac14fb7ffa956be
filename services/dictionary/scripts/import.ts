// npm run dict:import -- FILE [--alias headwords] [--force]
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SingleBar, Presets } from 'cli-progress';
import { createClient, HEADWORDS_ALIAS } from '../src/store/client';
import { importDataset, type ImportProgress } from '../src/store/import';

/** "read 9.1 s, index 120.2 s, …" from the time each phase was first reported. */
function phaseTimes(started: Map<ImportProgress['phase'], number>, end: number): string {
  const entries = [...started.entries()];
  return entries
    .filter(([phase]) => phase !== 'finish')
    .map(([phase, at], i) => `${phase} ${(((entries[i + 1]?.[1] ?? end) - at) / 1000).toFixed(1)} s`)
    .join(', ');
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      alias: { type: 'string', default: HEADWORDS_ALIAS },
      force: { type: 'boolean', default: false },
      replicas: { type: 'string', default: process.env.ELASTICSEARCH_REPLICAS ?? '0' },
    },
  });
  const file = positionals[0];
  if (!file) {
    console.error('usage: npm run dict:import -- FILE [--alias headwords] [--force] [--replicas N]');
    process.exit(2);
  }
  // npm runs scripts from the repo root; INIT_CWD is where the user typed the command.
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const client = createClient();
  const bar = new SingleBar(
    { format: '{phase} [{bar}] {percentage}% | {value}/{total} | {duration_formatted}', hideCursor: true },
    Presets.shades_classic,
  );
  let phase: ImportProgress['phase'] | null = null;
  const phaseStarted = new Map<ImportProgress['phase'], number>();
  const onProgress = (p: ImportProgress): void => {
    if (!phaseStarted.has(p.phase)) phaseStarted.set(p.phase, Date.now());
    if (p.phase === 'read') {
      if (phase !== 'read') console.log(`reading and validating ${path} …`);
      phase = 'read';
      return;
    }
    if (phase !== 'index' && p.phase === 'index') {
      bar.start(p.total, 0, { phase: 'indexing' });
    }
    phase = p.phase;
    bar.update(p.done, { phase: p.phase === 'finish' ? 'done    ' : p.phase === 'merge' ? 'merging ' : 'indexing' });
  };

  const started = Date.now();
  try {
    const summary = await importDataset(client, path, {
      alias: values.alias,
      force: values.force,
      replicas: Number(values.replicas),
      onProgress,
    });
    bar.stop();
    for (const p of summary.problems) console.log(`line ${p.line}: ${p.severity}: ${p.reason}`);
    const hidden = summary.skipped + summary.warnings - summary.problems.length;
    if (hidden > 0) console.log(`… and ${hidden} more problems`);
    console.log(
      [
        summary.unchanged
          ? `alias "${values.alias}" already serves this file (${summary.index}): nothing to do (use --force to re-import)`
          : `alias "${values.alias}" → ${summary.index}` +
            (summary.previousIndex ? ` (previous ${summary.previousIndex} kept for dict:rollback)` : ''),
        `lines ${summary.lines}, imported ${summary.imported}, skipped ${summary.skipped}, warnings ${summary.warnings}`,
        `relations ${summary.relations} (dropped ${summary.droppedRelations})`,
        summary.deletedIndices.length > 0 ? `deleted old indices: ${summary.deletedIndices.join(', ')}` : null,
        `elapsed ${((Date.now() - started) / 1000).toFixed(1)} s (${phaseTimes(phaseStarted, Date.now())})`,
      ]
        .filter((l) => l !== null)
        .join('\n'),
    );
  } catch (err) {
    bar.stop();
    console.error(`import failed: ${(err as Error).message}`);
    process.exitCode = 1;
  } finally {
    await client.close();
  }
}

void main();

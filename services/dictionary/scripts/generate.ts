// npm run dict:generate -- --headwords 500000 --relations 1500000 --seed N [--out FILE]
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { generateJsonl } from '../src/data/generate';
import { LOCAL_DIR } from '../src/data/paths';
import { readKoreanWordList } from '../src/data/wordlist';

function positiveInt(name: string, text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number, got "${text}"`);
    process.exit(2);
  }
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      headwords: { type: 'string', default: '500000' },
      relations: { type: 'string', default: '1500000' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string' },
    },
  });
  const headwords = positiveInt('headwords', values.headwords);
  const relations = positiveInt('relations', values.relations);
  const seed = positiveInt('seed', values.seed);
  const out = values.out
    ? resolve(process.env.INIT_CWD ?? process.cwd(), values.out)
    : join(LOCAL_DIR, `generated-${headwords}-${relations}-seed${seed}.jsonl`);
  const started = Date.now();
  await mkdir(dirname(out), { recursive: true });
  const words = readKoreanWordList();
  await pipeline(Readable.from(generateJsonl({ headwords, relations, seed, words })), createWriteStream(out));
  console.log(
    `wrote ${headwords} generated headwords and ${relations} relations (seed ${seed}) to ${out} ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

main().catch((err: unknown) => {
  console.error(`generate failed: ${(err as Error).message}`);
  process.exitCode = 1;
});

/**
 * Prints the gzip size of every JavaScript chunk the first page load needs
 * (the entry and its static imports, read from Vite's manifest) and fails
 * when their total exceeds the budget. Lazy chunks are listed for reference.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 150 * 1000;
const dist = resolve(process.argv[2] ?? 'dist');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

function gzipSize(file: string): number {
  return gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

const initial = new Set<string>();
const initialCss = new Set<string>();
const visit = (key: string) => {
  const chunk = manifest[key];
  if (!chunk || initial.has(chunk.file)) return;
  initial.add(chunk.file);
  chunk.css?.forEach((file) => initialCss.add(file));
  chunk.imports?.forEach(visit);
};
Object.entries(manifest)
  .filter(([, chunk]) => chunk.isEntry)
  .forEach(([key]) => visit(key));

const allJs = new Set(
  Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file) => file.endsWith('.js')),
);
const lazy = [...allJs].filter((file) => !initial.has(file));

let total = 0;
console.log('\nInitial JavaScript (gzip):');
for (const file of [...initial].sort()) {
  const size = gzipSize(file);
  total += size;
  console.log(`  ${file.padEnd(48)} ${kb(size).padStart(10)}`);
}
console.log(`  ${'total'.padEnd(48)} ${kb(total).padStart(10)}  (budget ${kb(BUDGET_BYTES)})`);
const cssTotal = [...initialCss].reduce((sum, file) => sum + gzipSize(file), 0);
console.log(`Initial CSS (gzip): ${kb(cssTotal)}`);
const lazyTotal = lazy.reduce((sum, file) => sum + gzipSize(file), 0);
console.log(`Lazy-loaded JavaScript: ${lazy.length} chunks, ${kb(lazyTotal)} gzip in all\n`);

if (total > BUDGET_BYTES) {
  console.error(`Initial JavaScript is ${kb(total)} gzip, over the ${kb(BUDGET_BYTES)} budget.`);
  process.exit(1);
}

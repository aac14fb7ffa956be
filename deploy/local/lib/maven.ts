// Fetches a server's artefacts from Maven Central through its pinned POM, once per POM version.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { run } from './proc';

let queue: Promise<unknown> = Promise.resolve();

/**
 * Maven 3.8 does not lock its local repository, so two fetches at once can trip over the
 * same plugin download. Fetches run one after another; the JVMs still start in parallel.
 */
function serially<T>(task: () => Promise<T>): Promise<T> {
  const next = queue.then(task, task);
  queue = next.catch(() => undefined);
  return next;
}

function pomHash(pom: string): string {
  return crypto.createHash('sha256').update(fs.readFileSync(pom)).digest('hex');
}

/**
 * Runs `mvn -q <goal> -DoutputDirectory=<outDir>` unless `outDir` already holds the result
 * of this exact POM (a stamp file records the POM's hash).
 */
export async function mavenFetch(opts: {
  pom: string;
  goal: 'dependency:copy-dependencies' | 'dependency:unpack-dependencies';
  outDir: string;
  log: (line: string) => void;
}): Promise<'cached' | 'fetched'> {
  const stamp = path.join(opts.outDir, '.pom-sha256');
  const hash = pomHash(opts.pom);
  const fresh = () => fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8').trim() === hash;
  if (fresh()) return 'cached';
  return serially(async () => {
    if (fresh()) return 'cached';
    opts.log(`fetching from Maven Central (${path.relative(process.cwd(), opts.pom) || opts.pom})`);
    // A half-written folder from an interrupted run must not be mixed with the new one.
    fs.rmSync(opts.outDir, { recursive: true, force: true });
    fs.mkdirSync(opts.outDir, { recursive: true });
    // Markers (unpack's "done" notes) go inside outDir, so nothing is written beside the POM.
    const markers = `-Dmarkers.directory=${path.join(opts.outDir, '.maven-markers')}`;
    await run('mvn', ['-q', '-B', '-f', opts.pom, opts.goal, `-DoutputDirectory=${opts.outDir}`, markers], {
      timeoutMs: 15 * 60_000,
    });
    fs.writeFileSync(stamp, `${hash}\n`);
    return 'fetched';
  });
}

// Where the local infrastructure lives: one git-ignored data folder under the repo root.
import fs from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '../../..');
export const localDir = path.join(repoRoot, '.local');
export const deployLocalDir = path.resolve(__dirname, '..');

/** The per-server folder under .local/ (logs, pid file, data). */
export function serverDir(name: string): string {
  return path.join(localDir, name);
}

export function ensureDir(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

function jdkMajor(home: string): number | undefined {
  try {
    const release = fs.readFileSync(path.join(home, 'release'), 'utf8');
    const m = /^JAVA_VERSION="(\d+)/m.exec(release);
    return m?.[1] ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

let cachedJdk: string | undefined;

/**
 * The JDK 17 home every JVM here runs on. Elasticsearch 8 needs ES_JAVA_HOME (the
 * integ-test-zip has no bundled JDK), and a newer default `java` on PATH must not be picked up.
 */
export function jdk17Home(): string {
  if (cachedJdk) return cachedJdk;
  const candidates = [process.env.ES_JAVA_HOME, process.env.JAVA_HOME];
  const jvmDir = '/usr/lib/jvm';
  if (fs.existsSync(jvmDir)) {
    for (const entry of fs.readdirSync(jvmDir).sort()) candidates.push(path.join(jvmDir, entry));
  }
  for (const home of candidates) {
    if (home && jdkMajor(home) === 17 && fs.existsSync(path.join(home, 'bin', 'java'))) {
      cachedJdk = fs.realpathSync(home);
      return cachedJdk;
    }
  }
  throw new Error(
    'No JDK 17 found (looked at ES_JAVA_HOME, JAVA_HOME and /usr/lib/jvm/*): install openjdk-17-jdk-headless',
  );
}

export function javaBin(): string {
  return path.join(jdk17Home(), 'bin', 'java');
}

// The local Elasticsearch's Korean analysis: builds the stable plugin in ./nori-plugin with Maven
// (Maven Central only) and installs it into the shared distribution. Production installs the
// official analysis-nori plugin instead; both register the same component names, so the
// dictionary's index settings are one and the same.
//
// Cached twice: the zip is rebuilt only when the plugin's inputs change (its POM, sources, the
// Elasticsearch version), and it is installed only when the distribution does not already hold
// that build. The build's hash is part of the plugin's version, so a running node can be asked
// (GET _cat/plugins) whether it loaded the current build.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { deployLocalDir, ensureDir, jdk17Home, serverDir } from '../lib/paths';
import { run } from '../lib/proc';

type Log = (line: string) => void;

/** The plugin's name in its descriptor: the official one, so the two can never be installed side by side. */
export const NORI_PLUGIN = 'analysis-nori';

const pluginSrc = path.join(deployLocalDir, 'elasticsearch', 'nori-plugin');
const runtimePom = path.join(deployLocalDir, 'elasticsearch', 'pom.xml');
const buildRoot = () => path.join(serverDir('elasticsearch'), 'nori');

function pomProperty(pom: string, name: string): string {
  const m = new RegExp(`<${name.replace(/\./gu, '\\.')}>([^<]+)</`, 'u').exec(fs.readFileSync(pom, 'utf8'));
  if (!m?.[1]) throw new Error(`${name} missing from ${path.relative(process.cwd(), pom)}`);
  return m[1].trim();
}

/** The unpacked distribution (as deploy/local/lib/servers.ts lays it out). */
export function esHome(): string {
  return path.join(
    serverDir('elasticsearch'),
    'dist',
    `elasticsearch-${pomProperty(runtimePom, 'elasticsearch.version')}`,
  );
}

function inputFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    // `target/` is where a developer's own `mvn package` writes; it is output, not input.
    if (entry.name === 'target') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...inputFiles(full));
    else out.push(full);
  }
  return out.sort();
}

/** Hash of everything the zip is made from: its POM and sources, and the distribution it is for. */
export function noriInputsHash(): string {
  const hash = crypto.createHash('sha256');
  hash.update(`elasticsearch ${pomProperty(runtimePom, 'elasticsearch.version')}\n`);
  // The POM and src/ are what Maven builds from (the README and .gitignore beside them are not).
  const files = [path.join(pluginSrc, 'pom.xml'), ...inputFiles(path.join(pluginSrc, 'src'))];
  for (const file of files) {
    hash.update(`${path.relative(pluginSrc, file)}\n`);
    hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 12);
}

/** The version the current build carries (its descriptor's `version`). */
export function expectedNoriVersion(): string {
  return `${pomProperty(path.join(pluginSrc, 'pom.xml'), 'lucene.version')}-${noriInputsHash()}`;
}

/**
 * The plugin zip for the current inputs, built by Maven (unit tests included) when it is not
 * cached yet. Fails when the plugin's Elasticsearch version is not the one the runtime POM pins.
 */
export async function buildNoriPlugin(log: Log): Promise<string> {
  const esVersion = pomProperty(runtimePom, 'elasticsearch.version');
  const pluginEsVersion = pomProperty(path.join(pluginSrc, 'pom.xml'), 'elasticsearch.version');
  if (esVersion !== pluginEsVersion) {
    throw new Error(
      `deploy/local/elasticsearch/nori-plugin/pom.xml is for Elasticsearch ${pluginEsVersion} but ../pom.xml runs ${esVersion}: ` +
        'set both (and lucene.version to the Lucene of that distribution)',
    );
  }
  const hash = noriInputsHash();
  const outDir = path.join(buildRoot(), hash);
  const zip = path.join(outDir, 'analysis-nori-stable.zip');
  if (fs.existsSync(zip)) return zip;
  log(`building the nori analysis plugin with Maven (inputs ${hash})`);
  const started = Date.now();
  // Older builds are of no use any more; a half-written folder from an interrupted run neither.
  fs.rmSync(buildRoot(), { recursive: true, force: true });
  ensureDir(outDir);
  await run(
    'mvn',
    ['-q', '-B', '-f', path.join(pluginSrc, 'pom.xml'), 'package', `-Dbuild.dir=${outDir}`, `-Dplugin.inputs=${hash}`],
    { timeoutMs: 15 * 60_000, env: { ...process.env, JAVA_HOME: jdk17Home() } },
  );
  if (!fs.existsSync(zip)) throw new Error(`the Maven build left no ${zip}`);
  log(`built ${path.relative(process.cwd(), zip)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return zip;
}

/** The version of the plugin installed in the distribution, or null when there is none. */
export function installedNoriVersion(home = esHome()): string | null {
  const descriptor = path.join(home, 'plugins', NORI_PLUGIN, 'stable-plugin-descriptor.properties');
  if (!fs.existsSync(descriptor)) return null;
  const m = /^version=(.+)$/mu.exec(fs.readFileSync(descriptor, 'utf8'));
  return m?.[1]?.trim() ?? null;
}

/**
 * The plugin version a running node has loaded: null when it has none, undefined when the node
 * does not answer (then nothing can be said).
 */
export async function runningNoriVersion(baseUrl: string): Promise<string | null | undefined> {
  try {
    const res = await fetch(`${baseUrl}/_cat/plugins?format=json&h=component,version`, {
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) return undefined;
    const rows = (await res.json()) as Array<{ component?: string; version?: string }>;
    return rows.find((r) => r.component === NORI_PLUGIN)?.version ?? null;
  } catch {
    return undefined;
  }
}

/** Runs the distribution's plugin tool as the user that owns (and runs) the distribution. */
function pluginTool(home: string, args: string[]): Promise<string> {
  const { uid, gid } = fs.statSync(home);
  return new Promise((resolve, reject) => {
    execFile(
      path.join(home, 'bin', 'elasticsearch-plugin'),
      args,
      {
        cwd: home,
        uid,
        gid,
        timeout: 5 * 60_000,
        env: {
          PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
          LANG: 'C.UTF-8',
          HOME: path.dirname(path.dirname(home)),
          ES_JAVA_HOME: jdk17Home(),
        },
      },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`elasticsearch-plugin ${args.join(' ')} failed: ${err.message}\n${stdout}${stderr}`));
        else resolve(`${stdout}${stderr}`);
      },
    );
  });
}

/**
 * Installs the current build into the (stopped) distribution unless it is there already;
 * replaces an older build. Returns true when it installed.
 */
export async function installNoriPlugin(log: Log, home = esHome()): Promise<boolean> {
  const zip = await buildNoriPlugin(log);
  const expected = expectedNoriVersion();
  const installed = installedNoriVersion(home);
  if (installed === expected) return false;
  const started = Date.now();
  if (installed !== null || fs.existsSync(path.join(home, 'plugins', NORI_PLUGIN))) {
    log(`removing nori plugin ${installed ?? '(unreadable)'}`);
    await pluginTool(home, ['remove', NORI_PLUGIN]).catch(() =>
      fs.rmSync(path.join(home, 'plugins', NORI_PLUGIN), { recursive: true, force: true }),
    );
  }
  // The zip must be readable by the distribution's owner; .local/ is root's.
  const readable = path.join(home, '..', 'analysis-nori-stable.zip');
  fs.copyFileSync(zip, readable);
  const { uid, gid } = fs.statSync(home);
  fs.chownSync(readable, uid, gid);
  try {
    await pluginTool(home, ['install', '--batch', `file://${readable}`]);
  } finally {
    fs.rmSync(readable, { force: true });
  }
  log(`installed nori plugin ${expected} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return true;
}

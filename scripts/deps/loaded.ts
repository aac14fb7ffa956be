// Which installed packages the gateway process really loads: starts the gateway in-process
// (services need not run; Redis must), sends one request through a pipeline, and lists the
// packages in require.cache as `name@version path`. Evidence for the "loaded at runtime?"
// column of gateway/SECURITY.md:  npx tsx scripts/deps/loaded.ts [--json]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startGateway } from '../../gateway/src/main';

const MARK = `${path.sep}node_modules${path.sep}`;

/** Package folders (…/node_modules/<name>) of every module in require.cache. */
export function loadedPackages(): { name: string; version: string; path: string }[] {
  const dirs = new Set<string>();
  for (const file of Object.keys(require.cache)) {
    const i = file.lastIndexOf(MARK);
    if (i < 0) continue;
    const rest = file.slice(i + MARK.length).split(path.sep);
    const name = rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
    dirs.add(file.slice(0, i + MARK.length) + name);
  }
  const root = path.resolve(__dirname, '../..') + path.sep;
  return [...dirs]
    .map((dir) => {
      let version = '?';
      try {
        version = (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
      } catch {
        // a folder without its own package.json (rare): version unknown
      }
      const rel = dir.startsWith(root) ? dir.slice(root.length) : dir;
      return { name: rel.slice(rel.lastIndexOf('node_modules/') + 13), version, path: rel.split(path.sep).join('/') };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

async function main(): Promise<void> {
  const gateway = await startGateway({
    ...process.env,
    NODE_ENV: 'test',
    GATEWAY_PORT: '0',
    LOG_LEVEL: 'silent',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/1',
  });
  try {
    // One proxied request (the service is down: 502 is fine) and one static file, so lazily
    // required modules of those paths are counted too.
    await fetch(`${gateway.url}/api/dic/search?keyword=x`).catch(() => undefined);
    await fetch(`${gateway.url}/`).catch(() => undefined);
  } finally {
    await gateway.close();
  }
  const loaded = loadedPackages();
  if (process.argv.includes('--json')) console.log(JSON.stringify(loaded, null, 2));
  else for (const p of loaded) console.log(`${p.name}@${p.version} ${p.path}`);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}

// package-lock.json (lockfileVersion 2/3) as the dependency report needs it: every installed
// package with its path, version and dev flag, and which workspace's production dependencies
// reach it (Node's resolution walked over the lockfile, no network, no npm).
import { readFileSync } from 'node:fs';

export interface LockEntry {
  /** Key in `packages`, e.g. `node_modules/a/node_modules/b`. */
  path: string;
  name: string;
  version: string;
  /** Only dev dependencies reach it (npm's own flag). */
  dev: boolean;
  /** Only optional dependencies reach it (e.g. another platform's native build). */
  optional: boolean;
  /** Reached by dev dependencies and as an optional production one. */
  devOptional: boolean;
  license: string | null;
  dependencies: Record<string, string>;
}

export interface Workspace {
  /** Folder, e.g. `services/billing`; `` for the root package. */
  path: string;
  name: string;
  /** What it ships: dependencies, optionalDependencies and required peers. */
  production: string[];
}

export interface Lockfile {
  lockfileVersion: number;
  /** Installed packages (no workspace folders, no links). */
  entries: LockEntry[];
  workspaces: Workspace[];
  /** Lockfile path → the workspace names whose production dependencies reach it. */
  shippedBy: Map<string, Set<string>>;
  /** Lockfile path → one shortest chain of names that reaches it, workspace first. */
  via: Map<string, string[]>;
}

interface RawPackage {
  name?: string;
  version?: string;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  link?: boolean;
  resolved?: string;
  license?: unknown;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  workspaces?: string[];
}

interface RawLockfile {
  lockfileVersion?: number;
  packages?: Record<string, RawPackage>;
}

const MARK = 'node_modules/';

/** The package name a lockfile key installs: the part after the last `node_modules/`. */
export function nameOfPath(key: string): string {
  const i = key.lastIndexOf(MARK);
  return i < 0 ? key : key.slice(i + MARK.length);
}

/** What a package needs at run time: its dependencies, optional ones, and peers not marked optional. */
function runtimeDeps(p: RawPackage): string[] {
  const peers = Object.keys(p.peerDependencies ?? {}).filter((n) => !p.peerDependenciesMeta?.[n]?.optional);
  return [...Object.keys(p.dependencies ?? {}), ...Object.keys(p.optionalDependencies ?? {}), ...peers];
}

/** Node's lookup: `<from>/node_modules/<name>`, then each parent folder's, up to the root. */
function resolve(packages: Record<string, RawPackage>, from: string, name: string): string | null {
  let dir = from;
  for (;;) {
    const key = dir === '' ? MARK + name : `${dir}/${MARK}${name}`;
    if (packages[key]) return key;
    if (dir === '') return null;
    const i = dir.lastIndexOf(`/${MARK}`);
    if (i >= 0) dir = dir.slice(0, i);
    else if (dir.startsWith(MARK)) dir = '';
    else dir = dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/')) : '';
  }
}

export function parseLockfile(text: string): Lockfile {
  const raw = JSON.parse(text) as RawLockfile;
  if (!raw.packages || (raw.lockfileVersion ?? 0) < 2) {
    throw new Error('package-lock.json must be lockfileVersion 2 or 3 (npm 7+): it has no "packages" map');
  }
  const packages = raw.packages;
  const entries: LockEntry[] = [];
  const workspaces: Workspace[] = [];
  for (const [key, p] of Object.entries(packages)) {
    if (p.link) continue; // a workspace symlink: its target folder is listed under its own key
    if (!key.includes(MARK)) {
      workspaces.push({ path: key, name: p.name ?? (key || 'root'), production: runtimeDeps(p) });
      continue;
    }
    entries.push({
      path: key,
      name: p.name ?? nameOfPath(key),
      version: p.version ?? '0.0.0',
      dev: p.dev === true,
      optional: p.optional === true,
      devOptional: p.devOptional === true,
      license: typeof p.license === 'string' ? p.license : null,
      dependencies: { ...p.dependencies, ...p.optionalDependencies },
    });
  }

  // Walk each workspace's production graph; links are followed to the folder they point at.
  const shippedBy = new Map<string, Set<string>>();
  const follow = (key: string): string => {
    const p = packages[key];
    return p?.link && p.resolved !== undefined ? p.resolved : key;
  };
  const via = new Map<string, string[]>();
  for (const ws of workspaces) {
    const seen = new Set<string>();
    // Breadth first, so the chain recorded for a package is a shortest one.
    const queue: { from: string; name: string; chain: string[] }[] = ws.production.map((name) => ({
      from: ws.path,
      name,
      chain: [ws.name],
    }));
    for (let i = 0; i < queue.length; i++) {
      const { from, name, chain } = queue[i]!;
      const found = resolve(packages, from, name);
      if (found === null) continue; // an optional dependency for another platform, not installed
      const key = follow(found);
      if (seen.has(key)) continue;
      seen.add(key);
      const here = [...chain, name];
      if (key.includes(MARK)) {
        let set = shippedBy.get(key);
        if (!set) shippedBy.set(key, (set = new Set()));
        set.add(ws.name);
        const known = via.get(key);
        if (!known || known.length > here.length) via.set(key, here);
      }
      const p = packages[key];
      if (p) for (const dep of runtimeDeps(p)) queue.push({ from: key, name: dep, chain: here });
    }
  }
  return { lockfileVersion: raw.lockfileVersion ?? 0, entries, workspaces, shippedBy, via };
}

export function readLockfile(file: string): Lockfile {
  return parseLockfile(readFileSync(file, 'utf8'));
}

// Licence of an installed package, offline: the `license` field of its package.json (or the
// legacy `licenses` list), the lockfile's copy for a package not installed here, else the text of
// its LICENSE / COPYING file or the licence section of its README. Plus SPDX expression checks.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type LicenceSource = 'package.json' | 'lockfile' | 'licence file' | 'readme' | 'none';

export interface LicenceInfo {
  /** An SPDX expression (or whatever the package wrote), null when none was found. */
  expression: string | null;
  source: LicenceSource;
}

interface Manifest {
  license?: unknown;
  licenses?: unknown;
}

function typeOf(v: unknown): string | null {
  if (typeof v === 'string' && v.trim() !== '') return v.trim();
  if (v && typeof v === 'object' && typeof (v as { type?: unknown }).type === 'string')
    return (v as { type: string }).type.trim();
  return null;
}

/** `license` as a string or `{type}`, or the legacy `licenses: [{type}]` (alternatives: OR). */
export function declaredLicence(m: Manifest): string | null {
  const single = typeOf(m.license);
  if (single) return single;
  if (Array.isArray(m.licenses)) {
    const types = m.licenses.map(typeOf).filter((t): t is string => t !== null);
    if (types.length === 1) return types[0]!;
    if (types.length > 1) return `(${types.join(' OR ')})`;
  }
  return null;
}

/** Licence texts recognised by a phrase each holds (most specific first). */
const TEXTS: { id: string; test: (t: string) => boolean }[] = [
  { id: 'AGPL-3.0', test: (t) => t.includes('gnu affero general public license') },
  { id: 'LGPL-3.0', test: (t) => t.includes('gnu lesser general public license') && t.includes('version 3') },
  { id: 'LGPL-2.1', test: (t) => t.includes('gnu lesser general public license') },
  { id: 'GPL-3.0', test: (t) => t.includes('gnu general public license') && t.includes('version 3') },
  { id: 'GPL-2.0', test: (t) => t.includes('gnu general public license') },
  { id: 'MPL-2.0', test: (t) => t.includes('mozilla public license') && t.includes('2.0') },
  { id: 'Apache-2.0', test: (t) => t.includes('apache license') && t.includes('version 2.0') },
  { id: 'BlueOak-1.0.0', test: (t) => t.includes('blue oak model license') },
  {
    id: 'MIT',
    test: (t) => t.includes('permission is hereby granted, free of charge') && t.includes('copies or substantial'),
  },
  { id: 'MIT-0', test: (t) => t.includes('permission is hereby granted, free of charge') },
  {
    id: 'ISC',
    test: (t) => t.includes('permission to use, copy, modify, and/or distribute this software for any purpose'),
  },
  {
    id: 'BSD-3-Clause',
    test: (t) => t.includes('redistribution and use in source and binary forms') && t.includes('neither the name'),
  },
  { id: 'BSD-2-Clause', test: (t) => t.includes('redistribution and use in source and binary forms') },
  {
    id: 'Unlicense',
    test: (t) => t.includes('this is free and unencumbered software released into the public domain'),
  },
  { id: 'CC0-1.0', test: (t) => t.includes('cc0 1.0 universal') },
  { id: 'WTFPL', test: (t) => t.includes('do what the fuck you want to public license') },
];

/** The SPDX id of a licence text, or null when it is not one we recognise. */
export function identifyLicenceText(text: string): string | null {
  const t = text.toLowerCase().replace(/\s+/g, ' ');
  return TEXTS.find((x) => x.test(t))?.id ?? null;
}

/** The `License` section of a README (up to the next heading). */
function readmeLicenceSection(text: string): string | null {
  const m = /^#{1,6}\s*licen[cs]e\b[^\n]*\n([\s\S]*?)(?=^#{1,6}\s|(?![\s\S]))/im.exec(text);
  return m ? m[1]! : null;
}

function filesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** The licence of the package installed in `dir`; `lockLicence` is the lockfile's copy. */
export function licenceOf(dir: string, lockLicence: string | null): LicenceInfo {
  const manifestFile = path.join(dir, 'package.json');
  if (!existsSync(manifestFile)) {
    return lockLicence ? { expression: lockLicence, source: 'lockfile' } : { expression: null, source: 'none' };
  }
  const declared = declaredLicence(JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest);
  // "SEE LICENSE IN <file>" and bare "BSD" name no licence: read the text instead.
  if (declared && !/^see licen[cs]e in\b/i.test(declared) && declared !== 'BSD') {
    return { expression: declared, source: 'package.json' };
  }
  const files = filesIn(dir);
  for (const f of files.filter((n) => /^(licen[cs]e|copying)(\b|[.-]|$)/i.test(n))) {
    const id = identifyLicenceText(readFileSync(path.join(dir, f), 'utf8'));
    if (id) return { expression: id, source: 'licence file' };
  }
  for (const f of files.filter((n) => /^readme(\.|$)/i.test(n))) {
    const section = readmeLicenceSection(readFileSync(path.join(dir, f), 'utf8'));
    const id = section && identifyLicenceText(section);
    if (id) return { expression: id, source: 'readme' };
  }
  return declared ? { expression: declared, source: 'package.json' } : { expression: null, source: 'none' };
}

// --- SPDX expressions ---------------------------------------------------------------

type Node = { id: string } | { op: 'AND' | 'OR'; left: Node; right: Node };

/** Parses `MIT`, `(MIT OR Apache-2.0)`, `Apache-2.0 AND MIT`, `GPL-2.0+`, `X WITH exception`. */
export function parseSpdx(expression: string): Node | null {
  const tokens = expression.match(/\(|\)|[^\s()]+/g) ?? [];
  let i = 0;
  const primary = (): Node | null => {
    const t = tokens[i++];
    if (t === undefined) return null;
    if (t === '(') {
      const inner = orExpr();
      return tokens[i++] === ')' ? inner : null;
    }
    if (/^(AND|OR|WITH|\))$/i.test(t)) return null;
    // An exception only adds permissions: the licence it modifies decides.
    if (tokens[i]?.toUpperCase() === 'WITH') i += 2;
    return { id: t };
  };
  const andExpr = (): Node | null => {
    let left = primary();
    while (left && tokens[i]?.toUpperCase() === 'AND') {
      i++;
      const right = primary();
      left = right ? { op: 'AND', left, right } : null;
    }
    return left;
  };
  const orExpr = (): Node | null => {
    let left = andExpr();
    while (left && tokens[i]?.toUpperCase() === 'OR') {
      i++;
      const right = andExpr();
      left = right ? { op: 'OR', left, right } : null;
    }
    return left;
  };
  const tree = orExpr();
  return tree && i === tokens.length ? tree : null;
}

/** `GPL-2.0+`, `GPL-2.0-only` and `GPL-2.0-or-later` all name GPL-2.0 for the allow-list. */
function baseId(id: string): string {
  return id.replace(/\+$/, '').replace(/-(only|or-later)$/, '');
}

/**
 * Whether the expression can be used under allowed licences only: one allowed branch of an OR
 * is enough, every part of an AND must be allowed. Returns the ids that stop it (empty = allowed).
 */
export function disallowedIds(expression: string | null, allowed: ReadonlySet<string>): string[] {
  if (expression === null) return ['(none)'];
  const tree = parseSpdx(expression);
  if (!tree) return [expression];
  const walk = (n: Node): string[] => {
    if ('id' in n) return allowed.has(baseId(n.id)) ? [] : [n.id];
    const l = walk(n.left);
    const r = walk(n.right);
    if (n.op === 'AND') return [...l, ...r];
    return l.length === 0 || r.length === 0 ? [] : [...l, ...r];
  };
  return walk(tree);
}

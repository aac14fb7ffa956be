// The offline dependency report on the real lockfile (must pass) and on a small fixture tree
// with a planted vulnerable version and copyleft licences (must fail), through the CLI too.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { audit, AuditInputError, type AuditResult } from '../audit';
import { disallowedIds, identifyLicenceText } from '../licences';

const REPO = path.resolve(__dirname, '../../..');
const ADVISORIES = path.join(REPO, 'deploy/security/advisories.json');
const POLICY = path.join(REPO, 'deploy/security/licenses.json');
const TSX = path.join(REPO, 'node_modules/.bin/tsx');
const SCRIPT = path.join(REPO, 'scripts/deps/report.ts');

function cli(args: string[]): { code: number; out: string } {
  try {
    return { code: 0, out: execFileSync(TSX, [SCRIPT, ...args], { encoding: 'utf8', stdio: 'pipe' }) };
  } catch (err) {
    const e = err as { status: number; stdout: string; stderr: string };
    return { code: e.status, out: `${e.stdout}${e.stderr}` };
  }
}

const MIT_TEXT = `Copyright (c) 2020 Someone

Permission is hereby granted, free of charge, to any person obtaining a copy of this software ...
The above copyright notice and this permission notice shall be included in all copies or substantial
portions of the Software.`;

describe('deps:report on the real package-lock.json', () => {
  let result: AuditResult;
  beforeAll(() => {
    result = audit({ root: REPO, advisoriesFile: ADVISORIES, policyFile: POLICY });
  });

  it('when the committed tree is audited, then nothing blocks and every accept entry is still needed', () => {
    expect(result.findings.filter((f) => f.blocking)).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.unusedAccepts).toEqual([]);
    expect(result.packages.length).toBeGreaterThan(1000);
  });

  it('when packages are classified, then production follows what the workspaces ship and dev follows the lockfile', () => {
    const eg = result.packages.find((p) => p.path === 'node_modules/express-gateway')!;
    expect(eg).toMatchObject({ scope: 'production', licence: 'Apache-2.0', installed: true });
    expect(eg.shippedBy).toEqual(['@syn/gateway']);
    expect(result.packages.find((p) => p.path === 'node_modules/react')).toMatchObject({
      scope: 'production',
      shippedBy: ['@syn/web'],
    });
    expect(result.packages.find((p) => p.path === 'node_modules/jest')?.scope).toBe('dev');
    // No dev-only package is reached by a workspace's production dependencies.
    for (const p of result.packages) {
      if (p.scope === 'dev') expect([p.path, p.shippedBy]).toEqual([p.path, []]);
    }
  });

  it('when a package names no licence in package.json, then its licence text decides', () => {
    expect(result.packages.find((p) => p.path === 'node_modules/pause')).toMatchObject({
      licence: 'MIT',
      licenceSource: 'readme',
    });
    expect(result.packages.find((p) => p.path === 'node_modules/cli-table')).toMatchObject({
      licence: 'MIT',
      licenceSource: 'licence file',
    });
  });

  it('when the CLI runs, then it exits 0 and writes the Markdown report', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'deps-real-'));
    try {
      const out = path.join(dir, 'report.md');
      const r = cli(['--out', out, '--summary', '-']);
      expect(r.code).toBe(0);
      expect(r.out).toContain('result: pass');
      const md = readFileSync(out, 'utf8');
      expect(md).toContain('**Result: pass.**');
      expect(md).toMatch(/\| express-gateway +\| 1\.16\.11 +\| Apache-2\.0 +\| @syn\/gateway +\|/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A project with one workspace, its lockfile and installed packages. */
function fixture(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'deps-fixture-'));
  const pkgs: { path: string; version: string; license?: string; dev?: boolean; files?: Record<string, string> }[] = [
    { path: 'node_modules/jsonwebtoken', version: '8.5.1', license: 'MIT' }, // planted: three advisories
    { path: 'node_modules/gpl-lib', version: '1.0.0', license: 'GPL-3.0-only' }, // copyleft in production
    { path: 'node_modules/mixed', version: '1.0.0', license: '(MIT AND GPL-2.0)' }, // AND: both must be allowed
    { path: 'node_modules/dual', version: '1.0.0', license: '(GPL-2.0 OR MIT)' }, // OR: MIT is enough
    { path: 'node_modules/texted', version: '1.0.0', files: { LICENSE: MIT_TEXT } }, // no field: the text decides
    { path: 'node_modules/cli-helper/node_modules/got', version: '7.1.0', license: 'MIT' }, // accepted advisory
    { path: 'node_modules/cli-helper', version: '1.0.0', license: 'ISC' },
    { path: 'node_modules/test-tool', version: '1.0.0', license: 'GPL-3.0', dev: true }, // dev-only: not blocking
    { path: 'node_modules/minimist', version: '1.2.0', license: 'MIT', dev: true }, // vulnerable but dev-only
  ];
  const deps: Record<string, string> = {
    jsonwebtoken: '^8.0.0',
    'gpl-lib': '^1.0.0',
    mixed: '^1.0.0',
    dual: '^1.0.0',
    texted: '^1.0.0',
    'cli-helper': '^1.0.0',
  };
  const lock = {
    name: 'fixture',
    lockfileVersion: 3,
    packages: {
      '': { name: 'fixture', workspaces: ['app'], devDependencies: { 'test-tool': '^1.0.0', minimist: '^1.0.0' } },
      app: { name: '@fx/app', version: '1.0.0', dependencies: deps },
      'node_modules/@fx/app': { resolved: 'app', link: true },
      ...Object.fromEntries(
        pkgs.map((p) => [
          p.path,
          {
            version: p.version,
            ...(p.dev ? { dev: true } : {}),
            ...(p.license ? { license: p.license } : {}),
            ...(p.path === 'node_modules/cli-helper' ? { dependencies: { got: '^7.0.0' } } : {}),
          },
        ]),
      ),
    },
  };
  writeFileSync(path.join(root, 'package-lock.json'), JSON.stringify(lock));
  for (const p of pkgs) {
    const dir = path.join(root, p.path);
    mkdirSync(dir, { recursive: true });
    const name = p.path.slice(p.path.lastIndexOf('node_modules/') + 13);
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version: p.version, license: p.license }));
    for (const [f, text] of Object.entries(p.files ?? {})) writeFileSync(path.join(dir, f), text);
  }
  return root;
}

describe('deps:report on a fixture with planted problems', () => {
  let root: string;
  let result: AuditResult;
  beforeAll(() => {
    root = fixture();
    result = audit({ root, advisoriesFile: ADVISORIES, policyFile: POLICY });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('when a production package is in a vulnerable range or copyleft-licensed, then the run fails on exactly those', () => {
    expect(result.ok).toBe(false);
    const blocking = result.findings
      .filter((f) => f.blocking)
      .map((f) => `${f.pkg.name}@${f.pkg.version} ${f.kind === 'licence' ? f.disallowed!.join('+') : f.advisory!.id}`)
      .sort();
    expect(blocking).toEqual([
      'gpl-lib@1.0.0 GPL-3.0-only',
      'jsonwebtoken@8.5.1 GHSA-8cf7-32gw-wr33',
      'jsonwebtoken@8.5.1 GHSA-hjrf-2m68-5959',
      'jsonwebtoken@8.5.1 GHSA-qwph-4952-7xr6',
      'mixed@1.0.0 GPL-2.0',
    ]);
  });

  it('when a finding is accepted or dev-only, then it is reported without failing the run', () => {
    const got = result.findings.find((f) => f.pkg.name === 'got')!;
    expect(got).toMatchObject({ blocking: false, pkg: { scope: 'production', via: ['@fx/app', 'cli-helper', 'got'] } });
    expect(got.accepted).toContain('eg');
    const dev = result.findings.filter((f) => f.pkg.scope === 'dev').map((f) => f.pkg.name);
    expect(dev.sort()).toEqual(['minimist', 'test-tool']);
    expect(result.findings.filter((f) => f.pkg.scope === 'dev' && f.blocking)).toEqual([]);
    expect(result.packages.find((p) => p.name === 'texted')).toMatchObject({
      licence: 'MIT',
      licenceSource: 'licence file',
    });
    expect(result.findings.some((f) => f.pkg.name === 'dual' || f.pkg.name === 'texted')).toBe(false);
  });

  it('when the CLI runs on it, then it exits 1 and names the blocking packages', () => {
    const r = cli(['--root', root, '--out', path.join(root, 'report.md'), '--summary', '-']);
    expect(r.code).toBe(1);
    expect(r.out).toContain('BLOCKING: gpl-lib@1.0.0 (production) licence GPL-3.0-only');
    expect(r.out).toContain('result: FAIL (5 blocking)');
    expect(readFileSync(path.join(root, 'report.md'), 'utf8')).toContain('**Result: FAIL.** 5 blocking finding(s)');
  });

  it('when an accept entry has no written reason, then the input is refused (exit 2)', () => {
    const bad = path.join(root, 'advisories.json');
    const list = JSON.parse(readFileSync(ADVISORIES, 'utf8')) as { accepted: { reason: string }[] };
    list.accepted[0]!.reason = ' ';
    writeFileSync(bad, JSON.stringify(list));
    expect(() => audit({ root, advisoriesFile: bad, policyFile: POLICY })).toThrow(AuditInputError);
    expect(cli(['--root', root, '--advisories', bad, '--out', '-', '--summary', '-']).code).toBe(2);
  });
});

describe('licence expressions', () => {
  const allowed = new Set(['MIT', 'Apache-2.0', 'BSD-3-Clause']);
  it.each([
    ['MIT', []],
    ['(MIT OR GPL-3.0)', []],
    ['Apache-2.0 AND MIT', []],
    ['(Apache-2.0 AND BSD-3-Clause)', []],
    ['GPL-2.0+', ['GPL-2.0+']],
    ['(MIT AND GPL-2.0)', ['GPL-2.0']],
    ['Apache-2.0 WITH LLVM-exception', []],
    ['(GPL-2.0 OR LGPL-2.1 OR MPL-1.1)', ['GPL-2.0', 'LGPL-2.1', 'MPL-1.1']],
    ['SEE LICENSE IN LICENSE.md', ['SEE LICENSE IN LICENSE.md']],
  ])('%s → not allowed: %j', (expression, expected) => {
    expect(disallowedIds(expression, allowed)).toEqual(expected);
  });
  it('when no licence is found, then it is not allowed', () => {
    expect(disallowedIds(null, allowed)).toEqual(['(none)']);
  });
  it('when licence texts are read, then the common ones are told apart', () => {
    expect(identifyLicenceText(MIT_TEXT)).toBe('MIT');
    expect(identifyLicenceText('GNU GENERAL PUBLIC LICENSE\nVersion 3, 29 June 2007')).toBe('GPL-3.0');
    expect(identifyLicenceText('Apache License\nVersion 2.0, January 2004')).toBe('Apache-2.0');
    expect(identifyLicenceText('All rights reserved.')).toBeNull();
  });
});

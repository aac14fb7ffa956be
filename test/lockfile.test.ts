// `npm ci` (CI's install) refuses a lockfile that is out of step with the manifests.
// The registry reachable here lacks some platform builds of some releases, and
// `npm install` then silently leaves them out of the lockfile; `npm ci` in a clean
// clone fails on that. This runs the same check on a copy of the manifests.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

describe('package-lock.json', () => {
  it('when npm ci reads it in a clean copy, then nothing is missing from it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lockcheck-'));
    try {
      const root = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
      for (const file of ['package.json', 'package-lock.json', '.npmrc'])
        cpSync(path.join(ROOT, file), path.join(dir, file));
      for (const ws of root.workspaces) {
        mkdirSync(path.join(dir, ws), { recursive: true });
        cpSync(path.join(ROOT, ws, 'package.json'), path.join(dir, ws, 'package.json'));
      }
      let output = '';
      try {
        output = execFileSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], {
          cwd: dir,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        });
      } catch (err) {
        const e = err as { stdout?: string; stderr?: string };
        output = `${e.stdout ?? ''}${e.stderr ?? ''}`;
      }
      expect(output.split('\n').filter((l) => /Missing:|EUSAGE|in sync/.test(l))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, relative, resolve } from 'node:path';

// Runs the same buf + protoc-gen-es from node_modules that `npm run generate` uses,
// offline, into a temp dir, so committed code that drifts from the .proto files fails.
const PROTO_DIR = resolve(__dirname, '..');
const BUF = join(dirname(require.resolve('@bufbuild/buf/package.json')), 'bin', 'buf');
const PLUGIN_BIN = join(dirname(require.resolve('@bufbuild/protoc-gen-es/package.json')), 'bin');

function buf(args: string[]): string {
  return execFileSync(process.execPath, [BUF, ...args], {
    cwd: PROTO_DIR,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${PLUGIN_BIN}${delimiter}${process.env.PATH ?? ''}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function filesUnder(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path), readFileSync(path, 'utf8'));
  }
  return files;
}

describe('generated code', () => {
  let out: string;
  beforeAll(() => {
    out = mkdtempSync(join(tmpdir(), 'syn-proto-gen-'));
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('when regenerated from the .proto files, then it equals the committed src/gen', () => {
    buf(['generate', '--output', out]);
    const fresh = filesUnder(join(out, 'src', 'gen'));
    const committed = filesUnder(join(PROTO_DIR, 'src', 'gen'));
    expect(fresh.size).toBeGreaterThan(0);
    expect([...committed.keys()].sort()).toEqual([...fresh.keys()].sort());
    for (const [file, text] of fresh) {
      // One file at a time so a failure names the stale file; run `npm run generate -w @syn/proto`.
      expect({ file, text: committed.get(file) }).toEqual({ file, text });
    }
  }, 30_000);

  it('the .proto files pass buf lint (STANDARD)', () => {
    expect(() => buf(['lint'])).not.toThrow();
  }, 30_000);
});

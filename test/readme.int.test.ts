// The README's promise to a newcomer: in a fresh clone (no dist/, no node_modules), its start
// command installs, builds and starts the whole product. The clone is made from the committed
// tree, so an uncommitted file or an import of a workspace's build output before the build fails here.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, symlinkSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

jest.setTimeout(20 * 60_000);

const ROOT = path.resolve(__dirname, '..');
// Its own ports, database, alias and topics: a developer's `npm start` may be running beside it.
const OFFSET = 7;
const GATEWAY = `http://127.0.0.1:${8080 + OFFSET}`;

/** The first command of the README's "Two commands" block: the one that installs and starts. */
export function readmeStartCommand(readme: string): string {
  const section = readme.split(/^## /m).find((s) => s.startsWith('Two commands'));
  const block = section ? /```sh\n([\s\S]*?)```/.exec(section)?.[1] : undefined;
  const first = block?.split('\n').find((l) => l.trim() !== '');
  if (!first) throw new Error('README has no "Two commands" sh block');
  return first.replace(/\s+#.*$/, '').trim();
}

async function sleep(ms: number): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
}

let dir = '';
let child: ChildProcess | undefined;
let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
// 'close' comes after every process holding the output pipe let go of it; 'exit' only says the shell ended,
// and the log may still lack the start script's last lines then.
let closed: Promise<void> = Promise.resolve();
let out: ReturnType<typeof createWriteStream> | undefined;
const logFile = path.join(ROOT, '.local', 'logs', 'readme-guard.log');

function tail(): string {
  try {
    return readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
  } catch {
    return '(no output)';
  }
}

async function stop(): Promise<void> {
  const pid = child?.pid;
  if (pid !== undefined && exited === undefined) {
    process.kill(-pid, 'SIGINT');
    for (let i = 0; i < 120 && exited === undefined; i++) await sleep(500);
    if (exited === undefined) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([closed, new Promise((r) => (timer = setTimeout(r, 60_000)))]);
  clearTimeout(timer);
  const stream = out;
  if (stream && !stream.writableEnded) await new Promise<void>((r) => stream.end(r));
}

afterAll(async () => {
  await stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("README: a fresh clone's start command brings the product up and a search answers", async () => {
  const command = readmeStartCommand(readFileSync(path.join(ROOT, 'README.md'), 'utf8'));
  expect(command).toBe('npm ci && npm start');

  dir = mkdtempSync(path.join(os.tmpdir(), 'syndict-readme-'));
  const clone = path.join(dir, 'main');
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', ROOT, clone]);
  // The product reads ../shared/data beside the repository, as on every machine of this kind.
  symlinkSync(path.resolve(ROOT, '..', 'shared'), path.join(dir, 'shared'));

  mkdirSync(path.dirname(logFile), { recursive: true });
  out = createWriteStream(logFile);
  // A newcomer's shell: none of jest's variables.
  const env: NodeJS.ProcessEnv = { ...process.env, DEV_STACK_OFFSET: String(OFFSET) };
  delete env.NODE_ENV;
  delete env.JEST_WORKER_ID;
  delete env.TEST_STACK_OFFSET;
  child = spawn('bash', ['-c', command], { cwd: clone, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(out, { end: false });
  child.stderr?.pipe(out, { end: false });
  child.on('exit', (code, signal) => {
    exited = { code, signal };
  });
  const started = child;
  closed = new Promise((r) => started.on('close', () => r()));

  // Healthy gateway, then a search that finds the sample data (the dataset loads at first start).
  const deadline = Date.now() + 18 * 60_000;
  let found: unknown;
  while (Date.now() < deadline && found === undefined) {
    if (exited !== undefined) throw new Error(`the start command exited (${JSON.stringify(exited)}):\n${tail()}`);
    try {
      const health = await fetch(`${GATEWAY}/health`);
      if (health.ok) {
        const res = await fetch(`${GATEWAY}/api/dic/search/pyojaeItems`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ searchWord: '사랑', pageSize: 10, pageNum: 0 }),
        });
        const body = (await res.json()) as { totalElements?: number; results?: { wordInfoItems?: unknown[] } };
        if (res.status === 200 && (body.totalElements ?? 0) > 0) found = body;
      }
    } catch {
      // not listening yet
    }
    if (found === undefined) await sleep(2000);
  }
  if (found === undefined) throw new Error(`no answer from ${GATEWAY} in time:\n${tail()}`);
  expect(JSON.stringify(found)).toContain('사랑');
  // The clone loaded the whole committed default dataset, and says so in the figures pages show.
  const lines = readFileSync(path.join(clone, 'services/dictionary/data/default.jsonl'), 'utf8').trimEnd().split('\n');
  const relations = lines.reduce((n, l) => n + (JSON.parse(l) as { relations: unknown[] }).relations.length, 0);
  const figures = (await (await fetch(`${GATEWAY}/api/dic/search/dataset`)).json()) as Record<string, unknown>;
  expect(figures).toMatchObject({ headwords: lines.length, relations });

  // Ctrl-C: the shell ends on the signal (as an interactive one does) once `npm start` stopped its stack.
  await stop();
  expect(exited === undefined ? 'still running' : exited.code === 0 || exited.signal === 'SIGINT').toBe(true);
  expect(readFileSync(logFile, 'utf8')).toContain('[start] stopping…');
  await expect(fetch(`${GATEWAY}/health`)).rejects.toThrow();
});

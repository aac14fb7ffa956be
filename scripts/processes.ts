// A small supervisor: starts the product's Node processes, prefixes their output,
// and stops or restarts any one of them (fault tests kill them on purpose).
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface ProcessSpec {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

export interface Output {
  /** Console prefixing (npm start) or one log file per process (tests). */
  kind: 'console' | 'files';
  dir?: string;
}

const COLORS = [36, 33, 35, 32, 34, 31, 96];

export class Supervisor {
  private readonly children = new Map<string, ChildProcess>();
  private readonly files = new Map<string, WriteStream>();
  private stopping = false;
  onUnexpectedExit: ((name: string, code: number | null) => void) | null = null;

  constructor(
    private readonly specs: ProcessSpec[],
    private readonly output: Output,
  ) {}

  startAll(): void {
    for (const spec of this.specs) this.start(spec.name);
  }

  start(name: string): ChildProcess {
    const spec = this.specs.find((s) => s.name === name);
    if (!spec) throw new Error(`unknown process ${name}`);
    const child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: { ...process.env, ...spec.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.children.set(name, child);
    const sink = this.sink(spec, this.specs.indexOf(spec));
    for (const stream of [child.stdout, child.stderr]) {
      if (stream) createInterface({ input: stream }).on('line', sink);
    }
    child.once('exit', (code) => {
      if (this.children.get(name) === child) this.children.delete(name);
      if (!this.stopping) this.onUnexpectedExit?.(name, code);
    });
    return child;
  }

  private sink(spec: ProcessSpec, index: number): (line: string) => void {
    if (this.output.kind === 'console') {
      const color = COLORS[index % COLORS.length] ?? 37;
      const tag = `\x1b[${color}m${spec.name.padEnd(10)}|\x1b[0m `;
      return (line) => process.stdout.write(tag + line + '\n');
    }
    const dir = this.output.dir ?? '.';
    mkdirSync(dir, { recursive: true });
    let file = this.files.get(spec.name);
    if (!file) {
      file = createWriteStream(path.join(dir, `${spec.name}.log`), { flags: 'a' });
      this.files.set(spec.name, file);
    }
    const out = file;
    return (line) => out.write(line + '\n');
  }

  pid(name: string): number | undefined {
    return this.children.get(name)?.pid;
  }

  /** Sends `signal` and waits for the exit (SIGKILL after `graceMs`). */
  async stop(name: string, signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000): Promise<void> {
    const child = this.children.get(name);
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }

  async stopAll(): Promise<void> {
    this.stopping = true;
    await Promise.all([...this.children.keys()].map((name) => this.stop(name)));
    await Promise.all([...this.files.values()].map((f) => new Promise<void>((r) => f.end(r))));
  }
}

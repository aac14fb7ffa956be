// `npm test`: starts the local infrastructure if it is down, builds and lints
// everything, then runs the unit, integration, end-to-end and fault suites in that order.
// Ends with one summary line, `tests: N passed, N failed`.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureInfra } from '../deploy/local/infra';
import { buildIfNeeded } from './stack';
import { LOCAL, ROOT } from './topology';

interface JestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTotalTests: number;
  success: boolean;
}

const log = (line: string) => process.stdout.write(`[test] ${line}\n`);

// A suite that hangs (an open handle, a stuck server) must fail the run, not eat CI's 90 minutes.
// Limits per suite, generous enough for a machine busy with other work (two CPU hogs beside it).
const SUITE_LIMIT_MS: Record<string, number> = {
  unit: 10 * 60_000,
  integration: 35 * 60_000,
  e2e: 30 * 60_000,
  faults: 15 * 60_000,
};
const CHECK_LIMIT_MS = 15 * 60_000;

let interrupted = false;

/**
 * Runs a command in its own process group, so that a suite killed at its limit (or a Ctrl-C) takes
 * everything it started with it: a test stack left running would hold the next suite's ports.
 */
async function run(cmd: string, args: string[], timeoutMs = CHECK_LIMIT_MS): Promise<number> {
  const child = spawn(cmd, args, {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: process.env,
    detached: true,
  });
  const group = (signal: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      // the group is gone already
    }
  };
  const onSignal = (signal: NodeJS.Signals) => {
    interrupted = true;
    group(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const timer = setTimeout(() => {
    log(`killed after ${Math.round(timeoutMs / 60_000)} min: ${[cmd, ...args].join(' ')}`);
    group('SIGKILL');
  }, timeoutMs);
  const code = await new Promise<number>((resolve) => {
    child.on('error', () => resolve(1));
    child.on('exit', (exitCode) => resolve(exitCode ?? 1));
  });
  clearTimeout(timer);
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  // Whatever the suite left behind in its group (a stack a killed test had started) goes too.
  group('SIGKILL');
  if (interrupted) {
    log('interrupted');
    process.exit(130);
  }
  return code;
}

async function jest(project: string, extra: string[]): Promise<{ code: number; result: JestJson | null }> {
  const out = path.join(LOCAL, `jest-${project}.json`);
  rmSync(out, { force: true }); // never count an earlier run's results
  const code = await run(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/jest/bin/jest.js'),
      '--selectProjects',
      project,
      '--json',
      `--outputFile=${out}`,
      // Jest otherwise waits forever for a handle a failed test left open.
      '--forceExit',
      ...extra,
      ...process.argv.slice(2),
    ],
    SUITE_LIMIT_MS[project],
  );
  try {
    return { code, result: JSON.parse(readFileSync(out, 'utf8')) as JestJson };
  } catch {
    return { code, result: null };
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  mkdirSync(LOCAL, { recursive: true });
  log('starting local infrastructure if it is down…');
  await ensureInfra({ log: (l) => log(l) });
  buildIfNeeded(log, { web: 'always' });
  log('type-checking tests and tooling, linting…');
  const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
  const checks: [string, string[]][] = [
    [process.execPath, [tsc, '-p', 'tsconfig.tests.json']],
    [process.execPath, [tsc, '-p', 'deploy/tsconfig.json']],
    ['npm', ['run', 'typecheck', '-w', 'web']],
    [process.execPath, [path.join(ROOT, 'node_modules/eslint/bin/eslint.js'), '.']],
  ];
  for (const [cmd, args] of checks) {
    if ((await run(cmd, args)) !== 0) {
      log(`failed: ${[cmd, ...args].join(' ')}`);
      process.stdout.write('tests: 0 passed, 1 failed\n');
      process.exit(1);
    }
  }
  let passed = 0;
  let failed = 0;
  let ok = true;
  const suites: [string, string[]][] = [
    ['unit', ['--maxWorkers=2']],
    ['integration', ['--runInBand']],
    ['e2e', ['--runInBand']],
    // Kills each process of its own stack under load (test/faults, 2–5 min); its Kafka and Elasticsearch are its own.
    ['faults', ['--runInBand']],
  ];
  for (const [project, extra] of suites) {
    log(`running ${project} tests…`);
    const { code, result } = await jest(project, extra);
    if (result) {
      passed += result.numPassedTests;
      failed += result.numFailedTests;
    }
    if (code !== 0 || !result || !result.success) {
      ok = false;
      if (!result || result.numFailedTests === 0) failed += 1; // a suite that failed to run counts as a failure
    }
  }
  log(`finished in ${Math.round((Date.now() - started) / 1000)} s`);
  process.stdout.write(`tests: ${passed} passed, ${failed} failed\n`);
  process.exit(ok ? 0 : 1);
}

main().catch((err: unknown) => {
  process.stderr.write(`[test] ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.stdout.write('tests: 0 passed, 1 failed\n');
  process.exit(1);
});

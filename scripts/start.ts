// `npm start`: local infrastructure, build, sample data, then every service and
// the gateway under one supervisor with prefixed logs. Ctrl-C stops them all.
import { ensureInfra } from '../deploy/local/infra';
import { ensureDatabases } from '../deploy/local/lib/probes';
import { POSTGRES_URL } from '../deploy/local/lib/servers';
import { buildIfNeeded, startStack, type Stack } from './stack';
import { dictionaryReplicas, topology } from './topology';

const log = (line: string) => process.stdout.write(`[start] ${line}\n`);

// Ctrl-C can come at any moment: before the stack exists (infra, build, seed), while it is starting
// (its processes may already answer, so a caller may stop it before startStack returns), or when it runs.
type Phase = { kind: 'preparing' } | { kind: 'starting' } | { kind: 'running'; stack: Stack };
let phase: Phase = { kind: 'preparing' };
let stopRequested = false;

function stop(): void {
  if (stopRequested) return;
  stopRequested = true;
  log('stopping…');
  if (phase.kind === 'preparing') process.exit(130);
  if (phase.kind === 'running') void phase.stack.stop().then(() => process.exit(0));
  // 'starting': main stops the stack as soon as startStack settles.
}

async function main(): Promise<void> {
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const started = Date.now();
  // DICTIONARY_REPLICAS=2 npm start runs the dictionary as two processes behind the gateway.
  const replicas = dictionaryReplicas(1);
  log('starting local infrastructure (first run downloads servers from Maven Central)…');
  await ensureInfra({ log });
  // infra:up creates the default database; a stack moved by DEV_STACK_OFFSET has its own.
  const database = new URL(topology('dev').env.DATABASE_URL ?? POSTGRES_URL).pathname.slice(1);
  await ensureDatabases(POSTGRES_URL, [database]);
  buildIfNeeded(log);
  // The seed imports workspace packages whose `exports` point at their build output: load it only now.
  const { seedDevData } = await import('./seed.js');
  await seedDevData(log);
  phase = { kind: 'starting' };
  let stack: Stack;
  try {
    stack = await startStack({ mode: 'dev', log, skipBuild: true, output: 'console', dictionaryReplicas: replicas });
  } catch (err) {
    // The stack's processes got the same Ctrl-C and ended; startStack already stopped the rest.
    if (stopRequested) process.exit(0);
    throw err;
  }
  phase = { kind: 'running', stack };
  if (stopRequested) {
    await stack.stop();
    process.exit(0);
  }
  if (replicas > 1) log(`dictionary: ${replicas} replicas on ports ${stack.dictionary.map((d) => d.port).join(', ')}`);
  log(`ready in ${Math.round((Date.now() - started) / 1000)} s`);
  log(`open ${stack.baseUrl}/  (mail inbox: http://127.0.0.1:1080/)`);
  log(`metrics: http://127.0.0.1:${topology('dev').gatewayMetricsPort}/metrics and each service's /metrics`);
}

main().catch((err: unknown) => {
  process.stderr.write(`[start] ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

// `npm start`: local infrastructure, build, sample data, then every service and
// the gateway under one supervisor with prefixed logs. Ctrl-C stops them all.
import { ensureInfra } from '../deploy/local/infra';
import { ensureDatabases } from '../deploy/local/lib/probes';
import { POSTGRES_URL } from '../deploy/local/lib/servers';
import { buildIfNeeded, startStack } from './stack';
import { topology } from './topology';

const log = (line: string) => process.stdout.write(`[start] ${line}\n`);

async function main(): Promise<void> {
  const started = Date.now();
  log('starting local infrastructure (first run downloads servers from Maven Central)…');
  await ensureInfra({ log });
  // infra:up creates the default database; a stack moved by DEV_STACK_OFFSET has its own.
  const database = new URL(topology('dev').env.DATABASE_URL ?? POSTGRES_URL).pathname.slice(1);
  await ensureDatabases(POSTGRES_URL, [database]);
  buildIfNeeded(log);
  // The seed imports workspace packages whose `exports` point at their build output: load it only now.
  const { seedDevData } = await import('./seed.js');
  await seedDevData(log);
  const stack = await startStack({ mode: 'dev', log, skipBuild: true, output: 'console' });
  log(`ready in ${Math.round((Date.now() - started) / 1000)} s`);
  log(`open ${stack.baseUrl}/  (mail inbox: http://127.0.0.1:1080/)`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    log('stopping…');
    void stack.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`[start] ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

// A whole test stack (every service, the gateway, the PortOne sandbox) for one security test file,
// its logs under .local/logs/test<offset>-<name>, and a pool on its database.
import path from 'node:path';
import { Pool } from 'pg';
import { startStack, type Stack } from '../../../scripts/stack';
import { LOCAL, topology } from '../../../scripts/topology';

export interface SecurityStack {
  stack: Stack;
  baseUrl: string;
  sandboxUrl: string;
  pool: Pool;
  stop(): Promise<void>;
}

export async function startSecurityStack(name: string): Promise<SecurityStack> {
  const quiet: string[] = [];
  let stack: Stack;
  try {
    stack = await startStack({
      mode: 'test',
      output: 'files',
      logDir: path.join(LOCAL, 'logs', `test${process.env.TEST_STACK_OFFSET ?? ''}-${name}`),
      log: (l) => quiet.push(l),
    });
  } catch (err) {
    throw new Error(`the test stack did not start:\n${quiet.join('\n')}`, { cause: err });
  }
  const pool = new Pool({ connectionString: stack.env.DATABASE_URL, max: 2 });
  return {
    stack,
    baseUrl: stack.baseUrl,
    sandboxUrl: `http://127.0.0.1:${topology('test').sandboxPort}`,
    pool,
    async stop() {
      await pool.end();
      await stack.stop();
    },
  };
}

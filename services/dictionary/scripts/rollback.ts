// npm run dict:rollback [-- --alias headwords]
import { parseArgs } from 'node:util';
import { createClient, HEADWORDS_ALIAS } from '../src/store/client';
import { rollback } from '../src/store/rollback';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { alias: { type: 'string', default: HEADWORDS_ALIAS } } });
  const client = createClient();
  try {
    const { from, to } = await rollback(client, values.alias);
    console.log(`alias "${values.alias}": ${from} → ${to}`);
  } catch (err) {
    console.error(`rollback failed: ${(err as Error).message}`);
    process.exitCode = 1;
  } finally {
    await client.close();
  }
}

void main();

// npm run dict:rollback [-- --alias headwords]
// Every dictionary replica follows the alias (AliasWatcher) and drops its cached answers
// within about a second of the move; nothing needs restarting.
import { parseArgs } from 'node:util';
import { createClient, HEADWORDS_ALIAS } from '../src/store/client';
import { rollback } from '../src/store/rollback';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { alias: { type: 'string', default: HEADWORDS_ALIAS } } });
  const client = createClient();
  try {
    const { from, to } = await rollback(client, values.alias);
    const [a, b] = await Promise.all([client.count({ index: from }), client.count({ index: to })]);
    console.log(`alias "${values.alias}": ${from} (${a.count} headwords) → ${to} (${b.count} headwords)`);
  } catch (err) {
    console.error(`rollback failed: ${(err as Error).message}`);
    process.exitCode = 1;
  } finally {
    await client.close();
  }
}

void main();

// `npm run billing:reconcile [-- --days 30]`: our payments against PortOne's; prints every
// difference and exits 1 when there is one. Reads DATABASE_URL and PORTONE_API_URL/KEY/SECRET.
import { createPool } from '@syn/kit';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { PortOneClient } from '../src/adapters/portone';
import { reconcile } from '../src/jobs/reconcile';
import { loadReconcileConfig } from '../src/config';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { days: { type: 'string', default: '30' } } });
  const days = z.coerce.number().int().min(1).parse(values.days);
  const cfg = loadReconcileConfig();
  const pool = createPool(cfg.DATABASE_URL);
  try {
    const to = new Date();
    const from = new Date(to.getTime() - days * 86_400_000);
    const provider = new PortOneClient({
      baseUrl: cfg.PORTONE_API_URL,
      apiKey: cfg.PORTONE_API_KEY,
      apiSecret: cfg.PORTONE_API_SECRET,
    });
    const diffs = await reconcile({ pool, schema: 'billing', provider, from, to });
    process.stdout.write(
      `billing reconcile ${from.toISOString()} … ${to.toISOString()}: ${diffs.length} difference(s)\n`,
    );
    for (const d of diffs) {
      process.stdout.write(`${d.kind}\t${d.merchantUid}\t${d.impUid ?? '-'}\tours=${d.ours}\tprovider=${d.provider}\n`);
    }
    return diffs.length === 0 ? 0 : 1;
  } finally {
    await pool.end();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`billing reconcile failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(2);
  },
);

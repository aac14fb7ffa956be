// `tsx deploy/local/portone-sandbox/main.ts`: the PortOne sandbox for local runs.
import path from 'node:path';
import { startSandbox } from './sandbox';

const port = Number(process.env.PORTONE_SANDBOX_PORT ?? 4100);
// The billing service's webhook endpoint, through the gateway like the real provider would call it.
const webhookUrl = process.env.PORTONE_WEBHOOK_URL ?? 'http://127.0.0.1:8080/api/pay/webhook';
const stateFile =
  process.env.PORTONE_SANDBOX_STATE ?? path.resolve(__dirname, '../../../.local/portone-sandbox/state.json');

startSandbox({ port, webhookUrl, stateFile }).then(
  (sandbox) => {
    process.stdout.write(`portone sandbox on ${sandbox.url} (webhooks → ${webhookUrl}, state ${stateFile})\n`);
    // Provider-side schedules run like PortOne's: checked every 10 s.
    const timer = setInterval(() => void sandbox.runSchedules().catch(() => undefined), 10_000);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        clearInterval(timer);
        void sandbox.close().then(() => process.exit(0));
      });
    }
  },
  (err: unknown) => {
    process.stderr.write(`portone sandbox failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);

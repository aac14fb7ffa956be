// Measures what the gateway adds to a request: N sequential keep-alive
// requests to an echo upstream, directly and through the built gateway
// (`node gateway/dist/main.js` as a child process), anonymous and signed in.
// Run: npx tsc -b gateway && npx tsx gateway/scripts/bench.ts [requests]
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createClient } from 'redis';
import { newSessionId, sessionKey, type SessionData } from '@syn/kit/session';

const REQUESTS = Number(process.argv[2] ?? 2000);
const WARM_UP = 200;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const BODY = JSON.stringify({ searchWord: '사랑', pageSize: 10, pageNum: 0 });

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function request(url: URL, headers: http.OutgoingHttpHeaders): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
          else resolve(Number(process.hrtime.bigint() - started) / 1e6);
        });
      },
    );
    req.on('error', reject);
    req.end(BODY);
  });
}

async function measure(label: string, url: URL, headers: http.OutgoingHttpHeaders = {}): Promise<void> {
  for (let i = 0; i < WARM_UP; i += 1) await request(url, headers);
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) times.push(await request(url, headers));
  times.sort((a, b) => a - b);
  const at = (q: number): string => (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN).toFixed(3);
  console.log(`${label.padEnd(28)} n=${REQUESTS}  p50=${at(0.5)} ms  p90=${at(0.9)} ms  p99=${at(0.99)} ms`);
}

async function main(): Promise<void> {
  const echo = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ path: req.url, user: req.headers['x-user-id'], size: Buffer.concat(chunks).length }));
    });
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  const echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;

  const gateway = spawn(process.execPath, [path.join(__dirname, '..', 'dist', 'main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      GATEWAY_PORT: '0',
      ACCOUNT_URL: echoUrl,
      DICTIONARY_URLS: echoUrl,
      WORDBOOK_URL: echoUrl,
      BILLING_URL: echoUrl,
      STATISTICS_URL: echoUrl,
      REDIS_URL,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const gatewayUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    gateway.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /"url":"(http:[^"]+)","msg":"gateway listening"/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    gateway.on('exit', (code) => reject(new Error(`gateway exited with ${code}`)));
  });

  const redis = createClient({ url: REDIS_URL });
  await redis.connect();
  const sid = newSessionId();
  const session: SessionData = {
    userId: 4242,
    grade: 1,
    deviceKey: 'bench',
    email: 'bench@example.com',
    createdAt: '',
  };
  await redis.set(sessionKey(sid), JSON.stringify(session), { EX: 600 });

  try {
    const apiPath = '/api/dic/search/pyojaeItems';
    await measure('direct to upstream', new URL(apiPath, echoUrl));
    await measure('gateway, anonymous', new URL(apiPath, gatewayUrl));
    await measure('gateway, signed in (Redis)', new URL(apiPath, gatewayUrl), { cookie: `sid=${sid}` });
  } finally {
    await redis.del(sessionKey(sid));
    await redis.close();
    gateway.kill('SIGTERM');
    agent.destroy();
    echo.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

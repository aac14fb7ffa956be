// The event pipeline end to end: a write in the dictionary service goes through its
// outbox to Kafka, and the statistics service counts it exactly once — also when
// the dictionary process is killed between the write and the relay.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  createPool,
  DEVELOPMENT_IDENTITY_SECRET,
  GATEWAY_ISSUER,
  identityHeaders,
  startService,
  type Pool,
} from '@syn/kit';
import { dictionaryService } from '../services/dictionary/src/service';
import { statisticsService } from '../services/statistics/src/service';

const ROOT = path.resolve(__dirname, '..');
const run = randomBytes(4).toString('hex');
const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/syndict_test';
// A database of its own: any other dictionary process on this machine would relay the shared outbox.
const DATABASE = `pipeline_${run}`;
const env = {
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  PORT: '0',
  DATABASE_URL: SERVER_URL.replace(/\/[^/]*$/, `/${DATABASE}`),
  KAFKA_TOPIC_PREFIX: `pipeline.${run}.`,
};

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const startStatistics = (env: Record<string, string>) => startService(statisticsService, env);

describe('dictionary → outbox → Kafka → statistics', () => {
  let pool: Pool;
  let statistics: Awaited<ReturnType<typeof startStatistics>> | undefined;
  const clicks = async (linkType: string): Promise<number> => {
    const { rows } = await pool.query<{ n: number }>(
      `SELECT coalesce(sum(clicks), 0)::int AS n FROM statistics.external_link_daily WHERE link_type = $1`,
      [linkType],
    );
    return rows[0]?.n ?? 0;
  };
  const externalLink = (url: string, body: object, headers: Record<string, string> = {}) =>
    fetch(`${url}/api/dic/search/externalLink`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    const admin = createPool(SERVER_URL);
    await admin.query(`CREATE DATABASE ${DATABASE}`);
    await admin.end();
    pool = createPool(env.DATABASE_URL);
    statistics = await startStatistics(env);
  });
  afterAll(async () => {
    await statistics?.stop();
    await pool?.end();
    const admin = createPool(SERVER_URL);
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.end();
  });

  it('when a visitor opens an external link, then statistics counts it once', async () => {
    const dictionary = await startService(dictionaryService, env);
    try {
      const before = await clicks('opendic');
      const res = await externalLink(dictionary.http.url, { userId: 1, linkType: 'opendic', wordId: 42 });
      expect(res.status).toBe(200);
      await until('the click to be counted', async () => (await clicks('opendic')) === before + 1);
      const { rows } = await pool.query(
        `SELECT user_id FROM dictionary.external_link_clicks WHERE headword_id = 42 ORDER BY id DESC LIMIT 1`,
      );
      // The body's userId is ignored: the caller is who the gateway says (anonymous here).
      expect(rows[0].user_id).toBe(99999999);
    } finally {
      await dictionary.stop();
    }
  });

  it('when the link type is not one of natmal/opendic, then 400 and nothing is written', async () => {
    const dictionary = await startService(dictionaryService, env);
    try {
      const before = await pool.query(`SELECT count(*)::int AS n FROM dictionary.outbox`);
      const res = await externalLink(dictionary.http.url, { linkType: 'evil', wordId: 1 });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: true, message: '외부 사전 종류가 올바르지 않습니다.' });
      const after = await pool.query(`SELECT count(*)::int AS n FROM dictionary.outbox`);
      expect(after.rows[0].n).toBe(before.rows[0].n);
    } finally {
      await dictionary.stop();
    }
  });

  it('when the dictionary is killed with SIGKILL after the write and before the relay, then after restart the click is counted exactly once', async () => {
    const before = await clicks('natmal');
    const port = 20000 + Math.floor(Math.random() * 20000);
    const child: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'services/dictionary/src/main.ts')],
      { env: { ...env, PORT: String(port), OUTBOX_RELAY: 'off' }, stdio: 'ignore' },
    );
    try {
      await until('the dictionary child to listen', async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/health`)).status > 0;
        } catch {
          return false;
        }
      });
      const res = await externalLink(
        `http://127.0.0.1:${port}`,
        { linkType: 'natmal', wordId: 7 },
        identityHeaders(DEVELOPMENT_IDENTITY_SECRET, GATEWAY_ISSUER, 'POST', '/api/dic/search/externalLink', {
          userId: 12,
          grade: 1,
          deviceState: 'current',
        }),
      );
      expect(res.status).toBe(200);
    } finally {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }
    // Nothing was relayed: the event waits in the outbox.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await clicks('natmal')).toBe(before);
    const restarted = await startService(dictionaryService, env);
    try {
      await until('the click to be counted after restart', async () => (await clicks('natmal')) === before + 1);
      await new Promise((r) => setTimeout(r, 1_500));
      expect(await clicks('natmal')).toBe(before + 1);
    } finally {
      await restarted.stop();
    }
  });
});

// The event pipeline end to end: a write in the dictionary service goes through its
// outbox to Kafka, and the statistics service counts it exactly once — also when
// the dictionary process is killed between the write and the relay. A search's fact is
// acknowledged once its outbox batch committed: a graceful stop writes it, a SIGKILL loses it.
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
import { decodeEnvelope } from '@syn/proto';
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

/** The dictionary as a process of its own (from source), listening on a random port. */
async function dictionaryChild(extra: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'services/dictionary/src/main.ts')], {
    env: { ...env, PORT: String(port), ...extra },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  await until('the dictionary child to listen', async () => {
    try {
      return (await fetch(`${url}/health`)).status > 0;
    } catch {
      return false;
    }
  });
  return { child, url };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(child.exitCode) : child.once('exit', resolve),
  );

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
    const { child, url } = await dictionaryChild({ OUTBOX_RELAY: 'off' });
    try {
      const res = await externalLink(
        url,
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
      await exited(child);
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
  describe('usage facts (the answer does not wait for their commit)', () => {
    const searches = async (): Promise<number> => {
      const { rows } = await pool.query<{ n: number }>(
        `SELECT coalesce(sum(searches), 0)::int AS n FROM statistics.search_daily`,
      );
      return rows[0]?.n ?? 0;
    };
    const factsOf = async (query: string): Promise<number> => {
      const { rows } = await pool.query<{ payload: Buffer }>(
        `SELECT payload FROM dictionary.outbox WHERE type = 'dictionary.HeadwordSearched.v1'`,
      );
      return rows.filter((r) => (decodeEnvelope(r.payload).event.value as { query: string }).query === query).length;
    };
    const search = (url: string, searchWord: string) =>
      fetch(`${url}/api/dic/search/pyojaeItems`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ searchWord, pageSize: 10, pageNum: 0 }),
      });
    const factCounts = async (url: string) => {
      const p = '/internal/usage/facts';
      const res = await fetch(url + p, {
        headers: identityHeaders(DEVELOPMENT_IDENTITY_SECRET, 'statistics', 'GET', p, { userId: 0, grade: 0 }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { accepted: number; committed: number; pending: number };
    };
    // A delay of a second: the fact is surely still buffered when the signal comes.
    const slowBuffer = { OUTBOX_BUFFER_MS: '1000' };

    it('when the dictionary is stopped with SIGTERM while a search fact is buffered, then it is written and counted once', async () => {
      const before = await searches();
      const query = `사랑${run}`;
      const { child, url } = await dictionaryChild(slowBuffer);
      try {
        expect((await search(url, query)).status).toBe(200);
        expect(await factCounts(url)).toMatchObject({ accepted: 1, committed: 0, pending: 1 });
        child.kill('SIGTERM');
        expect(await exited(child)).toBe(0);
      } finally {
        child.kill('SIGKILL');
      }
      expect(await factsOf(query)).toBe(1);
      const relay = await startService(dictionaryService, env);
      try {
        await until('the search to be counted', async () => (await searches()) === before + 1);
        await new Promise((r) => setTimeout(r, 1_500));
        expect(await searches()).toBe(before + 1);
      } finally {
        await relay.stop();
      }
    });

    it('when the dictionary is killed with SIGKILL while a search fact is buffered, then that unacknowledged fact is lost, nothing else', async () => {
      const query = `하늘${run}`;
      const { child, url } = await dictionaryChild(slowBuffer);
      try {
        expect((await search(url, query)).status).toBe(200);
        // Answered, but not acknowledged: the counter says a kill now would lose it.
        expect(await factCounts(url)).toMatchObject({ committed: 0, pending: 1 });
      } finally {
        child.kill('SIGKILL');
        await exited(child);
      }
      expect(await factsOf(query)).toBe(0);
    });
  });
});

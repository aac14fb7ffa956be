// Every dictionary replica drops its cached answers when the alias moves: two
// readers with their own Elasticsearch clients, as two processes would have, and then two
// in-process dictionary services, against the real Elasticsearch (and, for the services,
// PostgreSQL, Redis and Kafka). The import and the rollback are made by a third client.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  ANONYMOUS_GRADE,
  ANONYMOUS_USER_ID,
  DEVELOPMENT_IDENTITY_SECRET,
  GATEWAY_ISSUER,
  identityHeaders,
} from '@syn/kit';
import type { HeadwordRecord } from '../src/domain/record';
import { importDataset } from '../src/store/import';
import { AliasWatcher } from '../src/store/indices';
import { HeadwordReader } from '../src/store/reader';
import { rollback } from '../src/store/rollback';
import { aRecord, aRelation, dropIndicesOf, testClient, toJsonl, uniqueAlias } from './builders';
import { startDictionary, type DictionaryService } from './harness';

const operator = testClient();
const aliases: string[] = [];

/** The good dataset, and a bad one where 사랑's synonym became 미움. */
const good: HeadwordRecord[] = [
  aRecord({ id: 1, word: '사랑', relations: [aRelation('비슷한말', 2)] }),
  aRecord({ id: 2, word: '애정', hanja: '愛情' }),
  aRecord({ id: 3, word: '미움' }),
];
const bad: HeadwordRecord[] = [
  aRecord({ id: 1, word: '사랑', relations: [aRelation('비슷한말', 3)] }),
  aRecord({ id: 2, word: '애정', hanja: '愛情' }),
  aRecord({ id: 3, word: '미움' }),
  aRecord({ id: 4, word: '증오' }),
];

function newAlias(label: string): string {
  const alias = uniqueAlias(label);
  aliases.push(alias);
  return alias;
}

/** Retries until the check passes or the time is up (the watchers poll). */
async function eventually(check: () => Promise<void>, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

afterAll(async () => {
  for (const alias of aliases) await dropIndicesOf(operator, alias);
  await operator.close();
});

describe('two readers, each with its own client and watcher', () => {
  it('both stop serving cached answers of the old index after an import and after a rollback', async () => {
    const alias = newAlias('cache');
    await importDataset(operator, Readable.from([toJsonl(good)]), { alias });
    const clients = [testClient(), testClient(), testClient()];
    const watchers = clients.slice(0, 2).map((c) => new AliasWatcher(c, alias, { intervalMs: 100 }));
    await Promise.all(watchers.map((w) => w.start()));
    const readers = watchers.map(
      (w, i) => new HeadwordReader(clients[i]!, { alias, ttlMs: 600_000, servingIndex: () => w.current() }),
    );
    // A reader as it was before: nothing tells it that the alias moved.
    const unaware = new HeadwordReader(clients[2]!, { alias, ttlMs: 600_000 });
    const synonyms = async (r: HeadwordReader) =>
      (await r.getHeadword(1))?.groups.flatMap((g) => g.words.map((w) => w.word));
    const all = [...readers, unaware];
    try {
      for (const r of all) expect(await synonyms(r)).toEqual(['애정']);
      for (const r of all) expect((await r.search('증오', 0, 10)).total).toBe(0);

      await importDataset(operator, Readable.from([toJsonl(bad)]), { alias });
      await eventually(async () => {
        for (const r of readers) expect(await synonyms(r)).toEqual(['미움']);
        for (const r of readers) expect((await r.search('증오', 0, 10)).total).toBe(1);
      });
      // The cache is real: the reader without a watcher still answers from it.
      expect(await synonyms(unaware)).toEqual(['애정']);

      await rollback(operator, alias);
      await eventually(async () => {
        for (const r of readers) expect(await synonyms(r)).toEqual(['애정']);
        for (const r of readers) expect((await r.search('증오', 0, 10)).total).toBe(0);
      });
    } finally {
      for (const w of watchers) w.stop();
      await Promise.all(clients.map((c) => c.close()));
    }
  });

  it('keeps no answer at all with maxEntries 0 (ANSWER_CACHE_ENTRIES=0): the new index shows at once, without a watcher', async () => {
    const alias = newAlias('nocache');
    await importDataset(operator, Readable.from([toJsonl(good)]), { alias });
    const client = testClient();
    const uncached = new HeadwordReader(client, { alias, maxEntries: 0, ttlMs: 600_000 });
    const cached = new HeadwordReader(client, { alias, ttlMs: 600_000 });
    const synonyms = async (r: HeadwordReader) =>
      (await r.getHeadword(1))?.groups.flatMap((g) => g.words.map((w) => w.word));
    try {
      for (const r of [uncached, cached]) expect(await synonyms(r)).toEqual(['애정']);
      await importDataset(operator, Readable.from([toJsonl(bad)]), { alias });
      expect(await synonyms(uncached)).toEqual(['미움']);
      expect((await uncached.search('증오', 0, 10)).total).toBe(1);
      expect(await synonyms(cached)).toEqual(['애정']);
    } finally {
      await client.close();
    }
  });

  it('reports each move to its listeners once', async () => {
    const alias = newAlias('watch');
    const first = await importDataset(operator, Readable.from([toJsonl(good)]), { alias });
    const client = testClient();
    const watcher = new AliasWatcher(client, alias, { intervalMs: 50 });
    const moves: Array<[string | null, string | null]> = [];
    watcher.onChange((index, previous) => moves.push([index, previous]));
    await watcher.start();
    try {
      const second = await importDataset(operator, Readable.from([toJsonl(bad)]), { alias });
      await eventually(async () => expect(watcher.current()).toBe(second.index));
      await new Promise((r) => setTimeout(r, 200));
      expect(moves).toEqual([
        [first.index, null],
        [second.index, first.index],
      ]);
    } finally {
      watcher.stop();
      await client.close();
    }
  });
});

describe('two dictionary services on one alias', () => {
  const alias = newAlias('replicas');
  const prefix = `dicttest.${randomBytes(4).toString('hex')}.`;
  const services: Array<DictionaryService> = [];

  beforeAll(async () => {
    await importDataset(operator, Readable.from([toJsonl(good)]), { alias });
    for (let i = 0; i < 2; i += 1) {
      services.push(await startDictionary(alias, {}, prefix));
    }
  });

  afterAll(async () => {
    for (const svc of services) await svc.stop();
  });

  const detail = async (svc: DictionaryService) => {
    const res = await fetch(`${svc.http.url}/api/dic/search/wordSynItems`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...identityHeaders(DEVELOPMENT_IDENTITY_SECRET, GATEWAY_ISSUER, 'POST', '/api/dic/search/wordSynItems', {
          userId: ANONYMOUS_USER_ID,
          grade: ANONYMOUS_GRADE,
        }),
      },
      body: JSON.stringify({ pyojaeId: 1 }),
    });
    const body = (await res.json()) as { wordSynItems: Array<{ WORD: string }> };
    return body.wordSynItems.map((w) => w.WORD);
  };
  const dataset = async (svc: DictionaryService) => {
    const res = await fetch(`${svc.http.url}/api/dic/search/dataset`);
    expect(res.status).toBe(200);
    return (await res.json()) as {
      headwords: number;
      relations: number;
      sources: Array<{ id: string }>;
      generated: boolean;
    };
  };

  it('serve the figures of the live index and its attribution', async () => {
    for (const svc of services) {
      expect(await dataset(svc)).toMatchObject({
        headwords: 3,
        relations: 1,
        generated: false,
        sources: [{ id: 'editorial' }],
      });
    }
  });

  it('both answer from the new index after an import, and from the old again after dict:rollback', async () => {
    for (const svc of services) expect(await detail(svc)).toEqual(['애정']);
    await importDataset(operator, Readable.from([toJsonl(bad)]), { alias });
    await eventually(async () => {
      for (const svc of services) {
        expect(await detail(svc)).toEqual(['미움']);
        expect(await dataset(svc)).toMatchObject({ headwords: 4, relations: 1 });
      }
    });
    await rollback(operator, alias);
    await eventually(async () => {
      for (const svc of services) {
        expect(await detail(svc)).toEqual(['애정']);
        expect((await dataset(svc)).headwords).toBe(3);
      }
    });
  });
});

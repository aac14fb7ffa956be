// The wordbook's dictionary client over several dictionary replicas: one that is gone (its port
// refuses) or breaks the connection is passed over for the next one.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEVELOPMENT_IDENTITY_SECRET } from '@syn/kit/identity';
import type { Caller } from '@syn/kit';
import { dictionaryUrlsOf } from '../src/config';
import { DETAIL_PATH, DictionaryClient, DictionaryUnavailable } from '../src/adapters/dictionary';

const CALLER = { userId: 5, grade: 1, deviceState: 'current' } as unknown as Caller;

interface Upstream {
  url: string;
  hits: number;
  close(): Promise<void>;
}

/** A replica answering the detail of headword 7, or breaking every connection (`reset`). */
async function replica(mode: 'answer' | 'reset'): Promise<Upstream> {
  const up: Upstream = { url: '', hits: 0, close: async () => undefined };
  const server = http.createServer((req, res) => {
    up.hits++;
    if (mode === 'reset' || req.url !== DETAIL_PATH) {
      req.socket.destroy();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ pyojaeItem: { ID: 7, WORD: '사랑', HANJA: '', LINK_URL: '' }, wordSynItems: [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  up.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  up.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return up;
}

const client = (baseUrls: string[]) =>
  new DictionaryClient({ baseUrls, identitySecret: DEVELOPMENT_IDENTITY_SECRET, timeoutMs: 2_000, headwordTtlMs: 1 });

describe('the dictionary client over several replicas', () => {
  it('when DICTIONARY_URLS lists replicas, then all of them are asked; DICTIONARY_URL alone wins', () => {
    expect(dictionaryUrlsOf({ DICTIONARY_URLS: 'http://a:1/, http://b:2' })).toEqual(['http://a:1', 'http://b:2']);
    expect(dictionaryUrlsOf({ DICTIONARY_URL: 'http://c:3', DICTIONARY_URLS: 'http://a:1' })).toEqual(['http://c:3']);
    expect(dictionaryUrlsOf({})).toEqual(['http://127.0.0.1:4002']);
  });

  it('when one replica is gone or breaks connections, then every lookup is answered by another', async () => {
    const good = await replica('answer');
    const broken = await replica('reset');
    const gone = await replica('answer');
    await gone.close();
    try {
      const c = client([gone.url, broken.url, good.url]);
      for (let i = 0; i < 6; i++) {
        // The existence cache keeps an answer for 1 ms here: each lookup asks a replica.
        await expect(c.headword(7, CALLER)).resolves.toEqual({
          found: true,
          headword: { id: 7, word: '사랑', hanja: '', linkUrl: '' },
        });
        await new Promise((r) => setTimeout(r, 5));
      }
      expect(good.hits).toBeGreaterThanOrEqual(6);
      expect(broken.hits).toBeGreaterThan(0);
    } finally {
      await good.close();
      await broken.close();
    }
  });

  it('when no replica can be reached, then the lookup fails as DictionaryUnavailable', async () => {
    const gone = await replica('answer');
    await gone.close();
    await expect(client([gone.url, gone.url]).headword(7, CALLER)).rejects.toBeInstanceOf(DictionaryUnavailable);
  });
});

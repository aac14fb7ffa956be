// Test support: the wordbook service in-process against a real MongoDB (a mongo:7
// container when a Docker engine answers, else MONGO_URL: the local MongoDB-wire server),
// real Kafka, and a small HTTP server that answers the dictionary's internal detail route
// (the wordSynItems body; the dictionary's own tests cover the dictionary).
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DEVELOPMENT_IDENTITY_SECRET,
  DEVICE_STATE_HEADER,
  GATEWAY_ISSUER,
  identityHeaders,
  startService,
  USER_ID_HEADER,
  verifyIdentity,
  type DeviceState,
} from '@syn/kit';
import { MongoDBContainer, type StartedMongoDBContainer } from '@testcontainers/mongodb';
import { getContainerRuntimeClient } from 'testcontainers';
import { DETAIL_PATH } from '../src/adapters/dictionary';
import { wordbookService } from '../src/service';

export const KAFKA_BROKERS = process.env.KAFKA_BROKERS ?? '127.0.0.1:9092';
const LOCAL_MONGO = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/syndict';

export const uid = () => randomBytes(5).toString('hex');

export interface TestMongo {
  /** A URL with a database of this test run's own. */
  url: string;
  kind: 'container' | 'MONGO_URL';
  stop(): Promise<void>;
}

async function dockerAnswers(): Promise<boolean> {
  try {
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/** Real MongoDB in a container when Docker is there; otherwise the server MONGO_URL names. */
export async function startMongo(): Promise<TestMongo> {
  const db = `wordbook_test_${uid()}`;
  if (await dockerAnswers()) {
    const container: StartedMongoDBContainer = await new MongoDBContainer('mongo:7').start();
    return {
      url: withDatabase(container.getConnectionString(), db),
      kind: 'container',
      stop: async () => void (await container.stop()),
    };
  }
  return { url: withDatabase(LOCAL_MONGO, db), kind: 'MONGO_URL', stop: async () => undefined };
}

/** A headword the stand-in dictionary knows. */
export interface StubHeadword {
  word: string;
  hanja: string;
  similar: string[];
}

/** Users the stand-in dictionary treats as paid (all similar words); others see 2 (free). */
export interface StubDictionary {
  url: string;
  headwords: Map<number, StubHeadword>;
  paidUsers: Set<number>;
  calls: Array<{ pyojaeId: number; userId: string; sessionHash: string | undefined }>;
  close(): Promise<void>;
}

export async function startStubDictionary(): Promise<StubDictionary> {
  const headwords = new Map<number, StubHeadword>();
  const paidUsers = new Set<number>();
  const calls: StubDictionary['calls'] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== DETAIL_PATH) {
        send(404, { error: true, message: '요청한 경로를 찾을 수 없습니다.' });
        return;
      }
      // As the dictionary does: only another service's signed call reaches /internal.
      const signed = verifyIdentity(DEVELOPMENT_IDENTITY_SECRET, req.method, req.url, req.headers);
      if (!signed.ok || signed.issuer !== 'wordbook') {
        send(401, { error: true, message: '요청한 사용자를 확인할 수 없습니다.' });
        return;
      }
      const { pyojaeId } = JSON.parse(raw || '{}') as { pyojaeId?: number };
      const userId = String(req.headers[USER_ID_HEADER] ?? '');
      // Paid lists only for the member's current device, as the dictionary cuts them.
      const current = req.headers[DEVICE_STATE_HEADER] === 'current';
      calls.push({
        pyojaeId: Number(pyojaeId),
        userId,
        sessionHash: req.headers['x-session-hash'] as string | undefined,
      });
      const h = headwords.get(Number(pyojaeId));
      if (!h) {
        send(404, { error: true, message: '찾으시는 낱말이 사전에 없습니다. 다른 낱말로 검색해 주세요.' });
        return;
      }
      const visible = current && paidUsers.has(Number(userId)) ? h.similar : h.similar.slice(0, 2);
      send(200, {
        message: '',
        authKey: '',
        authKeyError: false,
        pyojaeItem: { ID: Number(pyojaeId), WORD: h.word, HANJA: h.hanja, LINK_URL: `/dictionary/Search/${pyojaeId}` },
        wordSynItems: [
          ...visible.map((w, i) => ({ GUBN: '비슷한말', WORD: w, WORD_ID: 90_000 + i, HANJA: '' })),
          { GUBN: '반대말', WORD: '반대', WORD_ID: 99_999, HANJA: '' },
        ],
        gubnItems: [],
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    headwords,
    paidUsers,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export type Wordbook = Awaited<ReturnType<typeof startWordbook>>;

export function startWordbook(mongoUrl: string, dictionaryUrl: string, prefix: string) {
  return startService(wordbookService, {
    PORT: '0',
    NODE_ENV: 'test',
    MONGO_URL: mongoUrl,
    KAFKA_BROKERS,
    KAFKA_TOPIC_PREFIX: prefix,
    DICTIONARY_URL: dictionaryUrl,
    LOG_LEVEL: 'silent',
  });
}

export interface Reply {
  status: number;
  body: Record<string, unknown>;
  text: string;
  headers: Headers;
}

/**
 * Identity headers as the gateway forwards them for a member on `device` (their current one unless
 * said), signed as it signs them; undefined = a visitor without a session.
 */
export function as(
  method: string,
  path: string,
  userId: number | undefined,
  extra: { device?: DeviceState; forwardedHost?: string; forwardedProto?: string } = {},
): Record<string, string> {
  if (userId === undefined) return {};
  return identityHeaders(DEVELOPMENT_IDENTITY_SECRET, GATEWAY_ISSUER, method, path, {
    userId,
    grade: 1,
    deviceState: extra.device ?? 'current',
    forwardedHost: extra.forwardedHost,
    forwardedProto: extra.forwardedProto,
  });
}

export async function call(
  svc: Wordbook,
  method: 'GET' | 'POST',
  path: string,
  userId: number | undefined,
  body?: unknown,
): Promise<Reply> {
  const res = await fetch(svc.http.url + path, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...as(method, path, userId),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  if ((res.headers.get('content-type') ?? '').includes('json') && text)
    parsed = JSON.parse(text) as Record<string, unknown>;
  return { status: res.status, body: parsed, text, headers: res.headers };
}

export async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const v = await check();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A fresh member id per test (9 digits: what the gateway forwards), far from real ids. */
export function newMemberId(): number {
  return 200_000_000 + Math.floor(Math.random() * 700_000_000);
}

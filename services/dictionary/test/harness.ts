// Set-ups the dictionary's integration tests share: the service in-process on the real stores
// (alone or behind the real gateway), and a sandbox of aliases and files for import tests that
// cleans up after itself. Each test file still makes its own data (builders.ts).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@elastic/elasticsearch';
import { DEVELOPMENT_IDENTITY_SECRET, GATEWAY_ISSUER, identityHeaders, startService } from '@syn/kit';
import { startGateway, type RunningGateway } from '../../../gateway/src/main';
import { everyUpstreamAt } from '../../../gateway/test/support';
import { DEFAULT_DATASET_PATH } from '../src/data/paths';
import { dictionaryService } from '../src/service';
import { importDataset } from '../src/store/import';
import { dropIndicesOf, testClient, uniqueAlias } from './builders';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/1';

export type DictionaryService = Awaited<ReturnType<typeof startDictionary>>;

/**
 * The dictionary service reading `alias`, with topics of its own (`topicPrefix` to share them
 * between replicas) and no default dataset; `env` adds or overrides settings.
 */
export function startDictionary(
  alias: string,
  env: Record<string, string> = {},
  topicPrefix = `dicttest.${randomBytes(4).toString('hex')}.`,
) {
  return startService(dictionaryService, {
    PORT: '0',
    NODE_ENV: 'test',
    DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/syndict_test',
    REDIS_URL: TEST_REDIS_URL,
    KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:9092',
    ELASTICSEARCH_URL: process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200',
    KAFKA_TOPIC_PREFIX: topicPrefix,
    DICTIONARY_ALIAS: alias,
    LOAD_DEFAULT_DATA: 'off',
    LOG_LEVEL: 'silent',
    ...env,
  });
}

export interface BehindGateway {
  svc: DictionaryService;
  gateway: RunningGateway;
  close(): Promise<void>;
}

/**
 * The dictionary behind the real gateway, called as the web app calls it. Every upstream points at
 * the dictionary: these tests call only its routes. `topicPrefix` as for startDictionary.
 */
export async function startBehindGateway(alias: string, topicPrefix?: string): Promise<BehindGateway> {
  const svc = await startDictionary(alias, {}, topicPrefix);
  const gateway = await startGateway({
    NODE_ENV: 'test',
    GATEWAY_PORT: '0',
    ...everyUpstreamAt(svc.http.url),
    REDIS_URL: TEST_REDIS_URL,
  });
  return {
    svc,
    gateway,
    close: async () => {
      await gateway.close();
      await svc.stop();
    },
  };
}

export interface ImportSandbox {
  client: Client;
  /** A fresh alias, dropped with every index it had after the file's tests. */
  newAlias(label: string): string;
  /** Writes a file into the sandbox's temporary folder and returns its path. */
  file(name: string, text: string): Promise<string>;
  /** The temporary folder (set once the file's beforeAll ran). */
  dir(): string;
}

/** Registers beforeAll/afterAll for an import test file: a client, its aliases and a temporary folder. */
export function useImportSandbox(label: string): ImportSandbox {
  const client = testClient();
  const aliases: string[] = [];
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), `dict-${label}-`));
  });
  afterAll(async () => {
    for (const alias of aliases) await dropIndicesOf(client, alias);
    await client.close();
    await rm(dir, { recursive: true, force: true });
  });
  return {
    client,
    newAlias: (name) => {
      const alias = uniqueAlias(name);
      aliases.push(alias);
      return alias;
    },
    file: async (name, text) => {
      const path = join(dir, name);
      await writeFile(path, text);
      return path;
    },
    dir: () => dir,
  };
}

/** One row of a search answer (the spec's keys). */
export interface SearchRow {
  ID: number;
  WORD: string;
  HANJA: string;
}

/** POST /api/dic/search/pyojaeItems as the web app reads it. */
export interface SearchReply {
  totalElements: number;
  totalPages: number;
  results: {
    wordInfoItems: SearchRow[];
    baseForm?: { query: string; lemma: string; lemmas: string[] };
    didYouMean?: SearchRow[];
    honorific?: { WORD: string; plainItems: Array<{ GUBN: string; WORD: string; WORD_ID: number }> };
  };
}

export interface DefaultDatasetStack {
  es: Client;
  alias: string;
  /** The gateway's base URL (once the file's beforeAll ran). */
  url(): string;
  /** The first page of a search through the gateway; fails the test unless it answers 200. */
  search(searchWord: string): Promise<SearchReply>;
}

/**
 * Registers beforeAll/afterAll for a test file that searches the committed default dataset (in an
 * alias of its own) through the real gateway, as the web app does.
 */
export function useDefaultDatasetBehindGateway(label: string, timeoutMs = 180_000): DefaultDatasetStack {
  const es = testClient();
  const alias = uniqueAlias(label);
  let stack: BehindGateway | undefined;
  beforeAll(async () => {
    await importDataset(es, DEFAULT_DATASET_PATH, { alias });
    stack = await startBehindGateway(alias);
  }, timeoutMs);
  afterAll(async () => {
    await stack?.close();
    await dropIndicesOf(es, alias);
    await es.close();
  });
  const url = () => {
    if (!stack) throw new Error('the dictionary stack has not started');
    return stack.gateway.url;
  };
  return {
    es,
    alias,
    url,
    search: async (searchWord) => {
      const res = await fetch(`${url()}/api/dic/search/pyojaeItems`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ searchWord, pageSize: 10, pageNum: 0 }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as SearchReply;
    },
  };
}

/** The reader a service's public detail route answers for this member ('paid' or 'free'). */
export async function readerOf(serviceUrl: string, userId: number): Promise<string> {
  const path = '/api/dic/search/wordSynItems';
  const res = await fetch(`${serviceUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...identityHeaders(DEVELOPMENT_IDENTITY_SECRET, GATEWAY_ISSUER, 'POST', path, {
        userId,
        grade: 1,
        deviceState: 'current',
      }),
    },
    body: JSON.stringify({ userId, pyojaeId: 1, userAuthKey: 'x' }),
  });
  if (res.status !== 200) throw new Error(`the detail route answered ${res.status}`);
  return String(((await res.json()) as { reader: unknown }).reader);
}

/** Polls `probe` until it gives a value, or fails naming `what`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

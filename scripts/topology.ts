// Where each process of the product listens, for `npm start` (dev) and for the
// test stack (other ports and names, so tests never touch a running dev stack).
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..');
export const LOCAL = path.join(ROOT, '.local');

export type ServiceName = 'account' | 'dictionary' | 'wordbook' | 'billing' | 'statistics';
export const SERVICES: ServiceName[] = ['account', 'dictionary', 'wordbook', 'billing', 'statistics'];

export interface Topology {
  mode: 'dev' | 'test';
  gatewayPort: number;
  /** The gateway's Prometheus metrics (never its public port). */
  gatewayMetricsPort: number;
  sandboxPort: number;
  /** The dictionary's entry is its first replica's port. */
  ports: Record<ServiceName, number>;
  /** One port per dictionary replica (the first is `ports.dictionary`). */
  dictionaryPorts: number[];
  /** Environment every process of this stack shares (store URLs, names). */
  env: Record<string, string>;
}

/**
 * TEST_STACK_OFFSET shifts every port and name of the test stack, so several test
 * runs (e.g. parallel developers' checkouts) can share one machine's servers.
 */
export function testStackOffset(): number {
  const raw = process.env.TEST_STACK_OFFSET ?? '0';
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 399)
    throw new Error(`TEST_STACK_OFFSET must be an integer 0..399, got ${raw}`);
  return n;
}

/**
 * DEV_STACK_OFFSET (0..9) moves a whole `npm start` stack to other ports and names, so the
 * README guard test can start a clone's stack beside a developer's running one.
 */
export function devStackOffset(): number {
  const raw = process.env.DEV_STACK_OFFSET ?? '0';
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 9) throw new Error(`DEV_STACK_OFFSET must be an integer 0..9, got ${raw}`);
  return n;
}

/** Dictionary replicas a stack can run: the ports left free in each offset's block of ten. */
export const MAX_DICTIONARY_REPLICAS = 4;

/**
 * DICTIONARY_REPLICAS: how many dictionary processes a stack runs (1..4), `fallback` when unset.
 * `npm start` runs one; the fault suite and the benchmarks two.
 */
export function dictionaryReplicas(fallback: number, raw = process.env.DICTIONARY_REPLICAS): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > MAX_DICTIONARY_REPLICAS)
    throw new Error(`DICTIONARY_REPLICAS must be an integer 1..${MAX_DICTIONARY_REPLICAS}, got ${raw}`);
  return n;
}

/** The supervisor's name of a dictionary replica: the first keeps the service's name. */
export function dictionaryProcessName(index: number): string {
  return index === 0 ? 'dictionary' : `dictionary-${index + 1}`;
}

export function topology(mode: 'dev' | 'test', replicas = 1): Topology {
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > MAX_DICTIONARY_REPLICAS)
    throw new Error(`a stack runs 1..${MAX_DICTIONARY_REPLICAS} dictionary replicas, not ${replicas}`);
  const off = mode === 'test' ? testStackOffset() : devStackOffset();
  // Ten ports per test offset (services +1..+5, more dictionary replicas +6..+8, sandbox +9), so any
  // two offsets never share one (offsets 0..399 stay below the gateways' 18080+ and the fault suite's 19100+). A dev offset
  // moves by 200 (services 4001+, sandbox 4100+), below the test stacks' 14000+.
  const base = mode === 'dev' ? 4000 + off * 200 : 14000 + off * 10;
  const ports: Record<ServiceName, number> = {
    account: base + 1,
    dictionary: base + 2,
    wordbook: base + 3,
    billing: base + 4,
    statistics: base + 5,
  };
  const dictionaryPorts = [ports.dictionary, base + 6, base + 7, base + 8].slice(0, replicas);
  const suffix = off === 0 ? '' : String(off);
  const db = mode === 'dev' ? `syndict${suffix}` : 'syndict_test';
  const gatewayPort = mode === 'dev' ? 8080 + off : 18080 + off;
  const sandboxPort = mode === 'dev' ? base + 100 : base + 9;
  // Prometheus's usual exporter port for dev; test stacks between their gateways and the fault suite.
  const gatewayMetricsPort = mode === 'dev' ? 9464 + off : 18500 + off;
  return {
    mode,
    gatewayPort,
    gatewayMetricsPort,
    sandboxPort,
    ports,
    dictionaryPorts,
    env: {
      NODE_ENV: mode === 'dev' ? 'development' : 'test',
      DATABASE_URL: process.env.DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/${db}`,
      MONGO_URL: process.env.MONGO_URL ?? `mongodb://127.0.0.1:27017/${db}${suffix}`,
      REDIS_URL: process.env.REDIS_URL ?? `redis://127.0.0.1:6379/${mode === 'dev' ? (off === 0 ? 0 : 2 + off) : 1}`,
      KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:9092',
      KAFKA_TOPIC_PREFIX: mode === 'dev' ? (off === 0 ? '' : `dev${off}.`) : `test${suffix}.`,
      ELASTICSEARCH_URL: process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200',
      DICTIONARY_ALIAS: mode === 'dev' ? (off === 0 ? 'headwords' : `dev${off}-headwords`) : `test${suffix}-headwords`,
      SMTP_URL: process.env.SMTP_URL ?? 'smtp://127.0.0.1:1025',
      ACCOUNT_URL: `http://127.0.0.1:${ports.account}`,
      DICTIONARY_URLS: dictionaryPorts.map((port) => `http://127.0.0.1:${port}`).join(','),
      WORDBOOK_URL: `http://127.0.0.1:${ports.wordbook}`,
      BILLING_URL: `http://127.0.0.1:${ports.billing}`,
      STATISTICS_URL: `http://127.0.0.1:${ports.statistics}`,
      GATEWAY_PORT: String(gatewayPort),
      GATEWAY_METRICS_PORT: String(gatewayMetricsPort),
      PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
      PORTONE_API_URL: `http://127.0.0.1:${sandboxPort}`,
      PORTONE_SANDBOX_PORT: String(sandboxPort),
      PORTONE_WEBHOOK_URL: `http://127.0.0.1:${gatewayPort}/api/pay/webhook`,
      PORTONE_SANDBOX_STATE: path.join(LOCAL, 'portone-sandbox', `${mode}${suffix}.json`),
      // Every browser of a test run reaches the gateway from 127.0.0.1, so per-IP limits are lifted there
      // (the limits themselves are tested against the account service directly).
      ...(mode === 'test'
        ? {
            LOOKUPS_PER_HOUR: '100000',
            LOGIN_IP_MAX_FAILURES_PER_HOUR: '100000',
            MEMBER_SEARCH_PER_MINUTE: '1000',
            MEMBER_SEARCH_IP_PER_HOUR: '100000',
          }
        : {}),
      // The checkout script comes from the sandbox's origin locally (PortOne's CDN in production).
      CSP_EXTRA_ORIGINS: `http://127.0.0.1:${sandboxPort}`,
    },
  };
}

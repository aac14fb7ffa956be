// `npm run docs:architecture`: writes docs/architecture.md from the code's own facts (service
// definitions, the topology, the gateway's route table, migrations, event producers and consumers),
// so the picture cannot drift from what runs. test/docs-architecture.test.ts fails when the
// committed file differs from a fresh build.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  eventingMigration,
  PROCESSED_EVENTS_COLLECTION,
  readMigrations,
  storeNeedsOf,
  type BuiltService,
  type RuntimeConfig,
  type ServiceDefinition,
  type StoreNeeds,
} from '@syn/kit';
import { EVENT_CASES, EVENT_TYPES, topicOf, TOPICS, type EventCase, type Topic } from '@syn/proto';
import { z } from 'zod';
import { ROUTES, type Access } from '../../gateway/src/routes';
import { SERVICES, topology, type ServiceName } from '../topology';

export const ROOT = path.resolve(__dirname, '..', '..');
export const DOC_FILE = path.join(ROOT, 'docs/architecture.md');

type Definition = ServiceDefinition<RuntimeConfig, StoreNeeds, BuiltService>;

export interface RedisUse {
  /** Repository-relative path of the file that talks to Redis. */
  file: string;
  /** First sentence of the file's header comment: what it keeps there. */
  what: string;
}

export interface ServiceFacts {
  name: ServiceName;
  defaultPort: number;
  devPort: number;
  /** Variables other processes reach it by (`ACCOUNT_URL`, …). */
  urlVariables: string[];
  postgres: { schema: string; tables: string[]; otherSchemas: string[] } | null;
  mongoCollections: string[];
  redis: RedisUse[];
  elasticAliases: Array<{ variable: string; alias: string }>;
  mail: boolean;
  produces: Topic[];
  /** Services it calls over HTTP, with the settings that name their URL. */
  calls: Array<{ service: ServiceName; variables: string[] }>;
}

export interface EventFacts {
  case: EventCase;
  type: string;
  topic: Topic;
  producer: ServiceName;
  consumers: ServiceName[];
}

export interface ArchitectureFacts {
  gateway: { portVariable: string; devPort: number; redis: RedisUse[] };
  routes: Array<{ name: string; service: ServiceName; access: Access; paths: string[] }>;
  services: ServiceFacts[];
  events: EventFacts[];
}

// ---------------------------------------------------------------------------------------------
// Source scanning. Where the code does not export a fact, it is read from the source text with
// these patterns (tested in test/docs-architecture.test.ts), after comments are removed.

/** Strings are kept (a case name is a string), comments are dropped. */
const STRINGS_OR_COMMENTS = /('(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`)|\/\/[^\n]*|\/\*[\s\S]*?\*\//g;

export function stripComments(source: string): string {
  return source.replace(STRINGS_OR_COMMENTS, (_match, text: string | undefined) => text ?? '');
}

export const PATTERNS = {
  /** `event: { case: 'paymentCompleted', value }`: the oneof case an envelope is built with. */
  builtCase: /\bcase\s*:\s*'(\w+)'/g,
  /** `case 'userWithdrawn':` in a switch over `env.event.case`. */
  switchCase: /\bcase\s+'(\w+)'\s*:/g,
  /** `env.event.case !== 'userWithdrawn'` (either side, == or ===, != or !==). */
  comparedCase: /\.case\s*[!=]==?\s*'(\w+)'|'(\w+)'\s*[!=]==?\s*[\w.?]*\.case\b/g,
  /** `TOPICS.account`: a topic a service names (to subscribe, or to publish). */
  topicRef: /\bTOPICS\.(\w+)/g,
  /** `export function passChangeOf(`: a helper whose body may test a case for its caller. */
  exportedFunction: /^export\s+(?:async\s+)?function\s+(\w+)/,
  /** `export const ITEMS_COLLECTION = 'wordbook_items'`: a MongoDB collection a service names. */
  collection: /\bexport\s+const\s+\w+_COLLECTION\s*=\s*'([^']+)'/g,
  /** `CREATE TABLE [IF NOT EXISTS] [${schema}.|other.]name`; TEMP tables do not match. */
  createTable: /\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:(\$\{schema\}|\w+)\.)?(\w+)/gi,
  createSchema: /\bCREATE\s+SCHEMA\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)/gi,
  /** `startMongoConsumer<T>(`: the kit consumer that records processed ids in a collection. */
  mongoConsumer: /\bstartMongoConsumer\s*(?:<[^>]*>)?\s*\(/,
  /** The Redis client or its type, in a store or a gateway plugin. */
  redisClient: /\bRedis\b|\bRateLimiterRedis\b|from\s+'redis'/,
} as const;

const isEventCase = (name: string): name is EventCase => (EVENT_CASES as string[]).includes(name);

function matches(pattern: RegExp, text: string): string[] {
  return [...text.matchAll(pattern)].map((m) => m.slice(1).find((g) => g !== undefined) ?? '');
}

/** Event cases a source file builds envelopes with (only files that call newEnvelope). */
export function builtCases(source: string): EventCase[] {
  const code = stripComments(source);
  if (!code.includes('newEnvelope(')) return [];
  return matches(PATTERNS.builtCase, code).filter(isEventCase);
}

/**
 * Helpers that test an event case for their caller (`passChangeOf` answers null unless the
 * envelope carries passChanged): name → the cases its body tests, itself or through a call of a
 * helper already `known` or defined earlier in the file (the kit's `startPassProjectionConsumer`).
 */
export function caseHelpers(
  source: string,
  known: ReadonlyMap<string, EventCase[]> = new Map(),
): Map<string, EventCase[]> {
  const helpers = new Map<string, EventCase[]>();
  for (const chunk of stripComments(source).split(/\n(?=export\s)/)) {
    const name = PATTERNS.exportedFunction.exec(chunk)?.[1];
    if (!name) continue;
    const cases = matches(PATTERNS.comparedCase, chunk).filter(isEventCase);
    for (const [helper, theirs] of [...known, ...helpers])
      if (new RegExp(`\\b${helper}\\(`).test(chunk)) cases.push(...theirs);
    if (cases.length > 0) helpers.set(name, [...new Set(cases)]);
  }
  return helpers;
}

/** Event cases a source file acts on: switch clauses, comparisons, and calls of case helpers. */
export function handledCases(source: string, helpers: ReadonlyMap<string, EventCase[]> = new Map()): EventCase[] {
  const code = stripComments(source);
  const found = [...matches(PATTERNS.switchCase, code), ...matches(PATTERNS.comparedCase, code)];
  for (const [helper, cases] of helpers) if (new RegExp(`\\b${helper}\\(`).test(code)) found.push(...cases);
  return found.filter(isEventCase);
}

/** Tables a migration creates: in the owner's schema by bare name, elsewhere as `schema.name`. */
export function createdTables(sql: string, ownerSchema: string): { tables: string[]; schemas: string[] } {
  const tables = [...sql.matchAll(PATTERNS.createTable)].map(([, schema, table]) =>
    schema === undefined || schema === '${schema}' || schema === ownerSchema ? `${table}` : `${schema}.${table}`,
  );
  const schemas = matches(PATTERNS.createSchema, sql).filter((s) => s !== ownerSchema);
  return { tables, schemas };
}

/** What the header comment of a file says first. */
export function headerSentence(source: string): string {
  const header: string[] = [];
  for (const line of source.split('\n')) {
    if (!line.startsWith('//')) break;
    header.push(line.replace(/^\/\/\s?/, '').trim());
  }
  const text = header.join(' ');
  return (/^.*?\.(?=\s|$)/.exec(text)?.[0] ?? text).trim();
}

// ---------------------------------------------------------------------------------------------
// Facts.

// Code-unit order, never the machine's locale, so every machine writes the same file.
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const sorted = <T extends string>(values: Iterable<T>): T[] => [...new Set(values)].sort(byText);
const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

function isServiceDefinition(value: unknown): value is Definition {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.name === 'string' && typeof v.loadConfig === 'function' && typeof v.build === 'function';
}

/** The ServiceDefinition that services/<name>/src/service.ts exports (what its main.ts runs). */
async function loadDefinition(name: ServiceName): Promise<Definition> {
  const mod = (await import(path.join(ROOT, 'services', name, 'src', 'service.ts'))) as Record<string, unknown>;
  const defs = Object.values(mod).filter((v): v is Definition => isServiceDefinition(v) && v.name === name);
  if (defs.length !== 1) throw new Error(`services/${name}/src/service.ts must export one ServiceDefinition "${name}"`);
  return defs[0]!;
}

/** The `npm start` topology at offset 0, whatever DEV_STACK_OFFSET this shell has, so output is stable. */
function devTopology(): ReturnType<typeof topology> {
  const saved = process.env.DEV_STACK_OFFSET;
  delete process.env.DEV_STACK_OFFSET;
  try {
    return topology('dev');
  } finally {
    if (saved !== undefined) process.env.DEV_STACK_OFFSET = saved;
  }
}

function redisUses(files: string[]): RedisUse[] {
  return files
    .map((file) => ({ file, source: readFileSync(file, 'utf8') }))
    .filter(({ source }) => PATTERNS.redisClient.test(stripComments(source)))
    .map(({ file, source }) => ({ file: rel(file), what: headerSentence(source) }));
}

/** Defaults of `*_ALIAS` settings: the Elasticsearch aliases a service reads. */
function elasticAliases(def: Definition): ServiceFacts['elasticAliases'] {
  return Object.entries(def.configShape ?? {})
    .filter(([key]) => key.endsWith('_ALIAS'))
    .map(([variable, schema]) => {
      const parsed = z.safeParse(schema, undefined);
      if (!parsed.success || typeof parsed.data !== 'string')
        throw new Error(`${def.name}: ${variable} has no default`);
      return { variable, alias: parsed.data };
    });
}

/** Settings named like another service's URL variable (`DICTIONARY_URL` for `DICTIONARY_URLS` too). */
function callsOf(
  name: ServiceName,
  def: Definition,
  byVariable: ReadonlyMap<string, ServiceName>,
): ServiceFacts['calls'] {
  const calls = new Map<ServiceName, string[]>();
  for (const variable of Object.keys(def.configShape ?? {})) {
    const service = byVariable.get(variable) ?? byVariable.get(`${variable}S`);
    if (service && service !== name) calls.set(service, sorted([...(calls.get(service) ?? []), variable]));
  }
  return sorted(calls.keys()).map((service) => ({ service, variables: calls.get(service) ?? [] }));
}

export async function collectFacts(): Promise<ArchitectureFacts> {
  const topo = devTopology();
  const urlVariableOf = (port: number) =>
    sorted(Object.keys(topo.env).filter((key) => topo.env[key] === `http://127.0.0.1:${port}`));
  const serviceOfUrlVariable = new Map<string, ServiceName>(
    SERVICES.flatMap((name) => urlVariableOf(topo.ports[name]).map((v): [string, ServiceName] => [v, name])),
  );
  const helpers = new Map<string, EventCase[]>();
  for (const file of sourceFiles(path.join(ROOT, 'proto/src')).filter((f) => !f.includes(`${path.sep}gen${path.sep}`)))
    for (const [name, cases] of caseHelpers(readFileSync(file, 'utf8'))) helpers.set(name, cases);
  // Kit helpers built on those (a consumer starter that acts on passChanged for its caller).
  for (const file of sourceFiles(path.join(ROOT, 'services/kit/src')))
    for (const [name, cases] of caseHelpers(readFileSync(file, 'utf8'), helpers)) helpers.set(name, cases);

  const services: ServiceFacts[] = [];
  const producers = new Map<EventCase, ServiceName[]>();
  const consumers = new Map<EventCase, ServiceName[]>();
  const add = (map: Map<EventCase, ServiceName[]>, c: EventCase, s: ServiceName) =>
    map.set(c, sorted([...(map.get(c) ?? []), s]));

  for (const name of sorted(SERVICES)) {
    const def = await loadDefinition(name);
    const srcDir = path.join(ROOT, 'services', name, 'src');
    const files = sourceFiles(srcDir);
    const code = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]));
    const allCode = stripComments([...code.values()].join('\n'));
    const produces = sorted((def.produces ?? []) as Topic[]);

    for (const [file, source] of code) {
      for (const c of builtCases(source)) {
        if (!produces.includes(topicOf(c)))
          throw new Error(`${rel(file)} publishes ${c} on ${topicOf(c)}, missing from ${name}'s produces`);
        add(producers, c, name);
      }
      for (const c of handledCases(source, helpers)) {
        // A service acts on a case only if it names that case's topic (it subscribes to it).
        const domain = Object.keys(TOPICS).find((d) => TOPICS[d as keyof typeof TOPICS] === topicOf(c));
        if (!domain || !matches(PATTERNS.topicRef, allCode).includes(domain))
          throw new Error(`${rel(file)} handles ${c} but ${name} never names TOPICS.${domain}`);
        add(consumers, c, name);
      }
    }

    // The development configuration (no environment): its default port and the stores it declares.
    const config = def.loadConfig({});
    const stores = storeNeedsOf(def, config);
    let postgres: ServiceFacts['postgres'] = null;
    if (stores.postgres) {
      const { schema, migrationsDir } = stores.postgres;
      const migrations = [eventingMigration(), ...(migrationsDir ? await readMigrations(migrationsDir) : [])];
      const created = migrations.map((m) => createdTables(m.sql, schema));
      postgres = {
        schema,
        tables: sorted(created.flatMap((c) => c.tables)),
        otherSchemas: sorted(created.flatMap((c) => c.schemas)),
      };
    }
    const usesMongoConsumer = PATTERNS.mongoConsumer.test(allCode);
    services.push({
      name,
      defaultPort: config.PORT,
      devPort: topo.ports[name],
      urlVariables: urlVariableOf(topo.ports[name]),
      postgres,
      mongoCollections: stores.mongo
        ? sorted([
            ...matches(PATTERNS.collection, allCode),
            ...(usesMongoConsumer ? [PROCESSED_EVENTS_COLLECTION] : []),
          ])
        : [],
      redis: stores.redis ? redisUses(files.filter((f) => f.startsWith(path.join(srcDir, 'store') + path.sep))) : [],
      elasticAliases: stores.elastic ? elasticAliases(def) : [],
      mail: stores.mail === true,
      produces,
      calls: callsOf(name, def, serviceOfUrlVariable),
    });
  }

  const events = EVENT_CASES.map((c): EventFacts => {
    const found = producers.get(c) ?? [];
    if (found.length !== 1)
      throw new Error(`event ${c} needs exactly one producing service, found [${found.join(', ')}]`);
    return { case: c, type: EVENT_TYPES[c], topic: topicOf(c), producer: found[0]!, consumers: consumers.get(c) ?? [] };
  }).sort((a, b) => byText(a.type, b.type));
  for (const s of services)
    for (const topic of s.produces)
      if (!events.some((e) => e.topic === topic && e.producer === s.name))
        throw new Error(`${s.name} declares it produces ${topic} but builds no event for it`);

  const gatewayPortVariable = Object.keys(topo.env).find((key) => topo.env[key] === String(topo.gatewayPort));
  if (!gatewayPortVariable) throw new Error('scripts/topology.ts passes the gateway no port variable');
  return {
    gateway: {
      portVariable: gatewayPortVariable,
      devPort: topo.gatewayPort,
      redis: redisUses(sourceFiles(path.join(ROOT, 'gateway/src/plugin'))),
    },
    routes: ROUTES.map((r) => ({
      name: r.name,
      service: r.service,
      access: r.access,
      paths: sorted(r.paths),
    })).sort((a, b) => byText(a.service, b.service) || byText(a.name, b.name)),
    services,
    events,
  };
}

// ---------------------------------------------------------------------------------------------
// Rendering. The Markdown is already in the shape Prettier prints (padded tables, one blank line
// between blocks), so `npm run format` leaves the generated file alone.

const code = (s: string) => `\`${s}\``;
const list = (items: string[], empty = '—') => (items.length > 0 ? items.join(', ') : empty);
// Prettier pads by display width: Hangul and CJK count twice.
const width = (s: string) =>
  [...s].reduce(
    (n, ch) => n + (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60]/u.test(ch) ? 2 : 1),
    0,
  );

/** A column: its heading and how a row fills it. */
export type Column<T> = [head: string, cell: (row: T) => string];

export function table<T>(columns: Column<T>[], rows: T[]): string {
  const cells = [columns.map(([head]) => head), ...rows.map((row) => columns.map(([, cell]) => cell(row)))].map((r) =>
    r.map((c) => c.replace(/\|/g, '\\|')),
  );
  const widths = columns.map((_, i) => Math.max(3, ...cells.map((row) => width(row[i] ?? ''))));
  const line = (row: string[]) => `| ${row.map((c, i) => c + ' '.repeat((widths[i] ?? 0) - width(c))).join(' | ')} |`;
  const rule = `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`;
  return [line(cells[0] ?? []), rule, ...cells.slice(1).map(line)].join('\n');
}

const nodeId = (kind: string, name: string) => `${kind}_${name.replace(/\W/g, '_')}`;

/** Gateway paths of one service, short enough for an edge label: prefixes, then exact paths counted per folder. */
function routeLabel(paths: string[]): string {
  const prefixes = paths.filter((p) => p.endsWith('*'));
  const exact = new Map<string, number>();
  for (const p of paths.filter((x) => !x.endsWith('*'))) {
    const folder = `${p.split('/').slice(0, 3).join('/')}/…`;
    exact.set(folder, (exact.get(folder) ?? 0) + 1);
  }
  const counted = [...exact].map(([folder, n]) => `${folder} (${n} path${n === 1 ? '' : 's'})`);
  return [...sorted(prefixes), ...counted.sort()].join('<br/>');
}

export function renderMermaid(facts: ArchitectureFacts): string {
  const lines = ['flowchart LR', `  gateway["gateway :${facts.gateway.devPort}"]`, '  subgraph services'];
  for (const s of facts.services) lines.push(`    ${nodeId('svc', s.name)}["${s.name} :${s.devPort}"]`);
  lines.push('  end', '  subgraph stores');
  const stores = new Map<string, string>();
  const store = (id: string, label: string) => (stores.set(id, `    ${id}[("${label}")]`), id);
  const edges: string[] = [];
  if (facts.gateway.redis.length > 0) edges.push(`  gateway --> ${store('redis', 'Redis')}`);
  for (const s of facts.services) {
    const svc = nodeId('svc', s.name);
    if (s.postgres)
      edges.push(`  ${svc} --> ${store(nodeId('pg', s.postgres.schema), `PostgreSQL schema ${s.postgres.schema}`)}`);
    if (s.mongoCollections.length > 0)
      edges.push(`  ${svc} --> ${store(nodeId('mongo', s.name), `MongoDB ${s.mongoCollections.join(', ')}`)}`);
    if (s.redis.length > 0) edges.push(`  ${svc} --> ${store('redis', 'Redis')}`);
    for (const a of s.elasticAliases)
      edges.push(`  ${svc} --> ${store(nodeId('es', a.alias), `Elasticsearch alias ${a.alias}`)}`);
    if (s.mail) edges.push(`  ${svc} --> ${store('smtp', 'SMTP')}`);
  }
  lines.push(...[...stores.keys()].sort().map((id) => stores.get(id)!), '  end', '  subgraph kafka["Kafka"]');
  const topics = sorted(facts.events.map((e) => e.topic));
  for (const t of topics) lines.push(`    ${nodeId('topic', t)}{{"${t}"}}`);
  lines.push('  end');
  for (const s of facts.services) {
    const paths = facts.routes.filter((r) => r.service === s.name).flatMap((r) => r.paths);
    if (paths.length > 0) lines.push(`  gateway -->|"${routeLabel(paths)}"| ${nodeId('svc', s.name)}`);
  }
  lines.push(...edges);
  for (const s of facts.services)
    for (const c of s.calls)
      lines.push(`  ${nodeId('svc', s.name)} -.->|"HTTP ${c.variables.join(', ')}"| ${nodeId('svc', c.service)}`);
  for (const t of topics) {
    const onTopic = facts.events.filter((e) => e.topic === t);
    for (const producer of sorted(onTopic.map((e) => e.producer)))
      lines.push(`  ${nodeId('svc', producer)} --> ${nodeId('topic', t)}`);
    for (const consumer of sorted(onTopic.flatMap((e) => e.consumers))) {
      const cases = onTopic.filter((e) => e.consumers.includes(consumer)).map((e) => e.case);
      lines.push(`  ${nodeId('topic', t)} -->|"${sorted(cases).join(', ')}"| ${nodeId('svc', consumer)}`);
    }
  }
  return lines.join('\n');
}

/** Where each fact comes from, printed under the tables so a reader knows what to change. */
const SOURCES = [
  'Services, ports, URL variables: `SERVICES` and `topology()` in `scripts/topology.ts`; the service definition each `services/<name>/src/service.ts` exports (`stores`, `produces`, `configShape` with its default `PORT`).',
  "PostgreSQL: the kit's `eventingMigration()` and the service's `migrations/` (`CREATE TABLE`, `CREATE SCHEMA`).",
  "MongoDB: `export const *_COLLECTION` in the service's sources, plus the kit's processed-events collection where it calls `startMongoConsumer`.",
  "Redis: files in the service's `src/store/` (the gateway's `src/plugin/`) that use the Redis client, described by their header comment.",
  "Elasticsearch: defaults of `*_ALIAS` settings; calls over HTTP: settings named like another service's URL variable (both in `configShape`).",
  'Gateway: `ROUTES` in `gateway/src/routes.ts`.',
  'Events: `EVENT_TYPES` and `topicOf` of `@syn/proto`; producers build a case with `newEnvelope({ …, event: { case } })`; consumers switch on it (`case` clause), compare it (`.case === …`) or call a `@syn/proto` helper that does (`passChangeOf`) or a kit helper built on one (`startPassProjectionConsumer`).',
];

export function renderMarkdown(facts: ArchitectureFacts): string {
  const topics = sorted(facts.events.map((e) => e.topic)).map((topic) => ({
    topic,
    events: facts.events.filter((e) => e.topic === topic),
  }));
  const redis = [
    ...facts.gateway.redis.map((use) => ({ owner: 'gateway', ...use })),
    ...facts.services.flatMap((s) => s.redis.map((use) => ({ owner: s.name, ...use }))),
  ];
  const blocks = [
    '# Architecture, as the code has it',
    '<!-- Generated by `npm run docs:architecture` (scripts/docs/architecture.ts) from the code. Do not edit by hand: change the code and regenerate; test/docs-architecture.test.ts fails while this file is stale. -->',
    'How a service is laid out and how to add one: [services/README.md](../services/README.md).',
    '## Picture',
    'Gateway → services (labels: the paths it forwards), services → their stores, services ⇢ services they call over HTTP (dotted), services → Kafka topics → the services that act on an event (labels: the event cases).',
    ['```mermaid', renderMermaid(facts), '```'].join('\n'),
    '## Services',
    `Every service listens on \`PORT\` (default below); \`npm start\` gives it the port in \`scripts/topology.ts\` and tells the others its URL in the variable named here. The gateway listens on \`${facts.gateway.portVariable}\` (${facts.gateway.devPort}).`,
    table<ServiceFacts>(
      [
        ['service', (s) => s.name],
        ['default `PORT`', (s) => String(s.defaultPort)],
        ['`npm start` port', (s) => String(s.devPort)],
        ['URL variable', (s) => list(s.urlVariables.map(code))],
        ['PostgreSQL schema', (s) => (s.postgres ? code(s.postgres.schema) : '—')],
        ['MongoDB collections', (s) => list(s.mongoCollections.map(code))],
        ['Redis', (s) => (s.redis.length > 0 ? 'yes' : '—')],
        ['Elasticsearch alias', (s) => list(s.elasticAliases.map((a) => `${code(a.alias)} (${code(a.variable)})`))],
        ['mail', (s) => (s.mail ? 'SMTP' : '—')],
        ['calls over HTTP', (s) => list(s.calls.map((c) => `${c.service} (${c.variables.map(code).join(', ')})`))],
        ['publishes to', (s) => list(s.produces.map(code))],
      ],
      facts.services,
    ),
    '## PostgreSQL tables',
    "Created by the kit's `eventingMigration()` (`outbox`, `processed_events`) and the service's own `migrations/`.",
    table<ServiceFacts & { postgres: NonNullable<ServiceFacts['postgres']> }>(
      [
        ['service', (s) => s.name],
        ['schema', (s) => code(s.postgres.schema)],
        ['tables', (s) => list(s.postgres.tables.map(code))],
        ['other schemas', (s) => list(s.postgres.otherSchemas.map(code))],
      ],
      facts.services.flatMap((s) => (s.postgres ? [{ ...s, postgres: s.postgres }] : [])),
    ),
    '## Redis',
    table<(typeof redis)[number]>(
      [
        ['owner', (r) => r.owner],
        ['file', (r) => code(r.file)],
        ['what it keeps', (r) => r.what],
      ],
      redis,
    ),
    '## Gateway routes',
    'A trailing `*` is a prefix match. Access: `public` (the service decides), `member` (signed-in members only), `admin` (grade 0 only; anyone else gets 403).',
    table<ArchitectureFacts['routes'][number]>(
      [
        ['route', (r) => r.name],
        ['service', (r) => r.service],
        ['access', (r) => r.access],
        ['paths', (r) => r.paths.map(code).join(', ')],
      ],
      facts.routes,
    ),
    '## Kafka topics',
    "Topic names get the deployment's `KAFKA_TOPIC_PREFIX` in front. A consumer subscribes to the whole topic and acts on the events listed for it.",
    table<(typeof topics)[number]>(
      [
        ['topic', (t) => code(t.topic)],
        ['producer', (t) => list(sorted(t.events.map((e) => e.producer)))],
        ['events', (t) => list(t.events.map((e) => code(e.case)))],
        ['consumers (act on at least one event)', (t) => list(sorted(t.events.flatMap((e) => e.consumers)), 'none')],
      ],
      topics,
    ),
    '## Events',
    table<EventFacts>(
      [
        ['type', (e) => code(e.type)],
        ['case', (e) => code(e.case)],
        ['topic', (e) => code(e.topic)],
        ['producer', (e) => e.producer],
        ['consumers', (e) => list(e.consumers, 'none')],
      ],
      facts.events,
    ),
    '## Where these facts come from',
    SOURCES.map((line) => `- ${line}`).join('\n'),
  ];
  return `${blocks.join('\n\n')}\n`;
}

export async function buildDocument(): Promise<string> {
  return renderMarkdown(await collectFacts());
}

async function main(): Promise<void> {
  const text = await buildDocument();
  writeFileSync(DOC_FILE, text);
  console.log(`${rel(DOC_FILE)}: ${text.split('\n').length} lines`);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}

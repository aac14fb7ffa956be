import fs from 'node:fs';
import path from 'node:path';
import { parseCompose, readCompose, repoRoot, ruleViolations, schemaErrors, type Compose } from './compose-rules';

const clone = (c: Compose): Compose => structuredClone(c);

describe('docker-compose.yml', () => {
  const { text, compose } = readCompose();
  const services = compose.services ?? {};

  it('when validated against the Compose Specification schema, then it has no errors', () => {
    expect(schemaErrors(compose)).toEqual([]);
  });

  it('when it breaks the schema, then the validator says where', () => {
    const bad = clone(compose) as Compose & { servces?: unknown };
    bad.servces = {};
    bad.services!.gateway!.depends_on = { account: { condition: 'service_ready' } };
    const errors = schemaErrors(bad);
    expect(errors.some((e) => e.includes('servces'))).toBe(true);
    expect(errors.some((e) => e.startsWith('/services/gateway/depends_on'))).toBe(true);
  });

  it('when our own rules are checked, then every one holds', () => {
    expect(ruleViolations(compose)).toEqual([]);
  });

  it('when the production servers and every app service are listed, then each is there', () => {
    expect(Object.keys(services).sort()).toEqual(
      [
        'account',
        'billing',
        'dictionary',
        'elasticsearch',
        'gateway',
        'kafka',
        'mail',
        'mongo',
        'postgres',
        'redis',
        'statistics',
        'wordbook',
      ].sort(),
    );
    expect(services.kafka?.image).toMatch(/^apache\/kafka:3\.9\./);
    expect(services.elasticsearch?.image).toMatch(/elasticsearch:8\.19\./);
    expect(services.postgres?.image).toBe('postgres:16');
    expect(services.mongo?.image).toBe('mongo:7');
    expect(services.redis?.image).toBe('redis:7');
    expect(Number(services.dictionary?.deploy?.replicas)).toBeGreaterThan(1);
  });

  it('when the connection variables are looked for, then every documented one is set for the services', () => {
    for (const name of [
      'KAFKA_BROKERS',
      'ELASTICSEARCH_URL',
      'DATABASE_URL',
      'REDIS_URL',
      'MONGO_URL',
      'SMTP_URL',
      'ACCOUNT_URL',
      'DICTIONARY_URLS',
      'WORDBOOK_URL',
      'BILLING_URL',
      'STATISTICS_URL',
    ]) {
      expect(text).toMatch(new RegExp(`^\\s+${name}: \\S`, 'm'));
    }
  });

  it('when a secret is written literally, then the rules reject it', () => {
    const bad = clone(compose);
    (bad.services!.postgres!.environment as Record<string, string>).POSTGRES_PASSWORD = 'hunter2';
    (bad.services!.billing!.environment as Record<string, string>).DATABASE_URL =
      'postgres://postgres:hunter2@postgres:5432/syndict';
    expect(ruleViolations(bad)).toEqual([
      expect.stringContaining('postgres: POSTGRES_PASSWORD must come from the env file'),
      'billing: DATABASE_URL has a literal password in its URL',
    ]);
  });

  it('when a healthcheck is missing or the dictionary runs once, then the rules reject it', () => {
    const bad = clone(compose);
    delete bad.services!.wordbook!.healthcheck;
    bad.services!.dictionary!.deploy = { replicas: 1 };
    bad.services!.account!.depends_on = { postgres: { condition: 'service_started' } };
    expect(ruleViolations(bad)).toEqual(
      expect.arrayContaining([
        'wordbook: has no healthcheck',
        'dictionary: deploy.replicas must be greater than 1',
        'gateway: DICTIONARY_URLS lists 3 URLs for 1 replicas',
        'account: depends_on postgres must use condition service_healthy',
      ]),
    );
  });

  it('when a service other than the gateway is reachable from outside, then the rules reject it', () => {
    const bad = clone(compose);
    bad.services!.account!.ports = ['4001:4001'];
    bad.services!.dictionary!.networks = ['backend', 'edge'];
    bad.services!.wordbook!.networks = ['backend', 'egress'];
    delete bad.services!.statistics!.networks;
    expect(ruleViolations(bad)).toEqual([
      'account: only the gateway may publish ports',
      'dictionary: joins edge, which is not internal',
      'wordbook: joins egress, which is not internal',
      'statistics: must name its networks (the default one is not internal)',
    ]);
  });

  it('when the identity secret the gateway signs with is looked for, then every app service requires it', () => {
    for (const name of ['gateway', 'account', 'dictionary', 'wordbook', 'billing', 'statistics']) {
      const env = compose.services![name]!.environment as Record<string, string>;
      expect(env.IDENTITY_SECRET).toBe('${IDENTITY_SECRET:?set IDENTITY_SECRET}');
    }
  });

  it('when YAML merge keys are used, then they are resolved before validation', () => {
    const parsed = parseCompose('x-a: &a\n  image: redis:7\nservices:\n  r:\n    <<: *a\n');
    expect(parsed.services?.r?.image).toBe('redis:7');
  });
});

describe('deploy/Dockerfile', () => {
  const dockerfile = fs.readFileSync(path.join(repoRoot, 'deploy', 'Dockerfile'), 'utf8');
  const stages = dockerfile.split(/^FROM /m).slice(1);

  it('when read, then it builds in one stage and runs production deps as a non-root user in another', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const [build, runtime] = [stages[0] ?? '', stages.at(-1) ?? ''];
    expect(build).toMatch(/RUN npm ci\b/);
    expect(build).toMatch(/npm run build/);
    expect(build).toMatch(/npm prune --omit=dev/);
    expect(runtime).toMatch(/^USER (?!root\b|0\b)\S+/m);
    expect(runtime).toMatch(/ARG SERVICE/);
    expect(runtime).toContain('services/$SERVICE/dist/main.js');
    expect(runtime).toContain('gateway/dist/main.js');
  });

  it('when the build context is filtered, then secrets and local data stay out of it', () => {
    const ignore = fs.readFileSync(path.join(repoRoot, 'deploy', 'Dockerfile.dockerignore'), 'utf8').split('\n');
    for (const entry of ['**/node_modules', '.local', '.env', '.env.*', '.git']) expect(ignore).toContain(entry);
  });
});

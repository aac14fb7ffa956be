// Checks of docker-compose.yml: the Compose Specification schema (as shipped by the dclint
// package, validated with ajv) and this project's own rules.
import fs from 'node:fs';
import path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { parseDocument } from 'yaml';

export const repoRoot = path.resolve(__dirname, '../..');

export type Compose = {
  services?: Record<string, ComposeService>;
  networks?: Record<string, { internal?: boolean } | null>;
  volumes?: Record<string, unknown>;
  [key: string]: unknown;
};
export interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string; args?: Record<string, string> | string[] };
  environment?: Record<string, string | number | boolean | null> | string[];
  healthcheck?: { test?: string | string[]; disable?: boolean };
  depends_on?: string[] | Record<string, { condition?: string }>;
  deploy?: { replicas?: number | string };
  ports?: unknown[];
  networks?: string[] | Record<string, unknown>;
  volumes?: (string | { type?: string; source?: string })[];
  [key: string]: unknown;
}

/** Parses Compose YAML the way Compose does: `<<` merge keys resolved. */
export function parseCompose(text: string): Compose {
  const doc = parseDocument(text, { merge: true });
  if (doc.errors.length) throw doc.errors[0];
  return doc.toJS() as Compose;
}

export function readCompose(): { text: string; compose: Compose } {
  const text = fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
  return { text, compose: parseCompose(text) };
}

function composeSchema(): object {
  // dclint keeps the official compose-spec.json up to date; it is a file of the package, not an export.
  const dir = path.dirname(require.resolve('dclint/package.json', { paths: [repoRoot] }));
  const schema = JSON.parse(fs.readFileSync(path.join(dir, 'schemas', 'compose.schema.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  // Its `$schema` is the https spelling of draft-07, which ajv does not know by that name; ajv's default is draft-07.
  delete schema.$schema;
  return schema;
}

let validator: ValidateFunction | undefined;

/** Validates against the Compose Specification; returns readable errors (empty when valid). */
export function schemaErrors(compose: unknown): string[] {
  // strict off: the spec uses annotations such as `deprecated` that draft-07 does not define.
  validator ??= new Ajv({ allErrors: true, strict: false, allowUnionTypes: true }).compile(composeSchema());
  const validate = validator;
  if (validate(compose)) return [];
  return (validate.errors ?? []).map(
    (e: ErrorObject) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
  );
}

function envOf(svc: ComposeService): Record<string, string> {
  const env = svc.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((kv) => [kv.split('=')[0] ?? kv, kv.includes('=') ? kv.slice(kv.indexOf('=') + 1) : '']),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === null ? '' : String(v)]));
}

const SECRET_NAME = /(PASSWORD|PASSWD|SECRET|PEPPER|TOKEN|CIPHER_KEY|API_KEY|PRIVATE_KEY)/i;
/** A value taken from the env file and required there: `${VAR:?message}` (or `${VAR?message}`). */
const REQUIRED_VAR = /^\$\{[A-Z_][A-Z0-9_]*:?\?[^}]*\}$/;

/** The project's own rules; returns one message per violation (empty when all hold). */
export function ruleViolations(compose: Compose): string[] {
  const problems: string[] = [];
  const services = compose.services ?? {};
  const declaredVolumes = new Set(Object.keys(compose.volumes ?? {}));

  for (const [name, svc] of Object.entries(services)) {
    const test = svc.healthcheck?.test;
    if (!svc.healthcheck || svc.healthcheck.disable || !test || (Array.isArray(test) && test[0] === 'NONE')) {
      problems.push(`${name}: has no healthcheck`);
    }

    const deps = svc.depends_on ?? {};
    for (const [dep, cond] of Array.isArray(deps) ? deps.map((d) => [d, {}] as const) : Object.entries(deps)) {
      if (!services[dep]) problems.push(`${name}: depends on unknown service ${dep}`);
      if ((cond as { condition?: string }).condition !== 'service_healthy') {
        problems.push(`${name}: depends_on ${dep} must use condition service_healthy`);
      }
    }

    for (const [key, value] of Object.entries(envOf(svc))) {
      if (SECRET_NAME.test(key) && !REQUIRED_VAR.test(value)) {
        problems.push(`${name}: ${key} must come from the env file as \${${key}:?…}, not a literal`);
      }
      // Credentials inside a URL (scheme://user:password@host) must be interpolated too.
      const cred = /^[a-z][a-z0-9+.-]*:\/\/([^/@\s]*)@/i.exec(value);
      if (cred?.[1]?.includes(':')) {
        const password = cred[1].slice(cred[1].indexOf(':') + 1);
        if (!/^\$\{[A-Z_][A-Z0-9_]*:?\?[^}]*\}$/.test(password)) {
          problems.push(`${name}: ${key} has a literal password in its URL`);
        }
      }
    }

    for (const vol of svc.volumes ?? []) {
      const source = typeof vol === 'string' ? vol.split(':')[0] : vol.type === 'volume' ? vol.source : undefined;
      if (source && !/^[./~$]/.test(source) && !declaredVolumes.has(source)) {
        problems.push(`${name}: volume ${source} is not declared under top-level volumes`);
      }
    }

    const build = svc.build;
    if (build !== undefined) {
      const spec = typeof build === 'string' ? { context: build } : build;
      if (spec.dockerfile !== 'deploy/Dockerfile') problems.push(`${name}: must build from deploy/Dockerfile`);
      const args = Array.isArray(spec.args)
        ? Object.fromEntries(spec.args.map((a) => a.split('=') as [string, string]))
        : (spec.args ?? {});
      const target = args.SERVICE;
      const folder = target === 'gateway' ? 'gateway' : `services/${target ?? '?'}`;
      if (!target || !fs.existsSync(path.join(repoRoot, folder, 'package.json'))) {
        problems.push(`${name}: build arg SERVICE=${String(target)} names no workspace`);
      }
    }
  }

  // Only the gateway faces the world: no other service publishes a port or joins a network with a
  // route out, except the outbound-only `egress` for the services that call a mail relay or PortOne.
  const networks = compose.networks ?? {};
  const OUTBOUND = new Set(['account', 'billing']);
  for (const [name, svc] of Object.entries(services)) {
    const joined = Array.isArray(svc.networks) ? svc.networks : Object.keys(svc.networks ?? {});
    if (name === 'gateway') continue;
    if (svc.ports?.length) problems.push(`${name}: only the gateway may publish ports`);
    if (joined.length === 0) problems.push(`${name}: must name its networks (the default one is not internal)`);
    for (const net of joined) {
      if (!(net in networks)) problems.push(`${name}: joins undeclared network ${net}`);
      else if (networks[net]?.internal === true) continue;
      else if (net !== 'egress' || !OUTBOUND.has(name)) problems.push(`${name}: joins ${net}, which is not internal`);
    }
  }
  const gatewayNets = services.gateway?.networks;
  if (Array.isArray(gatewayNets) && gatewayNets.includes('egress')) problems.push('gateway: must not join egress');

  const dictionary = services.dictionary;
  const replicas = Number(dictionary?.deploy?.replicas ?? 1);
  if (!(replicas > 1)) problems.push('dictionary: deploy.replicas must be greater than 1');
  const urls = (envOf(services.gateway ?? {}).DICTIONARY_URLS ?? '').split(',').filter(Boolean);
  if (urls.length !== replicas)
    problems.push(`gateway: DICTIONARY_URLS lists ${urls.length} URLs for ${replicas} replicas`);
  return problems;
}

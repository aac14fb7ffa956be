// `npm run openapi`: builds the OpenAPI 3.1 document of every gateway-routed path from the
// services' own contracts (the zod schemas their handlers validate with) and writes it to
// gateway/openapi.json, which the gateway serves at /api/docs. test/contract/openapi.test.ts
// fails when the committed file differs from a fresh build.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { errorBodySchema, type RouteContract, type ServiceContract } from '@syn/kit/contract';
import { SESSION_COOKIE } from '@syn/kit/session';
import { z } from 'zod';
import { accountContract } from '../services/account/src/routes/contract';
import { billingContract } from '../services/billing/src/contract';
import { dictionaryContract } from '../services/dictionary/src/routes/contract';
import { statisticsContract } from '../services/statistics/src/routes/contract';
import { wordbookContract } from '../services/wordbook/src/routes/contract';

export const ROOT = path.resolve(__dirname, '..');
export const DOCUMENT_FILE = path.join(ROOT, 'gateway/openapi.json');

/** Every service's contract, in the order the document lists them. */
export const CONTRACTS: readonly ServiceContract[] = [
  accountContract,
  dictionaryContract,
  wordbookContract,
  billingContract,
  statisticsContract,
];

export type JsonSchema = { [key: string]: unknown };
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  [key: string]: unknown;
};
export interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  security: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: 'query' | 'path'; required: boolean; schema: JsonSchema }>;
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema: JsonSchema }> } | { $ref: string }
  >;
}

/** Statuses every route may answer besides its own: the gateway's (rate limit, upstream down) and any failure. */
const COMMON_ERRORS = [429, 500, 502, 503];

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input; `message` is the first failed rule (spec §5)',
  401: 'Login required, or the session was replaced by a login on another device (`authKeyError`)',
  403: 'Administrator permission required, unverified email, or a cross-site request',
  404: 'Not found',
  409: 'Conflicts with the current state (already used, refunded, taken)',
  413: 'Request body too large',
  429: 'Too many requests (`retryAfterSeconds` when known)',
  500: 'Unexpected failure',
  502: 'The service behind the gateway cannot be reached',
  503: 'Temporarily unavailable',
};

const ACCESS_TEXT: Record<RouteContract['access'], string> = {
  public: 'Caller: anyone (the session cookie, when sent, says who).',
  member: 'Caller: a signed-in member (session cookie).',
  admin: 'Caller: an administrator (grade 0); the gateway refuses anyone else with 403.',
};

/**
 * An input field is required only when the handler refuses it absent. zod lists every
 * `z.preprocess` field as required (it cannot see inside the function), so ask the field.
 */
function requiredInputs(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  if (!(ctx.zodSchema instanceof z.ZodObject) || !Array.isArray(ctx.jsonSchema.required)) return;
  const shape = ctx.zodSchema.shape as Record<string, z.ZodType>;
  const required = (ctx.jsonSchema.required as string[]).filter((key) => !shape[key]?.safeParse(undefined).success);
  if (required.length > 0) ctx.jsonSchema.required = required;
  else delete ctx.jsonSchema.required;
}

/** zod → JSON Schema draft 2020-12 (OpenAPI 3.1's dialect), without the `$schema` header. */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const out = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    override:
      io === 'input' ? (ctx) => requiredInputs(ctx as { zodSchema: unknown; jsonSchema: JsonSchema }) : undefined,
  }) as JsonSchema;
  delete out.$schema;
  return out;
}

function operationId(route: RouteContract): string {
  const words = route.path
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== '')
    .map((w) => w[0]!.toUpperCase() + w.slice(1));
  return route.method + words.join('');
}

function queryParameters(request: z.ZodType): NonNullable<Operation['parameters']> {
  const schema = jsonSchema(request, 'input');
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: s,
  }));
}

/** Named request and response bodies, shared by the JSON and form media types of an operation. */
type Schemas = Record<string, JsonSchema>;

function named(schemas: Schemas, name: string, schema: JsonSchema): JsonSchema {
  schemas[name] = schema;
  return { $ref: `#/components/schemas/${name}` };
}

function operation(service: ServiceContract, route: RouteContract, schemas: Schemas): Operation {
  const id = operationId(route);
  const op: Operation = {
    operationId: id,
    tags: [service.service],
    summary: route.summary,
    description: ACCESS_TEXT[route.access],
    // A public route reads the session when there is one: the cookie is optional there.
    security: route.access === 'public' ? [{}, { session: [] }] : [{ session: [] }],
    responses: {},
  };
  const parameters: NonNullable<Operation['parameters']> = [];
  if (route.params) {
    const schema = jsonSchema(route.params, 'input');
    for (const [name, s] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
      parameters.push({ name, in: 'path', required: true, schema: s });
    }
  }
  if (route.request && route.method === 'get') parameters.push(...queryParameters(route.request));
  if (parameters.length > 0) op.parameters = parameters;
  if (route.request && route.method === 'post') {
    const body = jsonSchema(route.request, 'input');
    const schema = named(schemas, `${id[0]!.toUpperCase()}${id.slice(1)}Request`, body);
    // "Body shaped as params" (spec §7.4): JSON and form bodies carry the same fields.
    op.requestBody = {
      required: Array.isArray(body.required) && body.required.length > 0,
      content: { 'application/json': { schema }, 'application/x-www-form-urlencoded': { schema } },
    };
  }
  const response = named(
    schemas,
    `${id[0]!.toUpperCase()}${id.slice(1)}Response`,
    jsonSchema(route.response, 'output'),
  );
  const types = route.responseMediaTypes ?? ['application/json'];
  const content = Object.fromEntries(types.map((type) => [type, { schema: response }]));
  op.responses['200'] = { description: 'Success', content };
  const errors = new Set([...route.errors, ...COMMON_ERRORS]);
  if (route.access !== 'public') errors.add(401);
  if (route.access === 'admin') errors.add(403);
  // Writes: the gateway's body limit and its cross-site check (csrf policy).
  if (route.method === 'post') [403, 413].forEach((s) => errors.add(s));
  for (const status of [...errors].sort((a, b) => a - b)) {
    op.responses[String(status)] = { $ref: `#/components/responses/Error${status}` };
  }
  return op;
}

export function buildDocument(version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const schemas: Schemas = { Error: jsonSchema(errorBodySchema, 'output') };
  const statuses = new Set<number>(Object.keys(ERROR_DESCRIPTIONS).map(Number));
  for (const service of CONTRACTS) {
    for (const route of service.routes) {
      const item = (paths[route.path] ??= {});
      if (item[route.method]) throw new Error(`${route.method.toUpperCase()} ${route.path} is declared twice`);
      item[route.method] = operation(service, route, schemas);
      for (const s of route.errors) {
        if (!ERROR_DESCRIPTIONS[s]) throw new Error(`${route.path}: no description for status ${s}`);
      }
    }
  }
  const responses = Object.fromEntries(
    [...statuses]
      .sort((a, b) => a - b)
      .map((s) => [
        `Error${s}`,
        {
          description: ERROR_DESCRIPTIONS[s],
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: '유의어 사전 API',
      version,
      description:
        'Every path the gateway routes, generated from the zod schemas the services validate with ' +
        '(`npm run openapi`). Calls send the session cookie; unless noted they are POST with a JSON or ' +
        'form body. Every failure answers `{ error: true, message }` with a Korean message.',
    },
    servers: [{ url: '/' }],
    tags: CONTRACTS.map((c) => ({ name: c.service, description: c.description })),
    paths,
    components: {
      schemas,
      responses,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'HttpOnly session cookie set by POST /api/user/login (visitors get one on their first view)',
        },
      },
    },
  };
}

export function packageVersion(): string {
  return (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The document as the committed file holds it. */
export function renderDocument(): string {
  return `${JSON.stringify(buildDocument(packageVersion()), null, 2)}\n`;
}

function main(): void {
  const text = renderDocument();
  writeFileSync(DOCUMENT_FILE, text);
  const doc = JSON.parse(text) as OpenApiDocument;
  const operations = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
  console.log(
    `${path.relative(ROOT, DOCUMENT_FILE)}: ${Object.keys(doc.paths).length} paths, ${operations} operations`,
  );
}

if (require.main === module) {
  main();
}

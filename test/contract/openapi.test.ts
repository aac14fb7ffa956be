// The committed OpenAPI document is the generator's output, its schemas are valid JSON Schema
// 2020-12, and it documents exactly the paths the gateway routes and the services' routers serve.
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import express, { Router, type Express } from 'express';
import { ROUTES } from '../../gateway/src/routes';
import { sysRoutes as accountSysRoutes } from '../../services/account/src/routes/sys';
import { userRoutes } from '../../services/account/src/routes/user';
import type { AccountContext } from '../../services/account/src/usecases/context';
import { couponRoutes, type CouponRouteDeps } from '../../services/billing/src/coupons/routes';
import { adminRoutes } from '../../services/billing/src/routes/admin';
import { memberRoutes, type RouteDeps } from '../../services/billing/src/routes/member';
import { payConfigRoutes } from '../../services/billing/src/routes/payConfig';
import { subscribeRoutes } from '../../services/billing/src/routes/subscribe';
import type { UserDirectory } from '../../services/billing/src/domain/users';
import { datasetRoutes, type DatasetInfoCache } from '../../services/dictionary/src/routes/dataset';
import { externalLinkRoutes } from '../../services/dictionary/src/routes/externalLink';
import { searchRoutes, type SearchRouteDeps } from '../../services/dictionary/src/routes/search';
import { sysRoutes as statisticsSysRoutes } from '../../services/statistics/src/routes/sys';
import { wordbookRoutes, type WordbookRouteDeps } from '../../services/wordbook/src/routes/wordbook';
import type { Pool } from '@syn/kit';
import { buildDocument, CONTRACTS, DOCUMENT_FILE, packageVersion, renderDocument } from '../../scripts/openapi';

type Endpoint = `${'get' | 'post'} ${string}`;

/** Express `:name` → OpenAPI `{name}`. */
const template = (expressPath: string) => expressPath.replace(/:([A-Za-z_]\w*)/g, '{$1}');

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** The (method, path) pairs a router registers, under the prefix the service mounts it at. */
function endpointsOf(router: Router | { router: unknown }, prefix = ''): Endpoint[] {
  // Express keeps a router's layers in `stack` (an app's in `app.router.stack`).
  const stack = ('stack' in router ? router.stack : (router.router as { stack: unknown }).stack) as Layer[];
  return stack.flatMap((layer) =>
    layer.route
      ? Object.keys(layer.route.methods)
          .filter((m) => m === 'get' || m === 'post')
          .map((m) => `${m} ${template(prefix + layer.route!.path)}` as Endpoint)
      : [],
  );
}

/**
 * Every route the five services register, built with inert dependencies: registering a route
 * touches none of them. The mount prefixes are those of each service's app factory.
 */
function serviceEndpoints(): Record<string, Endpoint[]> {
  const none = {} as never;
  const account = { config: { NODE_ENV: 'test' } } as unknown as AccountContext;

  const dictionary = Router();
  searchRoutes(dictionary, { redis: none } as unknown as SearchRouteDeps);
  externalLinkRoutes(dictionary, none, 'dictionary', '');
  datasetRoutes(dictionary, {} as DatasetInfoCache);

  const wordbook = Router();
  wordbookRoutes(wordbook, {} as WordbookRouteDeps);

  const billing: Express = express();
  const d = {} as RouteDeps & { users: UserDirectory; warn: () => void };
  memberRoutes(billing, d);
  payConfigRoutes(billing, { billing: none, payClient: { impCode: '', scriptUrl: '' } });
  subscribeRoutes(billing, d);
  adminRoutes(billing, d);
  couponRoutes(billing, {} as CouponRouteDeps);

  return {
    account: [...endpointsOf(userRoutes(account), '/api/user'), ...endpointsOf(accountSysRoutes(account), '/api/sys')],
    dictionary: endpointsOf(dictionary),
    wordbook: endpointsOf(wordbook),
    billing: endpointsOf(billing as unknown as { router: unknown }),
    statistics: endpointsOf(statisticsSysRoutes({} as Pool, 'statistics'), '/api/sys'),
  };
}

function documented(): Record<string, Endpoint[]> {
  return Object.fromEntries(
    CONTRACTS.map((c) => [c.service, c.routes.map((r) => `${r.method} ${r.path}` as Endpoint)]),
  );
}

/** Does a gateway path (exact, or a prefix ending in `*`) cover this documented path? */
const covers = (gatewayPath: string, path: string) =>
  gatewayPath.endsWith('*') ? path.startsWith(gatewayPath.slice(0, -1)) : gatewayPath === path;

describe('gateway/openapi.json', () => {
  it('when generated afresh, then it equals the committed file (run `npm run openapi` after changing a contract)', () => {
    // Compared as data, so reformatting the file (prettier) is no drift.
    expect(JSON.parse(readFileSync(DOCUMENT_FILE, 'utf8'))).toEqual(JSON.parse(renderDocument()));
  });

  it('when its schemas are compiled as JSON Schema 2020-12 in strict mode, then every one is valid', () => {
    const doc = buildDocument(packageVersion());
    const schemas = (doc.components as { schemas: Record<string, object> }).schemas;
    expect(Object.keys(schemas).length).toBeGreaterThan(80);
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
    for (const [name, schema] of Object.entries(schemas)) {
      expect(() => ajv.compile(schema)).not.toThrow();
      expect(name).toMatch(/^(Error|(Get|Post)\w+(Request|Response))$/);
    }
  });

  it('when an operation refers to a component, then the component exists', () => {
    const text = JSON.stringify(buildDocument(packageVersion()));
    const doc = JSON.parse(text) as { components: Record<string, Record<string, unknown>> };
    const refs = [...text.matchAll(/"\$ref":"#\/components\/(\w+)\/(\w+)"/g)];
    expect(refs.length).toBeGreaterThan(300);
    for (const [, kind, name] of refs) expect(doc.components[kind!]?.[name!]).toBeDefined();
  });
});

describe('documented paths', () => {
  const docs = documented();
  const served = serviceEndpoints();

  it.each(CONTRACTS.map((c) => c.service))(
    "when %s's routers are listed, then every route is documented and every documented route is served",
    (service) => {
      expect([...(docs[service] ?? [])].sort()).toEqual([...new Set(served[service])].sort());
    },
  );

  it('when a documented path is looked up in the gateway table, then the gateway routes it to its service', () => {
    for (const contract of CONTRACTS) {
      for (const route of contract.routes) {
        const owner = ROUTES.find((r) => r.paths.some((p) => covers(p, route.path)));
        expect({ path: route.path, service: owner?.service }).toEqual({ path: route.path, service: contract.service });
        // A path the gateway keeps to administrators is documented as such.
        if (owner?.access === 'admin')
          expect({ path: route.path, access: route.access }).toMatchObject({ access: 'admin' });
      }
    }
  });

  it('when a gateway route path is looked up in the document, then it has at least one operation', () => {
    const paths = CONTRACTS.flatMap((c) => c.routes.map((r) => r.path));
    for (const route of ROUTES) {
      for (const gatewayPath of route.paths) {
        expect({ gatewayPath, documented: paths.some((p) => covers(gatewayPath, p)) }).toEqual({
          gatewayPath,
          documented: true,
        });
      }
    }
  });
});

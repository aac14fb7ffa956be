// express-gateway plugin, loaded through system.config.yml's `plugins`
// section. It registers our policies and the gateway routes that run before
// any pipeline: security headers, error shape, health, site details, static files.
import type { Application, ErrorRequestHandler, RequestHandler } from 'express';
import type { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import { logger } from '../logger';
import { gatewayHttpMetrics } from '../metrics';
import { adminGuard, adminGuardSchema, type GuardLevel } from './adminGuard';
import { bodyLimit } from './bodyLimit';
import { apiDocs, DOCS_PATH } from './docs';
import { csrfPolicy } from './csrf';
import { errorHandler, errorShape, notFound } from './errors';
import { healthCheck } from './health';
import { createRateLimiters, rateLimitPolicy, rateLimitSchema, type RouteRateClass } from './rateLimit';
import { ReplicaPool, readsOnly, replicaProxy, replicaProxySchema } from './replicas';
import { installFastRequestIds } from './requestIds';
import { sessionPolicy, startSessionLookup } from './session';
import { SessionStore } from './sessionStore';
import { settingsSchema, type PluginSettings } from './settings';
import { SITE_PATH, siteInfo } from './site';
import { rejectAmbiguousPaths, securityHeaders, webApp } from './web';

/** The parts of express-gateway's plugin context we use (its bundled typings target express 5 types). */
interface PluginContext {
  settings: PluginSettings;
  registerPolicy(policy: {
    name: string;
    schema: object;
    policy: (actionParams: Record<string, unknown>, config: PolicyConfig) => RequestHandler;
  }): void;
  registerGatewayRoute(declare: (app: Application) => void): void;
  eventBus: EventEmitter;
}

/** What express-gateway hands a policy besides its action: the loaded gateway.config.yml. */
interface PolicyConfig {
  gatewayConfig: { serviceEndpoints: Record<string, { url?: string; urls?: string[] }> };
}

const emptySchema = { $id: '', type: 'object', properties: {} };

/** The plugin's live resources, so main.ts can shut them down. */
let store: SessionStore | undefined;
/** One pool per service endpoint, shared by every pipeline that proxies to it. */
const pools = new Map<string, ReplicaPool>();
let loaded = false;

export function pluginLoaded(): boolean {
  return loaded;
}

export function sessionStore(): SessionStore | undefined {
  return store;
}

export async function closePlugin(): Promise<void> {
  for (const pool of pools.values()) pool.stop();
  pools.clear();
  const current = store;
  store = undefined;
  await current?.close();
}

// express-gateway requires the plugin with CommonJS `require` and reads `version`, `schema` and `init`.
export const version = '1.2.0';
export const policies = ['rate-limit', 'csrf', 'session', 'admin-guard', 'body-limit', 'replica-proxy'];
export const schema = settingsSchema;

export function init(context: PluginContext): void {
  const settings = context.settings;
  installFastRequestIds();
  const sessions = new SessionStore(settings.redisUrl, logger);
  store = sessions;
  const limiters = createRateLimiters(sessions.redis, settings.rateLimits);

  context.registerPolicy({
    name: 'rate-limit',
    schema: rateLimitSchema,
    policy: (params) =>
      rateLimitPolicy(limiters, rateClass(params.class), logger, (req) => startSessionLookup(req, sessions)),
  });
  context.registerPolicy({
    name: 'csrf',
    schema: { ...emptySchema, $id: 'http://syn.local/schemas/policies/csrf.json' },
    policy: () => csrfPolicy(settings.trustedOrigins),
  });
  context.registerPolicy({
    name: 'session',
    schema: { ...emptySchema, $id: 'http://syn.local/schemas/policies/session.json' },
    policy: () => sessionPolicy(sessions, settings.identitySecret, logger),
  });
  context.registerPolicy({
    name: 'admin-guard',
    schema: adminGuardSchema,
    policy: (params) => adminGuard(params.allow === 'member' ? 'member' : ('admin' satisfies GuardLevel)),
  });
  context.registerPolicy({
    name: 'body-limit',
    schema: { ...emptySchema, $id: 'http://syn.local/schemas/policies/body-limit.json' },
    policy: () => bodyLimit(settings.bodyLimitBytes),
  });

  context.registerPolicy({
    name: 'replica-proxy',
    schema: replicaProxySchema,
    policy: (params, config) => {
      const name = String(params.serviceEndpoint);
      const endpoint = config.gatewayConfig.serviceEndpoints[name];
      const urls = endpoint?.urls ?? (endpoint?.url ? [endpoint.url] : []);
      if (urls.length === 0) throw new Error(`service endpoint ${name} (replica-proxy policy) has no URL`);
      let pool = pools.get(name);
      if (!pool) {
        pool = new ReplicaPool({ name, urls, log: logger });
        pool.start();
        pools.set(name, pool);
      }
      return replicaProxy({
        pool,
        proxyTimeoutMs: Number(params.proxyTimeout),
        changeOrigin: params.changeOrigin === true,
        isRead: readsOnly(Array.isArray(params.readPosts) ? params.readPosts.map(String) : []),
        log: logger,
      });
    },
  });

  context.registerGatewayRoute((app) => {
    if (settings.trustProxy) app.set('trust proxy', trustProxyValue(settings.trustProxy));
    // First, so every answer is timed, also the gateway's own refusals.
    app.use(gatewayHttpMetrics);
    app.use(errorShape);
    app.use(
      securityHeaders({
        frameAncestors: settings.frameAncestors,
        extraOrigins: settings.extraOrigins,
        production: settings.hsts,
      }),
    );
    app.use(rejectAmbiguousPaths);
    app.get(
      '/health',
      healthCheck(settings.healthTargets, () => sessions.ping()),
    );
    app.use(DOCS_PATH, apiDocs());
    app.get(SITE_PATH, siteInfo(settings.site));
    app.use(...webApp(settings.webDist));

    // Gateway routes run before the pipelines; the fallbacks must run after them, which is once the server listens.
    const fallbacks: [RequestHandler, ErrorRequestHandler] = [
      notFound,
      errorHandler((err) => logger.error({ err }, 'unhandled gateway error')),
    ];
    context.eventBus.once('http-ready', ({ httpServer }: { httpServer?: Server }) => {
      // Node's 5 s default closes idle keep-alive sockets while clients (undici's 4 s, a load balancer's
      // 60 s) may still send on them: the request then fails with "other side closed". Outlive them.
      if (httpServer) {
        httpServer.keepAliveTimeout = 65_000;
        httpServer.headersTimeout = 66_000;
      }
      app.use(...fallbacks);
    });
  });
  loaded = true;
}

function rateClass(value: unknown): RouteRateClass {
  return value === 'search' || value === 'admin' ? value : 'api';
}

function trustProxyValue(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

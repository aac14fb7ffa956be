// Builds express-gateway's two config files and its models/ folder from the
// validated environment, in a private temporary folder per process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GatewayConfig } from './config';
import { DICTIONARY_READ_POSTS, ROUTES, type Route, type ServiceName } from './routes';
import type { PluginSettings } from './plugin/settings';

export const PLUGIN_NAME = 'syn';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function serviceEndpoints(config: GatewayConfig): Record<ServiceName, Json> {
  const { account, dictionary, wordbook, billing, statistics } = config.services;
  return {
    account: { url: account },
    // Several replicas: the replica-proxy policy balances over the healthy ones (plugin/replicas.ts).
    dictionary: { urls: dictionary },
    wordbook: { url: wordbook },
    billing: { url: billing },
    statistics: { url: statistics },
  };
}

/** Which per-address limit a route draws from (sign-in calls also draw from `auth`, see plugin/rateLimit.ts). */
function rateClass(route: Route): 'search' | 'admin' | 'api' {
  if (route.service === 'dictionary') return 'search';
  if (route.access === 'admin') return 'admin';
  return 'api';
}

export function gatewayConfig(config: GatewayConfig): Json {
  const apiEndpoints: Record<string, Json> = {};
  const pipelines: Record<string, Json> = {};
  for (const route of ROUTES) {
    apiEndpoints[route.name] = { paths: route.paths };
    // Counted first (even refused requests cost), then cross-site writes refused before the session is used (its
    // look-up starts with the count, to share its Redis round trip: plugin/session.ts startSessionLookup).
    const policies: Json[] = [
      { 'rate-limit': [{ action: { class: rateClass(route) } }] },
      { csrf: [] },
      { session: [] },
    ];
    if (route.access !== 'public') policies.push({ 'admin-guard': [{ action: { allow: route.access } }] });
    policies.push({ 'body-limit': [] });
    const proxyAction = {
      serviceEndpoint: route.service,
      changeOrigin: true,
      // http-proxy: give up on a silent upstream; the gateway then answers 502.
      proxyTimeout: config.upstreamTimeoutMs,
    };
    if (route.service === 'dictionary') {
      policies.push({ 'replica-proxy': [{ action: { ...proxyAction, readPosts: DICTIONARY_READ_POSTS } }] });
    } else {
      policies.push({ proxy: [{ action: proxyAction }] });
    }
    pipelines[route.name] = { apiEndpoints: [route.name], policies };
  }
  return {
    // No `admin` section: express-gateway's admin API stays off.
    http: { hostname: config.host, port: config.port },
    apiEndpoints,
    serviceEndpoints: serviceEndpoints(config),
    policies: ['rate-limit', 'csrf', 'session', 'admin-guard', 'body-limit', 'replica-proxy', 'proxy'],
    pipelines,
  };
}

export function systemConfig(config: GatewayConfig, pluginPath: string): Json {
  const settings: PluginSettings = {
    package: pluginPath,
    redisUrl: config.redisUrl,
    webDist: config.webDist,
    bodyLimitBytes: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    hsts: config.nodeEnv === 'production',
    frameAncestors: config.csp.frameAncestors,
    extraOrigins: config.csp.extraOrigins,
    trustedOrigins: config.trustedOrigins,
    rateLimits: config.rateLimits,
    identitySecret: config.identitySecret,
    site: config.site,
    healthTargets: [
      { name: 'account', service: 'account', url: config.services.account },
      ...config.services.dictionary.map((url, index, all) => ({
        name: all.length === 1 ? 'dictionary' : `dictionary#${index + 1}`,
        service: 'dictionary',
        url,
      })),
      { name: 'wordbook', service: 'wordbook', url: config.services.wordbook },
      { name: 'billing', service: 'billing', url: config.services.billing },
      { name: 'statistics', service: 'statistics', url: config.services.statistics },
    ],
  };
  const eg = config.expressGateway;
  return {
    // The emulated (in-memory) store: we use none of express-gateway's users, apps or credentials.
    db: { redis: { emulate: true, namespace: 'EG' } },
    crypto: { cipherKey: eg.cipherKey, algorithm: eg.algorithm, saltRounds: 10 },
    session: { secret: eg.sessionSecret, resave: false, saveUninitialized: false },
    accessTokens: { timeToExpiry: 7200000, secretOrPrivateKey: eg.accessTokenSecret },
    refreshTokens: { timeToExpiry: 7200000 },
    authorizationCodes: { timeToExpiry: 300000 },
    plugins: { [PLUGIN_NAME]: settings as unknown as Json },
  };
}

/**
 * Writes gateway.config.yml, system.config.yml and models/ into a fresh
 * private folder and returns it. JSON is valid YAML, so the files are
 * written as JSON; they hold secrets, hence mode 0600 in a 0700 folder.
 */
export function writeConfigDir(config: GatewayConfig, pluginPath: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'syn-gateway-'));
  const header = '# Generated at start-up by gateway/src/main.ts from the environment. Do not edit.\n';
  const write = (name: string, value: Json): void =>
    fs.writeFileSync(path.join(dir, name), header + JSON.stringify(value, null, 2) + '\n', { mode: 0o600 });
  write('gateway.config.yml', gatewayConfig(config));
  write('system.config.yml', systemConfig(config, pluginPath));

  // express-gateway's load() requires its model schemas beside the config.
  const modelsSource = path.join(
    path.dirname(require.resolve('express-gateway/package.json')),
    'lib',
    'config',
    'models',
  );
  fs.mkdirSync(path.join(dir, 'models'));
  for (const file of fs.readdirSync(modelsSource).filter((name) => name.endsWith('.json'))) {
    fs.copyFileSync(path.join(modelsSource, file), path.join(dir, 'models', file));
  }
  return dir;
}

import express, { type Express, type RequestHandler } from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorHandler, MESSAGES, notFoundHandler } from './errors';
import { claimsIdentity, GATEWAY_ISSUER, TRUSTED_HEADERS, verifyIdentity } from './identity';
import type { Logger } from './logger';
import { httpMetrics, metricsHandler } from './metrics';
import { holdsIllFormedText } from './rules/text';

/** A named dependency check for `/health`; resolves when the store answers. */
export type HealthCheck = () => Promise<void>;

export interface AppOptions {
  /** Labels this service's metrics. */
  service: string;
  log: Logger;
  /** The secret the gateway signs identity headers with (config IDENTITY_SECRET). */
  identitySecret: string;
  bodyLimit?: string;
  health: Record<string, HealthCheck>;
  routes: (app: Express) => void;
}

const HEALTH_TIMEOUT_MS = 2_000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

export function healthHandler(checks: Record<string, HealthCheck>): RequestHandler {
  return async (_req, res) => {
    const entries = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(check(), HEALTH_TIMEOUT_MS);
          return [name, 'ok'] as const;
        } catch (err) {
          return [name, err instanceof Error ? err.message : 'failed'] as const;
        }
      }),
    );
    const ok = entries.every(([, v]) => v === 'ok');
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'unavailable', checks: Object.fromEntries(entries) });
  };
}

/** Whether any key or string in a parsed body holds U+0000 (iterative: bodies may nest thousands deep). */
function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (typeof next === 'object' && next !== null) {
      for (const [key, inner] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/**
 * U+0000 is never valid input and PostgreSQL text cannot hold it (a 500 otherwise), nor is text
 * that is not well-formed UTF-16: both refused at the door.
 */
const refuseBadText: RequestHandler = (req, res, next) => {
  if (/%00/i.test(req.originalUrl) || containsNul(req.body)) {
    res.status(400).json({ error: true, message: MESSAGES.badJson });
    return;
  }
  // A lone surrogate makes encodeURIComponent, Buffer round trips and drivers throw or corrupt
  // text later on (a 500): refused here, before any handler, for every string and key.
  if (holdsIllFormedText(req.body) || holdsIllFormedText(req.query)) {
    res.status(400).json({ error: true, message: MESSAGES.illFormedText });
    return;
  }
  next();
};

/** Routes only other services may call: never routed by the gateway, and a gateway signature does not open them. */
const INTERNAL_PREFIX = '/internal/';

/**
 * Believes the gateway's identity headers only under a valid, fresh signature (identity.ts).
 * A request that claims an identity without one is refused; one that claims nothing is a visitor
 * and loses the forwarded-address headers too, so a caller that reaches a service directly gets
 * no more than a visitor through the gateway. /internal/* needs another service's signature.
 */
export function identityGuard(secret: string, log: Logger): RequestHandler {
  return (req, res, next) => {
    const internal = req.path.startsWith(INTERNAL_PREFIX);
    if (!internal && !claimsIdentity(req.headers)) {
      for (const name of TRUSTED_HEADERS) delete req.headers[name];
      next();
      return;
    }
    const verdict = verifyIdentity(secret, req.method, req.originalUrl, req.headers);
    if (verdict.ok && (!internal || verdict.issuer !== GATEWAY_ISSUER)) {
      next();
      return;
    }
    log.warn(
      { path: req.path, reason: verdict.ok ? 'gateway-signed internal call' : verdict.reason },
      'request identity refused',
    );
    res.status(401).json({ error: true, message: MESSAGES.identityRefused });
  };
}

/** Express app with the shared JSON parsing, health route and error shape. No listen here. */
export function createApp(opts: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // The client address and scheme come from the gateway's signed X-Forwarded-* headers; the guard
  // removes them from any request it does not trust, so req.ip is then the caller's own address.
  app.set('trust proxy', true);
  app.use(httpMetrics(opts.service));
  // Like /health, scraped on the service's own address; the gateway routes neither.
  app.get('/metrics', metricsHandler);
  app.get('/health', healthHandler(opts.health));
  app.use(identityGuard(opts.identitySecret, opts.log));
  // JSON and form bodies; the spec's clients send both ("body shaped as params").
  app.use(
    express.json({ limit: opts.bodyLimit ?? '256kb', strict: true, type: ['application/json', 'application/*+json'] }),
  );
  app.use(express.urlencoded({ limit: opts.bodyLimit ?? '256kb', extended: false, parameterLimit: 200 }));
  app.use(refuseBadText);
  opts.routes(app);
  app.use(notFoundHandler);
  app.use(errorHandler(opts.log));
  return app;
}

export interface RunningServer {
  server: Server;
  port: number;
  url: string;
  /** Stops accepting, lets in-flight requests finish (up to `graceMs`), then closes the rest. */
  close(graceMs?: number): Promise<void>;
}

export async function listen(app: Express, port: number, host = '127.0.0.1'): Promise<RunningServer> {
  const server = createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    server,
    port: actual,
    url: `http://${host}:${actual}`,
    close: (graceMs = 10_000) =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}

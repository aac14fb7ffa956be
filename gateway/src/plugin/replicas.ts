// The `replica-proxy` policy: express-gateway's `proxy` with `urls` balances round robin, but
// it keeps sending to a replica that died (every request there answers 502) and never tries
// another one. This policy proxies the same way (http-proxy, the library express-gateway's
// proxy uses, with the same options) over a pool that knows which replicas are healthy:
// each replica's /health is probed every second (3 s to answer), a replica that fails it (or refuses a
// connection) leaves the rotation and comes back once it answers 200 again. A request that
// cannot reach its replica is sent to another one when that cannot do anything twice.
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import type { Request, RequestHandler } from 'express';
import httpProxy from 'http-proxy';
import type { Logger } from 'pino';
import { REQUEST_ID_HEADER } from '@syn/kit/identity';
import { replicaHealthy, replicaRetries } from '../metrics';

interface Replica {
  url: URL;
  healthy: boolean;
  /** A probe of it is under way (a slow replica is probed again only once it answered). */
  probing: boolean;
}

export interface ReplicaPoolOptions {
  /** Names the replicas in logs ("dictionary"). */
  name: string;
  urls: string[];
  log: Logger;
  probeEveryMs?: number;
  probeTimeoutMs?: number;
}

/** The replicas of one service, with the health each was last seen in. */
export class ReplicaPool {
  private readonly replicas: Replica[];
  private next = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly probeEveryMs: number;
  private readonly probeTimeoutMs: number;

  /** The service these replicas serve (metrics and logs). */
  get name(): string {
    return this.opts.name;
  }

  constructor(private readonly opts: ReplicaPoolOptions) {
    if (opts.urls.length === 0) throw new Error(`${opts.name}: no replica URL`);
    // Healthy until a probe or a refused connection says otherwise: the gateway may start before them.
    this.replicas = opts.urls.map((url) => ({ url: new URL(url), healthy: true, probing: false }));
    for (const r of this.replicas) replicaHealthy.set({ service: opts.name, replica: r.url.href }, 1);
    this.probeEveryMs = opts.probeEveryMs ?? 1_000;
    // As the gateway's own /health (health.ts): longer than a replica's store checks (2 s each), so a
    // replica that is slow on a busy machine stays in; one that takes longer is as good as down.
    this.probeTimeoutMs = opts.probeTimeoutMs ?? 3_000;
  }

  start(): void {
    if (this.timer || this.replicas.length < 2) return;
    this.timer = setInterval(() => void this.probeAll(), this.probeEveryMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** The replicas now in the rotation. */
  healthy(): string[] {
    return this.replicas.filter((r) => r.healthy).map((r) => r.url.href);
  }

  /**
   * The next replica, round robin over the healthy ones not in `tried`. When none of those is
   * healthy, the untried ones anyway: a health probe may be wrong, and a refused request
   * is no worse than refusing it here.
   */
  pick(tried: ReadonlySet<string> = new Set()): URL | undefined {
    const untried = this.replicas.filter((r) => !tried.has(r.url.href));
    const healthy = untried.filter((r) => r.healthy);
    const from = healthy.length > 0 ? healthy : untried;
    if (from.length === 0) return undefined;
    const chosen = from[this.next++ % from.length]!;
    if (this.next >= 1_000_000) this.next = 0;
    return chosen.url;
  }

  /** Whether a replica not in `tried` is left to try. */
  hasUntried(tried: ReadonlySet<string>): boolean {
    return this.replicas.some((r) => !tried.has(r.url.href));
  }

  /** A connection to it was refused: out of the rotation until its health probe answers 200. */
  markDown(url: URL): void {
    const replica = this.replicas.find((r) => r.url.href === url.href);
    if (replica?.healthy) this.set(replica, false, 'refused a connection');
  }

  /** Probes every replica not being probed already. */
  async probeAll(): Promise<void> {
    await Promise.all(this.replicas.filter((r) => !r.probing).map((r) => this.probe(r)));
  }

  private async probe(replica: Replica): Promise<void> {
    replica.probing = true;
    try {
      await this.probeOnce(replica);
    } finally {
      replica.probing = false;
    }
  }

  private async probeOnce(replica: Replica): Promise<void> {
    let ok = false;
    let why: string;
    try {
      const res = await fetch(new URL('/health', replica.url), { signal: AbortSignal.timeout(this.probeTimeoutMs) });
      await res.body?.cancel();
      ok = res.status === 200;
      why = `health answered ${res.status}`;
    } catch (err) {
      why = err instanceof Error ? (errorCode(err) ?? err.message) : String(err);
    }
    if (ok !== replica.healthy) this.set(replica, ok, ok ? 'health answered 200' : why);
  }

  private set(replica: Replica, healthy: boolean, reason: string): void {
    replica.healthy = healthy;
    replicaHealthy.set({ service: this.opts.name, replica: replica.url.href }, healthy ? 1 : 0);
    const fields = { service: this.opts.name, replica: replica.url.href, reason, healthy: this.healthy().length };
    if (healthy) this.opts.log.info(fields, 'replica back in rotation');
    else this.opts.log.warn(fields, 'replica taken out of rotation');
  }
}

/** The code of a network error, also when it is the cause of a fetch failure. */
function errorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: unknown };
  if (typeof e.code === 'string') return e.code;
  return e.cause ? errorCode(e.cause) : undefined;
}

/** The connection was never made: the replica received nothing, so any request may go elsewhere. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** The policy's action, as gateway.config.yml gives it (egConfig.ts writes it). */
export const replicaProxySchema = {
  $id: 'http://syn.local/schemas/policies/replica-proxy.json',
  type: 'object',
  properties: {
    serviceEndpoint: { type: 'string' },
    changeOrigin: { type: 'boolean', default: true },
    proxyTimeout: { type: 'integer', minimum: 1 },
    readPosts: { type: 'array', items: { type: 'string' }, default: [] },
  },
  required: ['serviceEndpoint', 'proxyTimeout'],
};

export interface ReplicaProxyOptions {
  pool: ReplicaPool;
  /** http-proxy's proxyTimeout: a silent replica is given up on (and not retried: it may be working). */
  proxyTimeoutMs: number;
  changeOrigin: boolean;
  /** Requests that read only: sent to another replica also when the connection broke before an answer. */
  isRead: (req: Request) => boolean;
  log: Logger;
}

interface EgContext {
  requestID?: string;
  /** The body as read by the body-limit policy (replayable, unlike the request stream). */
  requestBody?: Buffer;
}

/** GET and HEAD, and the POST paths in `readPosts` (searches are POSTs in the spec). */
export function readsOnly(readPosts: readonly string[]): (req: Request) => boolean {
  const posts = new Set(readPosts);
  return (req) => req.method === 'GET' || req.method === 'HEAD' || (req.method === 'POST' && posts.has(req.path));
}

export function replicaProxy(opts: ReplicaProxyOptions): RequestHandler {
  const proxy = httpProxy.createProxyServer({ changeOrigin: opts.changeOrigin, proxyTimeout: opts.proxyTimeoutMs });
  // Kept-alive connections, as express-gateway's proxy keeps them.
  const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };
  // http-proxy reports its own give-up as a socket hang up: remember which requests timed out.
  const timedOut = new WeakSet<IncomingMessage>();
  proxy.on('proxyReq', (proxyReq, req) => {
    proxyReq.once('timeout', () => timedOut.add(req));
  });
  // Errors of a response already streaming (no callback of web() covers them).
  proxy.on('error', (err, _req, res) => {
    opts.log.warn({ err }, 'replica proxy error');
    if ('headersSent' in res && !res.headersSent) res.writeHead(502).end('Bad gateway.');
    else res.end();
  });

  return (req, res) => {
    const eg = (req as Request & { egContext?: EgContext }).egContext ?? {};
    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    // Without the buffered body a second attempt would have nothing to send.
    const replayable = !hasBody || eg.requestBody !== undefined;
    const tried = new Set<string>();

    const attempt = (): void => {
      const target = opts.pool.pick(tried);
      if (!target) {
        res.status(502).send('Bad gateway.');
        return;
      }
      tried.add(target.href);
      proxy.web(
        req,
        res,
        {
          target: target.href,
          headers: eg.requestID ? { [REQUEST_ID_HEADER]: eg.requestID } : {},
          agent: target.protocol === 'https:' ? agents['https:'] : agents['http:'],
          buffer: replayable ? Readable.from(eg.requestBody ? [eg.requestBody] : []) : undefined,
        },
        (err) => {
          const code = errorCode(err);
          const refused = code !== undefined && NOT_CONNECTED.has(code);
          if (refused) opts.pool.markDown(target);
          // Reset before any answer: the replica may have died while working on it, so only a read goes again.
          const broken = code === 'ECONNRESET' && !timedOut.has(req) && opts.isRead(req);
          const again = !res.headersSent && replayable && (refused || broken) && opts.pool.hasUntried(tried);
          opts.log.warn(
            { err, replica: target.href, method: req.method, path: req.path, retried: again },
            again ? 'replica unreachable: request sent to another replica' : 'replica unreachable',
          );
          if (again) {
            replicaRetries.inc({ service: opts.pool.name });
            attempt();
          } else if (!res.headersSent) res.status(502).send('Bad gateway.');
          else res.end();
        },
      );
    };
    attempt();
  };
}

// Prometheus metrics (prom-client) shared by every service: request rate and latency per
// route, errors, outbox backlog and consumer lag. One registry per process; a test process
// may start several services, so every series carries a `service` label and each metric is
// created once (get-or-create) rather than per start.
import type { Consumer } from 'kafkajs';
import type { RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type Metric } from 'prom-client';

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

/** The route a request matched, as declared (`/api/search/:id`), never the raw URL: bounded cardinality. */
export function routeLabel(req: { baseUrl?: string; route?: { path?: unknown } }): string {
  const path = req.route?.path;
  return typeof path === 'string' ? `${req.baseUrl ?? ''}${path}` : 'unmatched';
}

function once<M extends Metric>(name: string, make: () => M): M {
  return (metricsRegistry.getSingleMetric(name) as M | undefined) ?? make();
}

/** Latency buckets around the search targets (p50 ≤ 15 ms, p99 ≤ 60 ms) and the 3 s client timeout. */
export const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.015, 0.025, 0.04, 0.06, 0.1, 0.25, 0.5, 1, 3];

export const httpRequests = once(
  'http_requests_total',
  () =>
    new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by service, method, matched route and status code',
      labelNames: ['service', 'method', 'route', 'status'] as const,
      registers: [metricsRegistry],
    }),
);

export const httpDuration = once(
  'http_request_duration_seconds',
  () =>
    new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request to the end of the response, by service, method and matched route',
      labelNames: ['service', 'method', 'route'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [metricsRegistry],
    }),
);

/** What the timing middleware reads of a request and a response (any Express version's fit). */
export interface TimedRequest {
  method: string;
  path: string;
  baseUrl?: string;
  route?: { path?: unknown };
}
export interface TimedResponse {
  statusCode: number;
  once(event: 'finish', listener: () => void): unknown;
}

/**
 * Times every request; the route is read when the response ends, after routing matched it.
 * `label` names the route (default: the Express route that matched).
 */
export function httpMetrics<Q extends TimedRequest>(
  service: string,
  label: (req: Q) => string = routeLabel,
): (req: Q, res: TimedResponse, next: () => void) => void {
  return (req, res, next) => {
    const end = httpDuration.startTimer();
    res.once('finish', () => {
      const route = label(req);
      end({ service, method: req.method, route });
      httpRequests.inc({ service, method: req.method, route, status: String(res.statusCode) });
    });
    next();
  };
}

/** GET /metrics in the Prometheus text format. Services are never reached through the gateway here. */
export const metricsHandler: RequestHandler = async (_req, res) => {
  res.set('Content-Type', metricsRegistry.contentType);
  res.end(await metricsRegistry.metrics());
};

export const answerCache = once(
  'answer_cache_requests_total',
  () =>
    new Counter({
      name: 'answer_cache_requests_total',
      help: 'Answer-cache look-ups of the read path, by service and result (hit or miss)',
      labelNames: ['service', 'result'] as const,
      registers: [metricsRegistry],
    }),
);

/** Set by kit PgListener: 0 while a cache's invalidations cannot arrive (it lives out its TTL meanwhile). */
export const pgListenConnected = once(
  'pg_listen_connected',
  () =>
    new Gauge({
      name: 'pg_listen_connected',
      help: 'Whether a LISTEN connection is up (1) or being made again (0), by service and channel',
      labelNames: ['service', 'channel'] as const,
      registers: [metricsRegistry],
    }),
);

/** Unpublished outbox rows, read from each registered source when Prometheus scrapes. */
const backlogSources = new Map<string, () => Promise<number>>();
once(
  'outbox_backlog',
  () =>
    new Gauge({
      name: 'outbox_backlog',
      help: 'Events written to an outbox and not yet published to Kafka, by outbox',
      labelNames: ['outbox'] as const,
      registers: [metricsRegistry],
      async collect() {
        this.reset();
        await Promise.all(
          [...backlogSources].map(async ([outbox, count]) => {
            // A store that does not answer leaves the series out rather than failing the scrape.
            const n = await count().catch(() => null);
            if (n !== null) this.set({ outbox }, n);
          }),
        );
      },
    }),
);

/** Registers an outbox's backlog; the returned function unregisters it (on stop). */
export function registerOutboxBacklog(outbox: string, count: () => Promise<number>): () => void {
  backlogSources.set(outbox, count);
  return () => {
    if (backlogSources.get(outbox) === count) backlogSources.delete(outbox);
  };
}

export const consumerLag = once(
  'kafka_consumer_lag',
  () =>
    new Gauge({
      name: 'kafka_consumer_lag',
      help: 'Messages behind the partition end after the last batch a consumer group processed',
      labelNames: ['group', 'topic', 'partition'] as const,
      registers: [metricsRegistry],
    }),
);

/** kafkajs reports each processed batch's lag; the gauge keeps the latest per partition. */
export function trackConsumerLag(consumer: Consumer, group: string): void {
  consumer.on(consumer.events.END_BATCH_PROCESS, (e) => {
    consumerLag.set(
      { group, topic: e.payload.topic, partition: String(e.payload.partition) },
      Number(e.payload.offsetLag),
    );
  });
}

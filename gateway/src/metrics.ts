// The gateway's Prometheus metrics: request rate and latency per documented route (the
// pipeline that served it), served on a port of their own so the public door never shows them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
// The subpath, not the kit's index: the gateway need not load the services' store clients.
import { httpMetrics, metricsRegistry } from '@syn/kit/metrics';
import { Counter, Gauge } from 'prom-client';
import { ROUTES } from './routes';

const matchers = ROUTES.flatMap((route) =>
  route.paths.map((p) => {
    const prefix = p.endsWith('*') ? p.slice(0, -1) : null;
    return (path: string) => (prefix === null ? path === p : path.startsWith(prefix)) && route.name;
  }),
);

/** The route a request belongs to: its pipeline's name, or one of a few fixed names (bounded cardinality). */
export function gatewayRouteLabel(req: { path: string }): string {
  for (const match of matchers) {
    const name = match(req.path);
    if (name) return name;
  }
  if (req.path === '/health' || req.path === '/site.json') return req.path;
  if (req.path.startsWith('/api/') || req.path.startsWith('/subscribe/')) return 'unknownApi';
  return 'web';
}

/** 1 while a replica is in the gateway's rotation, 0 while its health probe or a connection says it is down. */
export const replicaHealthy = new Gauge({
  name: 'gateway_replica_healthy',
  help: 'Whether a service replica is in the gateway rotation (1) or taken out (0)',
  labelNames: ['service', 'replica'] as const,
  registers: [metricsRegistry],
});

/** Requests sent again to another replica after the first could not be reached. */
export const replicaRetries = new Counter({
  name: 'gateway_replica_retries_total',
  help: 'Requests the gateway sent to another replica after one refused or dropped the connection',
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
});

export const gatewayHttpMetrics = httpMetrics('gateway', gatewayRouteLabel);

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/** GET /metrics on its own address (GATEWAY_METRICS_PORT), for Prometheus on the private network. */
export async function startMetricsServer(port: number, host: string): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metricsRegistry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

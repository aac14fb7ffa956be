// GET /health: checks every service instance's own /health and the session store, in parallel with
// short timeouts. 200 "ok" when all answer; 200 "degraded" when a replicated service has lost some
// replicas but not all (the gateway serves from the others, so a load balancer must keep it); 503
// when a service has no instance up or the session store is away.
import type { RequestHandler } from 'express';
import { MESSAGES } from './errors';
import type { HealthTarget } from './settings';

/**
 * Longer than a service's own store checks (2 s each, services/kit/src/http.ts): a service whose
 * stores answer slowly on a busy machine is slow, not down, and must not turn the gateway's /health
 * into a 503 that takes it out of a load balancer's rotation.
 */
const TIMEOUT_MS = 3_000;

type Status = 'ok' | 'down';

export interface HealthReport {
  healthy: boolean;
  /** Instances down while their service still has another one up. */
  degraded: string[];
  /** Instances down whose service has none up. */
  failing: string[];
  services: Record<string, Status>;
  redis: Status;
}

/** Groups the instances' statuses by service: a service is up while one of its instances is. */
export function judge(targets: readonly HealthTarget[], statuses: readonly Status[], redis: Status): HealthReport {
  const services = Object.fromEntries(targets.map((target, index) => [target.name, statuses[index] ?? 'down']));
  const up = new Set(targets.filter((target) => services[target.name] === 'ok').map((target) => target.service));
  const down = targets.filter((target) => services[target.name] !== 'ok');
  const degraded = down.filter((target) => up.has(target.service)).map((target) => target.name);
  const failing = down.filter((target) => !up.has(target.service)).map((target) => target.name);
  if (redis !== 'ok') failing.push('redis');
  return { healthy: failing.length === 0, degraded, failing, services, redis };
}

async function probe(url: string): Promise<Status> {
  try {
    const response = await fetch(new URL('/health', url), { signal: AbortSignal.timeout(TIMEOUT_MS) });
    await response.body?.cancel();
    return response.status === 200 ? 'ok' : 'down';
  } catch {
    return 'down';
  }
}

export function healthCheck(targets: HealthTarget[], redisPing: () => Promise<boolean>): RequestHandler {
  // Concurrent callers share one round of probes, so /health cannot multiply load on the services.
  let inFlight: Promise<HealthReport> | undefined;
  const check = async (): Promise<HealthReport> => {
    const [statuses, redisOk] = await Promise.all([
      Promise.all(targets.map((target) => probe(target.url))),
      redisPing().catch(() => false),
    ]);
    return judge(targets, statuses, redisOk ? 'ok' : 'down');
  };

  return (_req, res) => {
    inFlight ??= check().finally(() => (inFlight = undefined));
    void inFlight.then((report) => {
      res.setHeader('Cache-Control', 'no-store');
      if (report.healthy) {
        res.status(200).json({
          status: report.degraded.length === 0 ? 'ok' : 'degraded',
          ...(report.degraded.length === 0 ? {} : { degraded: report.degraded }),
          services: report.services,
          redis: report.redis,
        });
        return;
      }
      res.status(503).json({
        error: true,
        message: MESSAGES.unavailable,
        status: 'fail',
        failing: report.failing,
        services: report.services,
        redis: report.redis,
      });
    });
  };
}

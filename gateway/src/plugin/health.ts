// GET /health: ok only when every service instance's own /health answers 200
// and the session store answers, checked in parallel with short timeouts.
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
  services: Record<string, Status>;
  redis: Status;
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
    const services = Object.fromEntries(targets.map((target, index) => [target.name, statuses[index] ?? 'down']));
    const redis: Status = redisOk ? 'ok' : 'down';
    return { healthy: redisOk && Object.values(services).every((s) => s === 'ok'), services, redis };
  };

  return (_req, res) => {
    inFlight ??= check().finally(() => (inFlight = undefined));
    void inFlight.then((report) => {
      res.setHeader('Cache-Control', 'no-store');
      if (report.healthy) {
        res.status(200).json({ status: 'ok', services: report.services, redis: report.redis });
        return;
      }
      const failing = [
        ...Object.entries(report.services)
          .filter(([, status]) => status !== 'ok')
          .map(([name]) => name),
        ...(report.redis === 'ok' ? [] : ['redis']),
      ];
      res.status(503).json({
        error: true,
        message: MESSAGES.unavailable,
        status: 'fail',
        failing,
        services: report.services,
        redis: report.redis,
      });
    });
  };
}

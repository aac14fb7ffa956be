// Runs the due jobs every interval. Each job claims rows with FOR UPDATE SKIP LOCKED,
// so several replicas may run this at once without doing anything twice.
import type { Logger, Pool } from '@syn/kit';
import type { Clock } from '../domain/clock';
import type { Jobs } from '../flows/jobs';

export function startScheduler(o: {
  billing: { jobs: Pick<Jobs, 'runDueJobs'> };
  clock: Clock;
  intervalMs: number;
  log: Logger;
  pool: Pool;
}): {
  stop(): void;
} {
  let running = false;
  const timer = setInterval(() => {
    // The kit closes the pool on shutdown; that is our cue to stop too.
    if (o.pool.ending || o.pool.ended) {
      clearInterval(timer);
      return;
    }
    if (running) return;
    running = true;
    o.billing.jobs
      .runDueJobs(o.clock.now())
      .then((report) => {
        if (Object.values(report).some((n) => n > 0)) o.log.info({ report }, 'billing jobs ran');
      })
      .catch((err: unknown) => o.log.error({ err }, 'billing jobs failed'))
      .finally(() => {
        running = false;
      });
  }, o.intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

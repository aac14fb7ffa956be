// The loop both outbox relays (PostgreSQL and MongoDB-wire) run: publish a batch; go again at once
// while batches come full, else wait for the poll interval or a wake-up; after a failed batch wait
// longer each time (10 s at most), so a broker outage is not hammered.
import type { Logger } from './logger';

export interface RelayLoopOptions {
  isRunning: () => boolean;
  /** Publishes one batch and says how many events it sent. */
  publishBatch: () => Promise<number>;
  batchSize: number;
  pollMs: number;
  log: Logger;
  /** The warning a failed batch logs. */
  failure: string;
  /** Receives the way to end the current wait (a notification, wake() or stop() calls it). */
  setWake: (wake: () => void) => void;
}

export async function runRelayLoop(o: RelayLoopOptions): Promise<void> {
  // A wake-up that comes while a batch runs is kept: the rows it announces may have committed after
  // the batch locked its own, and must not wait for the next poll.
  let woken = false;
  // After a failure the pause is kept whatever is written meanwhile; only stopping ends it.
  let backingOff = false;
  let endSleep: (() => void) | null = null;
  o.setWake(() => {
    woken = true;
    if (!backingOff || !o.isRunning()) endSleep?.();
  });
  const sleep = (ms: number) =>
    woken && !backingOff
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const t = setTimeout(done, ms);
          function done() {
            clearTimeout(t);
            endSleep = null;
            resolve();
          }
          endSleep = done;
        });
  let backoff = 200;
  while (o.isRunning()) {
    try {
      woken = false;
      const n = await o.publishBatch();
      backoff = 200;
      if (n >= o.batchSize) continue;
      await sleep(o.pollMs);
    } catch (err) {
      // Stopped while the batch ran: nothing to retry.
      if (!o.isRunning()) break;
      o.log.warn({ err }, o.failure);
      backingOff = true;
      await sleep(backoff);
      backingOff = false;
      backoff = Math.min(backoff * 2, 10_000);
    }
  }
}

// The loop both outbox relays (PostgreSQL and MongoDB-wire) run: publish a batch; go again at once
// while batches come full, else wait for the poll interval or a wake-up; after a failed batch wait
// longer each time (10 s at most), so a broker outage is not hammered. A wake-up may be followed by a
// short linger (Kafka's linger.ms, for the same reason): the commits of those milliseconds go out in
// one batch, not one relay transaction and one Kafka request each.
import type { Logger } from './logger';

export interface RelayLoopOptions {
  isRunning: () => boolean;
  /** Publishes one batch and says how many events it sent. */
  publishBatch: () => Promise<number>;
  batchSize: number;
  pollMs: number;
  /** How long a wake-up waits for more rows before its batch (0: none). Wake-ups meanwhile join it. */
  lingerMs?: number;
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
  // After a failure the pause is kept whatever is written meanwhile, and so is a linger; only stopping
  // ends them.
  let backingOff = false;
  let lingering = false;
  let endSleep: (() => void) | null = null;
  o.setWake(() => {
    woken = true;
    if ((!backingOff && !lingering) || !o.isRunning()) endSleep?.();
  });
  /** Resolves true when a wake-up ended the wait (or had come before it), false when the time ran out. */
  const sleep = (ms: number): Promise<boolean> =>
    woken && !backingOff && !lingering
      ? Promise.resolve(true)
      : new Promise<boolean>((resolve) => {
          const t = setTimeout(() => done(false), ms);
          function done(byWake: boolean) {
            clearTimeout(t);
            endSleep = null;
            resolve(byWake);
          }
          endSleep = () => done(true);
        });
  const lingerMs = o.lingerMs ?? 0;
  let backoff = 200;
  while (o.isRunning()) {
    try {
      woken = false;
      const n = await o.publishBatch();
      backoff = 200;
      if (n >= o.batchSize) continue;
      const byWake = await sleep(o.pollMs);
      if (byWake && lingerMs > 0 && o.isRunning()) {
        lingering = true;
        await sleep(lingerMs);
        lingering = false;
      }
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

// Keeps a kafkajs consumer alive. kafkajs restarts a consumer after most failures, but not
// after a crash it judges unrecoverable (a TypeError from a handler, a non-retriable protocol
// error): the consumer then stays stopped while the service still answers /health. And a
// consumer can stall after a broker restart or a rebalance, joined but fetching nothing
// (kafkajs issue #659). Either way events pile up unseen. The supervisor replaces the consumer
// in both cases: after such a crash, and when its group has lag but nothing was handled for
// `stallMs`. Handlers are idempotent by event id, so a replaced consumer re-reading a batch
// has no second effect.
import type { Admin, Consumer, Kafka } from 'kafkajs';
import type { Logger } from './logger';
import { consumerTuningOf } from './kafka';

export interface SupervisorOptions {
  kafka: Kafka;
  groupId: string;
  topics: string[];
  log: Logger;
  /**
   * Creates, connects, subscribes and runs one consumer (disconnecting it if any step fails).
   * `progress` is to be called after each message or batch handled.
   */
  launch: (progress: () => void) => Promise<Consumer>;
  /** No progress for this long while the group has lag = stalled. */
  stallMs?: number;
  /** How often lag is looked at once progress stopped. */
  checkEveryMs?: number;
}

/** Lag of a consumer group over its topics: messages past its committed offsets. */
export async function groupLag(admin: Admin, groupId: string, topics: string[]): Promise<number> {
  let lag = 0;
  const committed = await admin.fetchOffsets({ groupId, topics });
  for (const topic of topics) {
    const ends = await admin.fetchTopicOffsets(topic);
    const mine = committed.find((t) => t.topic === topic)?.partitions ?? [];
    for (const p of ends) {
      const c = mine.find((m) => m.partition === p.partition)?.offset ?? '-1';
      // Nothing committed yet: the group starts at the beginning (fromBeginning) of what is kept.
      const from = c === '-1' ? Number(p.low) : Number(c);
      lag += Math.max(0, Number(p.high) - from);
    }
  }
  return lag;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Rejects when `p` has not settled within `ms` (it keeps running; its result is then ignored). */
export async function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export class ConsumerSupervisor {
  private current: Consumer | null = null;
  private admin: Admin | null = null;
  private timer: NodeJS.Timeout | null = null;
  private restarting: Promise<void> | null = null;
  private stopped = false;
  private lastProgressAt = Date.now();
  /** When lag was first seen with no progress since (null: none seen). */
  private waitingSince: number | null = null;
  private readonly stallMs: number;
  private readonly checkEveryMs: number;
  /** Times the consumer was replaced (a crash kafkajs gave up on, or a stall). */
  restarts = 0;

  constructor(private readonly opts: SupervisorOptions) {
    this.stallMs = opts.stallMs ?? 30_000;
    this.checkEveryMs = opts.checkEveryMs ?? Math.min(15_000, this.stallMs);
  }

  async start(): Promise<void> {
    this.current = await this.launchOne();
    this.timer = setInterval(() => void this.check(), this.checkEveryMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.restarting;
    const last = this.current;
    this.current = null;
    if (last) await within(last.disconnect(), 15_000, 'disconnecting the consumer');
    await this.admin?.disconnect().catch(() => undefined);
    this.admin = null;
  }

  private async launchOne(): Promise<Consumer> {
    const consumer = await this.opts.launch(() => {
      this.lastProgressAt = Date.now();
    });
    this.lastProgressAt = Date.now();
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      // payload.restart: kafkajs restarts it itself.
      if (!payload.restart && !this.stopped && this.current === consumer) {
        void this.replace(`crashed and kafkajs gave up on it: ${payload.error.message}`);
      }
    });
    return consumer;
  }

  private async check(): Promise<void> {
    if (this.stopped || this.restarting || !this.current) return;
    if (Date.now() - this.lastProgressAt < this.stallMs) {
      this.waitingSince = null;
      return;
    }
    let lag: number;
    try {
      this.admin ??= this.opts.kafka.admin();
      await this.admin.connect();
      lag = await within(groupLag(this.admin, this.opts.groupId, this.opts.topics), 10_000, 'reading the lag');
    } catch (err) {
      // The broker may be down: the consumer is waiting for it too, which is no stall of its own.
      this.opts.log.debug({ err, groupId: this.opts.groupId }, 'consumer lag check failed');
      await this.admin?.disconnect().catch(() => undefined);
      this.admin = null;
      return;
    }
    if (lag === 0) {
      this.waitingSince = null;
      return;
    }
    // An idle consumer sees lag for a moment whenever new events arrive: only lag that stays,
    // with nothing handled, for `stallMs` after it was first seen is a stall.
    if (this.waitingSince === null || this.waitingSince < this.lastProgressAt) {
      this.waitingSince = Date.now();
      return;
    }
    if (Date.now() - this.waitingSince >= this.stallMs && !this.restarting && !this.stopped) {
      const idle = Math.round((Date.now() - this.waitingSince) / 1000);
      this.waitingSince = null;
      await this.replace(`stalled: ${lag} events waiting and none handled for ${idle} s`);
    }
  }

  /** Disconnects the consumer (bounded: a stalled one may never finish) and launches a fresh one. */
  private replace(reason: string): Promise<void> {
    if (this.restarting) return this.restarting;
    this.restarting = (async () => {
      this.restarts++;
      this.opts.log.warn({ groupId: this.opts.groupId, restarts: this.restarts, reason }, 'replacing a Kafka consumer');
      const old = this.current;
      this.current = null;
      if (old) {
        await within(old.disconnect(), 10_000, 'disconnecting the old consumer').catch((err: unknown) =>
          this.opts.log.warn({ err, groupId: this.opts.groupId }, 'old consumer did not disconnect cleanly'),
        );
      }
      let delay = 500;
      while (!this.stopped) {
        try {
          this.current = await this.launchOne();
          this.opts.log.warn({ groupId: this.opts.groupId }, 'Kafka consumer replaced');
          return;
        } catch (err) {
          this.opts.log.warn({ err, groupId: this.opts.groupId, retryInMs: delay }, 'consumer launch failed');
          await sleep(delay);
          delay = Math.min(delay * 2, 15_000);
        }
      }
    })().finally(() => {
      this.restarting = null;
    });
    return this.restarting;
  }
}

export interface SupervisedStart {
  kafka: Kafka;
  groupId: string;
  topics: string[];
  log: Logger;
  /** kafkajs consumer settings besides the group id. */
  config: Omit<Parameters<Kafka['consumer']>[0], 'groupId'>;
  fromBeginning?: boolean;
  /** Calls `consumer.run(...)`; the handlers call `progress()` after each message or batch. */
  run: (consumer: Consumer, progress: () => void) => Promise<void>;
  stallMs?: number;
  checkEveryMs?: number;
}

/** Starts a consumer under a supervisor: connected, subscribed, running, replaced when it dies or stalls. */
export async function startSupervised(opts: SupervisedStart): Promise<ConsumerSupervisor> {
  const supervisor = new ConsumerSupervisor({
    kafka: opts.kafka,
    groupId: opts.groupId,
    topics: opts.topics,
    log: opts.log,
    stallMs: opts.stallMs ?? consumerTuningOf(opts.kafka).consumerStallMs,
    checkEveryMs: opts.checkEveryMs,
    launch: async (progress) => {
      const consumer = opts.kafka.consumer({ ...opts.config, groupId: opts.groupId });
      try {
        await consumer.connect();
        await consumer.subscribe({ topics: opts.topics, fromBeginning: opts.fromBeginning ?? true });
        await opts.run(consumer, progress);
        return consumer;
      } catch (err) {
        await consumer.disconnect().catch(() => undefined);
        throw err;
      }
    },
  });
  await supervisor.start();
  return supervisor;
}

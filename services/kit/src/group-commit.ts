// Group commit: facts that need not hold up an answer (a search, a view) are gathered for a few
// milliseconds and written together, one transaction for the lot, instead of one transaction per
// request. A fact counts as acknowledged once its batch committed; until then it lives only in
// this process, so a SIGKILL loses at most the facts of one delay (and any batch a commit is still
// retrying). A graceful stop flushes everything first.
import type { Logger } from './logger';

export interface GroupCommitOptions<T> {
  /**
   * Writes one batch in one transaction. Must be idempotent: a commit whose answer was lost
   * (connection dropped after COMMIT) is tried again with the same items.
   */
  commit: (items: readonly T[]) => Promise<void>;
  log: Logger;
  /** What the log calls the items ("usage facts"). */
  label?: string;
  /** The longest a fact waits before its batch is written. */
  maxDelayMs?: number;
  /** A batch this big is written at once, without waiting for the delay. */
  maxSize?: number;
  /**
   * While the store is unreachable the buffer grows; past this many facts new ones are refused
   * (counted in `stats.refused`) rather than letting the process run out of memory.
   */
  maxPending?: number;
  /** First pause before a failed batch is tried again; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

export interface GroupCommitStats {
  /** Facts taken by `add`. */
  accepted: number;
  /** Facts whose batch committed: the acknowledged ones. */
  committed: number;
  /** Facts refused because the buffer was full or closed (never acknowledged). */
  refused: number;
  /** Facts taken but not committed yet (buffered or in a batch being written). */
  pending: number;
  /** Batches that failed and were tried again. */
  failedCommits: number;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class GroupCommit<T> {
  private buffer: T[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** The batch loop while it runs; one at a time so the facts reach the store in order. */
  private writing: Promise<void> | null = null;
  private closed = false;
  /** Set by close() when its deadline passed: the loop stops retrying. */
  private abandoned = false;
  private inFlight = 0;
  private readonly maxDelayMs: number;
  private readonly maxSize: number;
  private readonly maxPending: number;
  private readonly retryMs: number;
  private readonly maxRetryMs: number;
  private readonly label: string;
  private readonly counts = { accepted: 0, committed: 0, refused: 0, failedCommits: 0 };

  constructor(private readonly opts: GroupCommitOptions<T>) {
    this.maxDelayMs = opts.maxDelayMs ?? 10;
    this.maxSize = opts.maxSize ?? 500;
    this.maxPending = opts.maxPending ?? 50_000;
    this.retryMs = opts.retryMs ?? 100;
    this.maxRetryMs = opts.maxRetryMs ?? 5_000;
    this.label = opts.label ?? 'facts';
  }

  get stats(): GroupCommitStats {
    return { ...this.counts, pending: this.buffer.length + this.inFlight };
  }

  /** Takes a fact for the next batch; false when it was refused (buffer full or closed). */
  add(item: T): boolean {
    if (this.closed || this.buffer.length + this.inFlight >= this.maxPending) {
      if (this.counts.refused++ === 0) this.opts.log.error({ stats: this.stats }, `${this.label} refused`);
      return false;
    }
    this.counts.accepted++;
    this.buffer.push(item);
    if (this.buffer.length >= this.maxSize) this.kick();
    else this.timer ??= setTimeout(() => this.kick(), this.maxDelayMs);
    return true;
  }

  /** Writes everything taken so far; resolves once it committed (tests, shutdown). */
  async flush(): Promise<void> {
    while ((this.buffer.length > 0 && !this.abandoned) || this.writing) {
      this.kick();
      await this.writing;
    }
  }

  /**
   * Refuses new facts and flushes the rest, retrying a failing store until `timeoutMs`; what
   * could not be written by then is logged as lost. Called once the HTTP server has drained.
   */
  async close(timeoutMs = 10_000): Promise<void> {
    this.closed = true;
    let timeout: NodeJS.Timeout | undefined;
    const deadline = new Promise<'late'>((resolve) => (timeout = setTimeout(() => resolve('late'), timeoutMs)));
    const outcome = await Promise.race([this.flush().then(() => 'done' as const), deadline]);
    clearTimeout(timeout);
    if (outcome === 'late') {
      this.abandoned = true;
      this.opts.log.error({ stats: this.stats }, `${this.label} not written before shutdown: lost`);
    } else {
      this.opts.log.info({ stats: this.stats }, `${this.label} flushed`);
    }
  }

  private kick(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    // A running loop takes whatever is buffered; one that just found the buffer empty hands over.
    if (this.writing) return;
    this.writing = this.writeAll().finally(() => {
      this.writing = null;
      if (this.buffer.length > 0 && !this.abandoned) this.kick();
    });
  }

  /** Writes batches until the buffer is empty; a failed batch stays first and is tried again. */
  private async writeAll(): Promise<void> {
    let pause = this.retryMs;
    while (this.buffer.length > 0 && !this.abandoned) {
      const batch = this.buffer.slice(0, this.maxSize);
      this.inFlight = batch.length;
      this.buffer = this.buffer.slice(batch.length);
      try {
        await this.opts.commit(batch);
        this.counts.committed += batch.length;
        pause = this.retryMs;
      } catch (err) {
        // Not acknowledged: back to the front, same items (the commit is idempotent), in order.
        this.buffer = [...batch, ...this.buffer];
        this.counts.failedCommits++;
        this.opts.log.warn(
          { err, batch: batch.length, pending: this.buffer.length },
          `${this.label}: commit failed; retrying`,
        );
        this.inFlight = 0;
        await sleep(pause);
        pause = Math.min(pause * 2, this.maxRetryMs);
        continue;
      }
      this.inFlight = 0;
    }
  }
}

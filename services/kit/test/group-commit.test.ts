// The outbox buffer's batching on its own: when a batch is written, in what order, what a failing
// commit does, and what a graceful stop flushes. The store here is a list in memory that keeps
// items by id, as the outbox does (ON CONFLICT (id) DO NOTHING); the SQL is in outbox.int.test.ts.
import { createLogger, GroupCommit, type GroupCommitOptions } from '../src';

const log = createLogger('group-commit-test', 'silent');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Fact {
  id: number;
}

/** A store that records every batch and keeps each id once; `failNext` makes commits throw. */
class Store {
  batches: number[][] = [];
  rows = new Map<number, number>();
  failNext = 0;
  /** A commit that wrote its rows and then lost its answer (the connection dropped after COMMIT). */
  loseAnswerNext = 0;
  delayMs = 0;

  commit = async (items: readonly Fact[]): Promise<void> => {
    if (this.delayMs) await sleep(this.delayMs);
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error('connection refused');
    }
    for (const { id } of items) if (!this.rows.has(id)) this.rows.set(id, this.rows.size);
    this.batches.push(items.map((i) => i.id));
    if (this.loseAnswerNext > 0) {
      this.loseAnswerNext--;
      throw new Error('connection terminated after COMMIT');
    }
  };

  /** Ids in the order they were first stored. */
  get order(): number[] {
    return [...this.rows.entries()].sort((a, b) => a[1] - b[1]).map(([id]) => id);
  }
}

function buffer(store: Store, opts: Partial<GroupCommitOptions<Fact>> = {}) {
  return new GroupCommit<Fact>({ commit: store.commit, log, retryMs: 5, maxRetryMs: 20, ...opts });
}

const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('outbox buffer (group commit)', () => {
  it('writes a batch as soon as it reaches the largest size, without waiting for the delay', async () => {
    const store = new Store();
    const b = buffer(store, { maxSize: 3, maxDelayMs: 60_000 });
    for (const id of ids(1, 3)) expect(b.add({ id })).toBe(true);
    await sleep(20);
    expect(store.batches).toEqual([[1, 2, 3]]);
    expect(b.stats).toMatchObject({ accepted: 3, committed: 3, pending: 0 });
    await b.close();
  });

  it('writes the facts of one delay together, and not before the delay', async () => {
    const store = new Store();
    const b = buffer(store, { maxSize: 100, maxDelayMs: 80 });
    b.add({ id: 1 });
    b.add({ id: 2 });
    await sleep(20);
    expect(store.batches).toEqual([]);
    expect(b.stats).toMatchObject({ committed: 0, pending: 2 });
    await sleep(150);
    expect(store.batches).toEqual([[1, 2]]);
    expect(b.stats).toMatchObject({ committed: 2, pending: 0 });
    await b.close();
  });

  it('writes one batch at a time: facts taken during a commit go in the next one, all in order, none twice', async () => {
    const store = new Store();
    store.delayMs = 30;
    const b = buffer(store, { maxSize: 4, maxDelayMs: 1 });
    for (const id of ids(1, 10)) {
      b.add({ id });
      await sleep(3);
    }
    await b.flush();
    expect(store.batches.length).toBeGreaterThan(1);
    expect(store.batches.every((batch) => batch.length <= 4)).toBe(true);
    expect(store.batches.flat()).toEqual(ids(1, 10));
    expect(b.stats).toMatchObject({ accepted: 10, committed: 10, pending: 0, failedCommits: 0 });
    await b.close();
  });

  it('when a commit fails, then the same facts are tried again in order and acknowledged once', async () => {
    const store = new Store();
    store.failNext = 2;
    const b = buffer(store, { maxSize: 3, maxDelayMs: 1 });
    for (const id of ids(1, 5)) b.add({ id });
    await sleep(5);
    expect(b.stats.committed).toBe(0);
    await b.flush();
    expect(store.order).toEqual(ids(1, 5));
    expect(b.stats).toMatchObject({ accepted: 5, committed: 5, pending: 0, failedCommits: 2 });
    await b.close();
  });

  it('when a commit landed but its answer was lost, then the retry stores nothing twice', async () => {
    const store = new Store();
    store.loseAnswerNext = 1;
    const b = buffer(store, { maxSize: 10, maxDelayMs: 1 });
    for (const id of ids(1, 4)) b.add({ id });
    await b.flush();
    // The batch went to the store twice; each fact is there once and counted once.
    expect(store.batches).toEqual([ids(1, 4), ids(1, 4)]);
    expect(store.order).toEqual(ids(1, 4));
    expect(b.stats).toMatchObject({ committed: 4, failedCommits: 1 });
    await b.close();
  });

  it('when the service stops, then every buffered fact is written before close returns and later ones are refused', async () => {
    const store = new Store();
    const b = buffer(store, { maxSize: 1_000, maxDelayMs: 60_000 });
    for (const id of ids(1, 7)) b.add({ id });
    expect(store.batches).toEqual([]);
    await b.close();
    expect(store.order).toEqual(ids(1, 7));
    expect(b.add({ id: 8 })).toBe(false);
    expect(b.stats).toMatchObject({ accepted: 7, committed: 7, refused: 1, pending: 0 });
  });

  it('when the store stays down through a stop, then close gives up at its deadline and reports the facts not written', async () => {
    const store = new Store();
    store.failNext = Number.MAX_SAFE_INTEGER;
    const b = buffer(store, { maxDelayMs: 1 });
    for (const id of ids(1, 3)) b.add({ id });
    const started = Date.now();
    await b.close(200);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(b.stats).toMatchObject({ committed: 0, pending: 3 });
    expect(store.rows.size).toBe(0);
  });

  it('when the store is away long, then past the pending limit new facts are refused, not kept', async () => {
    const store = new Store();
    store.failNext = 3;
    const b = buffer(store, { maxSize: 2, maxDelayMs: 1, maxPending: 4 });
    const taken = ids(1, 6).map((id) => b.add({ id }));
    expect(taken).toEqual([true, true, true, true, false, false]);
    await b.flush();
    expect(store.order).toEqual(ids(1, 4));
    expect(b.stats).toMatchObject({ accepted: 4, committed: 4, refused: 2, pending: 0 });
    await b.close();
  });
});

// The relay loop's waits on their own: a wake-up that comes while a batch runs starts the next batch
// at once (the rows it announces must not wait for the poll), a failure's pause is kept whatever is
// written meanwhile, and stopping ends any wait.
import { createLogger } from '../src';
import { runRelayLoop } from '../src/relay-loop';

const log = createLogger('relay-loop-test', 'silent');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A loop over a scripted publishBatch; `batches` records when each batch started (ms since start). */
const open: { stop: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((l) => l.stop()));
});

function loop(publish: (i: number) => Promise<number>, pollMs = 10_000) {
  const started = Date.now();
  const batches: number[] = [];
  let running = true;
  let wake: () => void = () => undefined;
  const done = runRelayLoop({
    isRunning: () => running,
    publishBatch: () => {
      batches.push(Date.now() - started);
      return publish(batches.length - 1);
    },
    batchSize: 100,
    pollMs,
    log,
    failure: 'failed',
    setWake: (w) => (wake = w),
  });
  const handle = {
    batches,
    wake: () => wake(),
    stop: async () => {
      running = false;
      wake();
      await done;
    },
  };
  open.push(handle);
  return handle;
}

test('a wake-up during a batch starts the next batch at once instead of waiting for the poll', async () => {
  let wakeNow: () => void = () => undefined;
  const l = loop(async (i) => {
    // The first batch is under way when the wake-up comes (after loop() has returned).
    if (i === 0) {
      await sleep(10);
      wakeNow();
      await sleep(20);
    }
    return 1;
  });
  wakeNow = l.wake;
  await sleep(300);
  expect(l.batches.length).toBe(2);
  expect(l.batches[1]).toBeLessThan(200);
  await l.stop();
});

test('a wake-up while idle starts a batch; with none the loop waits for the poll', async () => {
  const l = loop(async () => 0);
  await sleep(100);
  expect(l.batches.length).toBe(1);
  l.wake();
  await sleep(50);
  expect(l.batches.length).toBe(2);
  await l.stop();
});

test("a failed batch's pause is not cut short by wake-ups, only by stopping", async () => {
  const l = loop(async () => {
    throw new Error('broker away');
  });
  await sleep(50);
  expect(l.batches.length).toBe(1);
  // The first pause is 200 ms: wake-ups within it do not hammer the broken store.
  for (let i = 0; i < 5; i++) {
    l.wake();
    await sleep(20);
  }
  expect(l.batches.length).toBe(1);
  await sleep(250);
  expect(l.batches.length).toBe(2);
  const before = Date.now();
  await l.stop();
  expect(Date.now() - before).toBeLessThan(100);
});

// The consumer supervisor on a real Kafka broker: a consumer that kafkajs gives up on after a
// crash, and one that stalls with events waiting, are both replaced and the events handled.
import { randomBytes } from 'node:crypto';
import type { Consumer, Producer } from 'kafkajs';
import { createKafka, createLogger, ensureTopics, groupLag, startSupervised, type ConsumerSupervisor } from '../src';

const BROKERS = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const log = createLogger('kit-test', 'silent');
const kafka = createKafka('kit-supervisor-test', BROKERS, log);
const run = randomBytes(4).toString('hex');

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('a supervised Kafka consumer', () => {
  let producer: Producer;
  const supervisors: ConsumerSupervisor[] = [];

  beforeAll(async () => {
    producer = kafka.producer({ maxInFlightRequests: 1 });
    await producer.connect();
  });

  afterAll(async () => {
    await Promise.all(supervisors.map((s) => s.stop().catch(() => undefined)));
    await producer.disconnect();
  });

  it('when the consumer stalls with events waiting, then it is replaced and every event is handled', async () => {
    const topic = `kittest.${run}.stall`;
    const groupId = `kittest.${run}.stall-group`;
    await ensureTopics(kafka, [topic], 1);
    const seen = new Set<string>();
    let launches = 0;
    const supervisor = await startSupervised({
      kafka,
      groupId,
      topics: [topic],
      log,
      stallMs: 2_000,
      checkEveryMs: 300,
      config: { sessionTimeout: 10_000, heartbeatInterval: 1_000, maxWaitTimeInMs: 100 },
      run: async (consumer: Consumer, progress) => {
        launches++;
        await consumer.run({
          eachMessage: async ({ message }) => {
            seen.add(message.value?.toString() ?? '');
            progress();
          },
        });
        // The first consumer stands for one stuck after a rebalance: joined, fetching nothing.
        if (launches === 1) consumer.pause([{ topic }]);
      },
    });
    supervisors.push(supervisor);

    await producer.send({ topic, messages: [1, 2, 3, 4, 5].map((i) => ({ value: `m${i}` })) });
    await until('every event handled', () => seen.size === 5);
    expect([...seen].sort()).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(supervisor.restarts).toBe(1);

    const admin = kafka.admin();
    await admin.connect();
    await until('the offsets committed', async () => (await groupLag(admin, groupId, [topic])) === 0, 20_000);
    await admin.disconnect();
  });

  it('when an idle consumer gets new events and handles them slowly, then it is not taken for a stalled one', async () => {
    const topic = `kittest.${run}.idle`;
    const groupId = `kittest.${run}.idle-group`;
    await ensureTopics(kafka, [topic], 1);
    const seen: string[] = [];
    const supervisor = await startSupervised({
      kafka,
      groupId,
      topics: [topic],
      log,
      stallMs: 1_500,
      checkEveryMs: 100,
      config: { sessionTimeout: 10_000, heartbeatInterval: 1_000, maxWaitTimeInMs: 100 },
      run: async (consumer: Consumer, progress) => {
        await consumer.run({
          eachMessage: async ({ message }) => {
            // Slower than the checks, faster than the stall limit: lag is visible while it works.
            await new Promise((r) => setTimeout(r, 1_000));
            seen.push(message.value?.toString() ?? '');
            progress();
          },
        });
      },
    });
    supervisors.push(supervisor);
    // Idle for longer than the stall limit before anything arrives.
    await new Promise((r) => setTimeout(r, 2_500));
    await producer.send({ topic, messages: [{ value: 'a' }, { value: 'b' }, { value: 'c' }] });
    await until('every event handled', () => seen.length >= 3, 30_000);
    expect(supervisor.restarts).toBe(0);
  });

  it('when kafkajs gives up on a crashed consumer, then it is replaced and the event is handled on redelivery', async () => {
    const topic = `kittest.${run}.crash`;
    const groupId = `kittest.${run}.crash-group`;
    await ensureTopics(kafka, [topic], 1);
    const handled: string[] = [];
    const crashes: boolean[] = [];
    let thrown = false;
    const supervisor = await startSupervised({
      kafka,
      groupId,
      topics: [topic],
      log,
      config: { sessionTimeout: 10_000, heartbeatInterval: 1_000, maxWaitTimeInMs: 100 },
      run: async (consumer: Consumer, progress) => {
        consumer.on(consumer.events.CRASH, ({ payload }) => crashes.push(payload.restart));
        await consumer.run({
          eachMessage: async ({ message }) => {
            const value = message.value?.toString() ?? '';
            if (value === 'poison' && !thrown) {
              thrown = true;
              // kafkajs treats a TypeError as unrecoverable: it stops the consumer for good.
              throw new TypeError('a bug met once');
            }
            handled.push(value);
            progress();
          },
        });
      },
    });
    supervisors.push(supervisor);

    await producer.send({ topic, messages: [{ value: 'before' }, { value: 'poison' }, { value: 'after' }] });
    await until('every event handled', () => handled.includes('after'));
    // kafkajs itself would not have restarted it.
    expect(crashes).toEqual([false]);
    expect(supervisor.restarts).toBe(1);
    expect(handled.filter((v) => v !== 'before')).toEqual(['poison', 'after']);
  });
});

// The consumer supervisor on a real Kafka broker: a consumer that kafkajs gives up on after a
// crash, and one that stalls with events waiting, are both replaced and the events handled.
import { randomBytes } from 'node:crypto';
import type { Consumer, Producer } from 'kafkajs';
import {
  createKafka,
  createLogger,
  ensureTopics,
  groupLag,
  startSupervised,
  type ConsumerSupervisor,
  type SupervisedStart,
} from '../src';

const BROKERS = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const log = createLogger('kit-test', 'silent');
const kafka = createKafka('kit-supervisor-test', BROKERS, log);
const runId = randomBytes(4).toString('hex');
const topicOf = (name: string) => `kittest.${runId}.${name}`;

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

  /** A one-partition topic of its own and a supervised consumer on it (registered for clean-up). */
  async function supervised(
    name: string,
    run: SupervisedStart['run'],
    timing: { stallMs?: number; checkEveryMs?: number } = {},
  ): Promise<{ topic: string; groupId: string; supervisor: ConsumerSupervisor }> {
    const topic = topicOf(name);
    const groupId = `${topic}-group`;
    await ensureTopics(kafka, [topic], 1);
    const supervisor = await startSupervised({
      kafka,
      groupId,
      topics: [topic],
      log,
      ...timing,
      config: { sessionTimeout: 10_000, heartbeatInterval: 1_000, maxWaitTimeInMs: 100 },
      run,
    });
    supervisors.push(supervisor);
    return { topic, groupId, supervisor };
  }

  it('when the consumer stalls with events waiting, then it is replaced and every event is handled', async () => {
    const seen = new Set<string>();
    let launches = 0;
    const { topic, groupId, supervisor } = await supervised(
      'stall',
      async (consumer: Consumer, progress) => {
        launches++;
        await consumer.run({
          eachMessage: async ({ message }) => {
            seen.add(message.value?.toString() ?? '');
            progress();
          },
        });
        // The first consumer stands for one stuck after a rebalance: joined, fetching nothing.
        if (launches === 1) consumer.pause([{ topic: topicOf('stall') }]);
      },
      { stallMs: 2_000, checkEveryMs: 300 },
    );

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
    const seen: string[] = [];
    const { topic, supervisor } = await supervised(
      'idle',
      async (consumer: Consumer, progress) => {
        await consumer.run({
          eachMessage: async ({ message }) => {
            // Slower than the checks, faster than the stall limit: lag is visible while it works.
            await new Promise((r) => setTimeout(r, 1_000));
            seen.push(message.value?.toString() ?? '');
            progress();
          },
        });
      },
      { stallMs: 1_500, checkEveryMs: 100 },
    );
    // Idle for longer than the stall limit before anything arrives.
    await new Promise((r) => setTimeout(r, 2_500));
    await producer.send({ topic, messages: [{ value: 'a' }, { value: 'b' }, { value: 'c' }] });
    await until('every event handled', () => seen.length >= 3, 30_000);
    expect(supervisor.restarts).toBe(0);
  });

  it('when kafkajs gives up on a crashed consumer, then it is replaced and the event is handled on redelivery', async () => {
    const handled: string[] = [];
    const crashes: boolean[] = [];
    let thrown = false;
    const { topic, supervisor } = await supervised('crash', async (consumer: Consumer, progress) => {
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
    });

    await producer.send({ topic, messages: [{ value: 'before' }, { value: 'poison' }, { value: 'after' }] });
    await until('every event handled', () => handled.includes('after'));
    // kafkajs itself would not have restarted it.
    expect(crashes).toEqual([false]);
    expect(supervisor.restarts).toBe(1);
    expect(handled.filter((v) => v !== 'before')).toEqual(['poison', 'after']);
  });
});

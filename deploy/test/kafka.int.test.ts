import { Kafka, logLevel, type Consumer, type EachMessagePayload } from 'kafkajs';
import { env, uniqueName } from './env';

describe('Kafka (local KRaft broker)', () => {
  const kafka = new Kafka({
    clientId: 'deploy-int-test',
    brokers: env.kafkaBrokers,
    connectionTimeout: 3000,
    // Few retries: an absent broker must fail the test quickly, not hang it.
    retry: { retries: 3, initialRetryTime: 300 },
    logLevel: logLevel.NOTHING,
  });
  const topic = uniqueName('deploy.int');
  let consumer: Consumer | undefined;

  afterAll(async () => {
    await consumer?.disconnect();
    const admin = kafka.admin();
    await admin.connect();
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.disconnect();
  });

  it('when three keyed messages are produced, then a consumer group reads them back in order', async () => {
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: 3 }], waitForLeaders: true });
    const meta = await admin.fetchTopicMetadata({ topics: [topic] });
    await admin.disconnect();
    expect(meta.topics[0]?.partitions).toHaveLength(3);

    const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    await producer.connect();
    const sent = ['사랑', '애정', '연모'].map((word, i) => ({ key: 'headword-1', value: JSON.stringify({ i, word }) }));
    await producer.send({ topic, messages: sent });
    await producer.disconnect();

    consumer = kafka.consumer({ groupId: uniqueName('deploy-int-group') });
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    const received: { key: string; value: string; partition: number }[] = [];
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`only ${received.length} of 3 messages arrived`)), 45_000);
      void consumer!.run({
        eachMessage: async ({ message, partition }: EachMessagePayload) => {
          received.push({ key: message.key?.toString() ?? '', value: message.value?.toString() ?? '', partition });
          if (received.length === sent.length) {
            clearTimeout(timer);
            resolve();
          }
        },
      });
    });

    // One key, one partition: the order is kept and the Korean text arrives intact.
    expect(received.map((m) => m.value)).toEqual(sent.map((m) => m.value));
    expect(new Set(received.map((m) => m.partition)).size).toBe(1);
    expect(JSON.parse(received[2]!.value)).toEqual({ i: 2, word: '연모' });
  });
});

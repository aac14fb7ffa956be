// One end-to-end check through Kafka: the outbox relay publishes billing events that a
// consumer decodes with @syn/proto.
import { Kafka, logLevel } from 'kafkajs';
import { decodeEnvelope, PassStatus, TOPICS, type ValidEnvelope } from '@syn/proto';
import { buyPass, startHarness, type Harness } from './harness';

const U = 840_000;
let h: Harness;
const kafka = new Kafka({
  clientId: 'billing-int-test',
  brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
  connectionTimeout: 3000,
  retry: { retries: 3, initialRetryTime: 300 },
  logLevel: logLevel.NOTHING,
});
const consumer = kafka.consumer({ groupId: `billing-int-${Date.now()}` });

beforeAll(async () => {
  h = await startHarness(U);
});
afterAll(async () => {
  await consumer.disconnect();
  await h?.stop();
});

it('when a member pays, then PaymentCompleted and PassChanged(START) arrive on billing.events keyed by the user', async () => {
  const topic = h.prefix + TOPICS.billing;
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  const user = U + 1;
  const got: { key: string; env: ValidEnvelope }[] = [];
  const done = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`only ${got.length} events arrived`)), 40_000);
    void consumer.run({
      eachMessage: async ({ message }) => {
        const env = decodeEnvelope(message.value!);
        if (message.key?.toString() !== String(user)) return;
        got.push({ key: message.key.toString(), env });
        if (got.length === 2) {
          clearTimeout(timer);
          resolve();
        }
      },
    });
  });
  const { merchantUid } = await buyPass(h, user, 1);
  await done;
  const cases = got.map((g) => g.env.event.case).sort();
  expect(cases).toEqual(['passChanged', 'paymentCompleted']);
  const pass = got.find((g) => g.env.event.case === 'passChanged')!.env;
  expect(pass.event.case === 'passChanged' && pass.event.value).toMatchObject({
    userId: user,
    itemId: 1,
    status: PassStatus.START,
  });
  const paid = got.find((g) => g.env.event.case === 'paymentCompleted')!.env;
  expect(paid.event.case === 'paymentCompleted' && paid.event.value).toMatchObject({ merchantUid, amount: 3800 });
});

// The MongoDB outbox (kit mongo-outbox) on a real server: an event rides on its document,
// survives a relay crash between send and removal, and is sent again (at-least-once).
import { createKafka, createLogger, ensureTopics, MongoOutboxRelay, pendingEventOf } from '@syn/kit';
import { decodeEnvelope, newEnvelope, TOPICS } from '@syn/proto';
import mongoose, { type Connection } from 'mongoose';
import { KAFKA_BROKERS, startMongo, uid, until, type TestMongo } from './support';

const log = createLogger('wordbook-outbox-test', 'silent');

describe('MongoDB outbox relay', () => {
  const prefix = `wbouttest.${uid()}.`;
  const topic = prefix + TOPICS.wordbook;
  const kafka = createKafka('wordbook-outbox-test', KAFKA_BROKERS.split(','), log);
  const producer = kafka.producer({ maxInFlightRequests: 1 });
  const consumer = kafka.consumer({ groupId: `${prefix}observer` });
  const seen: string[] = [];
  let mongo: TestMongo;
  let conn: Connection;

  beforeAll(async () => {
    mongo = await startMongo();
    conn = await mongoose.createConnection(mongo.url).asPromise();
    await ensureTopics(kafka, [topic]);
    await producer.connect();
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({ eachMessage: async ({ message }) => void seen.push(decodeEnvelope(message.value!).id) });
  });

  afterAll(async () => {
    await consumer.disconnect();
    await producer.disconnect();
    await conn?.dropDatabase().catch(() => undefined);
    await conn?.close();
    await mongo?.stop();
  });

  const saveWithEvent = async (headwordId: number, eventTopicPrefix = prefix) => {
    const env = newEnvelope({
      producer: 'wordbook',
      key: '7',
      event: { case: 'wordSaved', value: { userId: 7, headwordId, word: '사랑' } },
    });
    await conn
      .collection('outbox_docs')
      .insertOne({ headwordId, pendingEvents: [pendingEventOf(env, eventTopicPrefix)] });
    return env.id;
  };
  const pendingOf = async (headwordId: number) =>
    ((await conn.collection('outbox_docs').findOne({ headwordId }))?.pendingEvents as unknown[]).length;

  it('when the relay crashes after Kafka acknowledged, then the event stays pending and is sent again', async () => {
    const id = await saveWithEvent(1);
    const crashing = new MongoOutboxRelay({
      connection: conn,
      collection: 'outbox_docs',
      producer,
      log,
      topics: [topic],
      afterSend: () => {
        throw new Error('crash before removal');
      },
    });
    await expect(crashing.publishBatch()).rejects.toThrow('crash before removal');
    expect(await pendingOf(1)).toBe(1);

    const relay = new MongoOutboxRelay({ connection: conn, collection: 'outbox_docs', producer, log, topics: [topic] });
    await relay.drain();
    expect(await pendingOf(1)).toBe(0);
    await until('both sends', async () => (seen.filter((s) => s === id).length === 2 ? true : undefined));
    // Nothing is left: a further batch sends nothing.
    expect(await relay.publishBatch()).toBe(0);
  });

  it("when an event belongs to another deployment's topics, then this relay leaves it alone", async () => {
    await saveWithEvent(2, `${prefix}other.`);
    const relay = new MongoOutboxRelay({ connection: conn, collection: 'outbox_docs', producer, log, topics: [topic] });
    expect(await relay.publishBatch()).toBe(0);
    expect(await pendingOf(2)).toBe(1);
  });

  it('when the relay runs, then a woken relay publishes without waiting for its poll', async () => {
    const relay = new MongoOutboxRelay({
      connection: conn,
      collection: 'outbox_docs',
      producer,
      log,
      topics: [topic],
      pollMs: 60_000,
    });
    relay.start();
    try {
      // Let the first (empty) pass finish so the relay is asleep for a minute.
      await new Promise((r) => setTimeout(r, 300));
      const id = await saveWithEvent(3);
      relay.wake();
      await until('the woken relay to publish', async () => (seen.includes(id) ? true : undefined), 10_000);
    } finally {
      await relay.stop();
    }
  });
});

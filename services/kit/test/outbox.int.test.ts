import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Producer } from 'kafkajs';
import { decodeEnvelope, encodeEnvelope, ExternalLinkType, newEnvelope, type Envelope } from '@syn/proto';
import {
  createKafka,
  createLogger,
  createPool,
  enqueueMany,
  ensureTopics,
  eventingMigration,
  migrate,
  OutboxRelay,
  outboxMessageOf,
  publishInTx,
  startIdempotentConsumer,
  withTransaction,
  type OutboxMessage,
  type Pool,
  type RunningConsumer,
} from '../src';

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/syndict_test';
const BROKERS = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const log = createLogger('kit-test', 'silent');

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function runChild(args: string[]): Promise<{ signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'fixtures/relay-crash.ts'), ...args],
      {
        env: { ...process.env, DATABASE_URL, KAFKA_BROKERS: BROKERS.join(',') },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (_code, signal) => resolve({ signal, stdout, stderr }));
  });
}

describe('outbox relay and idempotent consumer on real PostgreSQL and Kafka', () => {
  const run = randomBytes(4).toString('hex');
  const schema = `kit_test_${run}`;
  const prefix = `kittest.${run}.`;
  const topic = `${prefix}dictionary.events`;
  let pool: Pool;
  const kafka = createKafka('kit-test', BROKERS, log);
  const producer = kafka.producer({ maxInFlightRequests: 1 });
  let consumer: RunningConsumer;

  const effects = async (): Promise<Map<number, number>> => {
    const { rows } = await pool.query<{ headword_id: number; n: number }>(
      `SELECT headword_id, count(*)::int AS n FROM ${schema}.effects GROUP BY headword_id`,
    );
    return new Map(rows.map((r) => [r.headword_id, r.n]));
  };

  beforeAll(async () => {
    pool = createPool(DATABASE_URL);
    await migrate(pool, schema, [
      eventingMigration(),
      { name: '001.sql', sql: 'CREATE TABLE clicks (n int); CREATE TABLE effects (event_id uuid, headword_id int);' },
    ]);
    await ensureTopics(kafka, [topic]);
    await producer.connect();
    consumer = await startIdempotentConsumer<Envelope>({
      kafka,
      pool,
      schema,
      log,
      groupId: `${prefix}consumer`,
      topics: [topic],
      decode: (raw) => decodeEnvelope(raw.value),
      idOf: (e) => e.id,
      handle: async (tx, e) => {
        if (e.event.case !== 'externalLinkOpened') return;
        await tx.query(`INSERT INTO ${schema}.effects VALUES ($1, $2)`, [e.id, e.event.value.headwordId]);
      },
    });
  });

  afterAll(async () => {
    await consumer?.stop();
    await producer.disconnect();
    await pool.query(`DROP SCHEMA ${schema} CASCADE`);
    await pool.end();
  });

  it('when migrations run twice, then the second run applies nothing', async () => {
    expect(await migrate(pool, schema, [eventingMigration()])).toEqual([]);
  });

  it('when a business row and its event commit together, then the relay publishes it and the consumer applies it once', async () => {
    const relay = new OutboxRelay({ pool, schema, producer, log, pollMs: 100 });
    await relay.start();
    const env = newEnvelope({
      producer: 'kit-test',
      key: '1001',
      event: { case: 'externalLinkOpened', value: { userId: 5, linkType: ExternalLinkType.OPENDIC, headwordId: 1001 } },
    });
    await withTransaction(pool, async (tx) => {
      await tx.query(`INSERT INTO ${schema}.clicks VALUES (1)`);
      await publishInTx(tx, schema, prefix, env);
    });
    await until('the effect of event 1001', async () => (await effects()).get(1001) === 1);
    await relay.stop();
    const { rows } = await pool.query(`SELECT published_at FROM ${schema}.outbox WHERE id = $1`, [env.id]);
    expect(rows[0].published_at).not.toBeNull();
  });

  it("when a commit wakes the relays, then this process's relay wakes for its own and a relay-less writer's rows, not another relay's", async () => {
    const relay = new OutboxRelay({ pool, schema, producer, log, pollMs: 60_000 });
    await relay.start();
    // Its first batch runs at start: let it find the outbox empty before anything is written.
    await new Promise((r) => setTimeout(r, 500));
    const event = (headwordId: number) =>
      outboxMessageOf(
        prefix,
        newEnvelope({
          producer: 'kit-test',
          key: String(headwordId),
          event: { case: 'externalLinkOpened', value: { userId: 5, linkType: ExternalLinkType.OPENDIC, headwordId } },
        }),
      );
    const insertQuietly = async (m: OutboxMessage) =>
      pool.query(`INSERT INTO ${schema}.outbox (id, topic, key, type, payload) VALUES ($1, $2, $3, $4, $5)`, [
        m.id,
        m.topic,
        m.key,
        m.type,
        Buffer.from(m.payload),
      ]);
    try {
      // Another replica's commit names that replica: its own relay sends it; this one waits for its poll.
      await insertQuietly(event(1101));
      await pool.query('SELECT pg_notify($1, $2)', [`${schema}_outbox`, 'another-replicas-token']);
      await new Promise((r) => setTimeout(r, 1_500));
      expect((await effects()).get(1101)).toBeUndefined();
      // A writer without a relay (a script) wakes every relay.
      await pool.query('SELECT pg_notify($1, $2)', [`${schema}_outbox`, '']);
      await until('the effect of event 1101', async () => (await effects()).get(1101) === 1, 5_000);
      // This process's own batch wakes its relay, in one statement without a transaction around it.
      await enqueueMany(pool, schema, [event(1102), event(1103)]);
      await until('the effects of 1102 and 1103', async () => (await effects()).get(1103) === 1, 5_000);
      expect((await effects()).get(1102)).toBe(1);
    } finally {
      await relay.stop();
    }
  });

  it('when a send never finishes, then the relay gives up on it in time and a later try publishes the row', async () => {
    const env = newEnvelope({
      producer: 'kit-test',
      key: '1005',
      event: { case: 'externalLinkOpened', value: { userId: 5, linkType: ExternalLinkType.OPENDIC, headwordId: 1005 } },
    });
    await withTransaction(pool, (tx) => publishInTx(tx, schema, prefix, env));
    // A producer whose send hangs, as kafkajs's can while a broker half-answers.
    const hanging = { sendBatch: () => new Promise<never>(() => undefined) } as unknown as Producer;
    const stuck = new OutboxRelay({ pool, schema, producer: hanging, log, sendTimeoutMs: 300 });
    await expect(stuck.publishBatch()).rejects.toThrow('took over 300 ms');
    const unpublished = await pool.query(`SELECT 1 FROM ${schema}.outbox WHERE id = $1 AND published_at IS NULL`, [
      env.id,
    ]);
    expect(unpublished.rowCount).toBe(1);
    // The rows were unlocked with the rollback: the next try sends them.
    await new OutboxRelay({ pool, schema, producer, log }).drain();
    await until('the effect of event 1005', async () => (await effects()).get(1005) === 1);
  });

  it('when a transaction rolls back, then its event is never published', async () => {
    const env = newEnvelope({
      producer: 'kit-test',
      key: '1002',
      event: { case: 'externalLinkOpened', value: { userId: 5, linkType: ExternalLinkType.NATMAL, headwordId: 1002 } },
    });
    await expect(
      withTransaction(pool, async (tx) => {
        await publishInTx(tx, schema, prefix, env);
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    const { rowCount } = await pool.query(`SELECT 1 FROM ${schema}.outbox WHERE id = $1`, [env.id]);
    expect(rowCount).toBe(0);
  });

  it('when the same event is delivered twice, then it has one effect', async () => {
    const env = newEnvelope({
      producer: 'kit-test',
      key: '1003',
      event: { case: 'externalLinkOpened', value: { userId: 5, linkType: ExternalLinkType.NATMAL, headwordId: 1003 } },
    });
    const value = Buffer.from(encodeEnvelope(env));
    const before = consumer.stats.duplicate;
    await producer.send({
      topic,
      messages: [
        { key: '1003', value },
        { key: '1003', value },
      ],
    });
    await until('the duplicate to be seen', async () => consumer.stats.duplicate > before);
    expect((await effects()).get(1003)).toBe(1);
  });

  it('when a message is not an envelope, then it is rejected and the partition keeps flowing', async () => {
    const before = consumer.stats.rejected;
    await producer.send({ topic, messages: [{ key: '1004', value: Buffer.from('garbage') }] });
    const env = newEnvelope({
      producer: 'kit-test',
      key: '1004',
      event: { case: 'externalLinkOpened', value: { userId: 5, linkType: ExternalLinkType.NATMAL, headwordId: 1004 } },
    });
    await producer.send({ topic, messages: [{ key: '1004', value: Buffer.from(encodeEnvelope(env)) }] });
    await until('the event after the garbage', async () => (await effects()).get(1004) === 1);
    expect(consumer.stats.rejected).toBe(before + 1);
  });

  it.each([
    ['committed but not yet relayed', 'before-relay', 2001],
    ['sent to Kafka but not yet marked published', 'after-send', 3001],
  ])(
    'when the process is killed with SIGKILL %s, then after restart each event has exactly one effect',
    async (_label, moment, base) => {
      const ids = [base, base + 1, base + 2];
      const child = await runChild([String(moment), schema, prefix, '3', String(base)]);
      expect(child.signal).toBe('SIGKILL');
      expect(child.stdout).toContain('written');
      if (moment === 'after-send') expect(child.stdout).toContain('sent');
      // Restart: a fresh relay publishes whatever is not marked (again, in the after-send case).
      const relay = new OutboxRelay({ pool, schema, producer, log });
      await relay.drain();
      await until('three effects', async () => {
        const m = await effects();
        return ids.every((id) => m.get(id) !== undefined);
      });
      // Give any redelivered copy time to arrive before counting.
      await new Promise((r) => setTimeout(r, 1_500));
      const m = await effects();
      expect(ids.map((id) => m.get(id))).toEqual([1, 1, 1]);
    },
  );
});

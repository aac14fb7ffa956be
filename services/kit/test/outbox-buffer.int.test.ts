// The outbox buffer on real PostgreSQL: one multi-row insert per batch, in order, and a batch
// written twice (its first commit's answer lost) leaves each event once.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  createLogger,
  createPool,
  enqueueMany,
  eventingMigration,
  GroupCommit,
  migrate,
  withTransaction,
  type OutboxMessage,
  type Pool,
} from '../src';

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/syndict_test';
const log = createLogger('kit-test', 'silent');

describe('outbox buffer on real PostgreSQL', () => {
  const schema = `kit_buffer_${randomBytes(4).toString('hex')}`;
  let pool: Pool;
  const message = (n: number): OutboxMessage => ({
    id: randomUUID(),
    topic: 'dictionary.events',
    key: String(n % 3),
    type: 'dictionary.HeadwordSearched.v1',
    payload: Buffer.from(String(n)),
  });
  const stored = async () =>
    (
      await pool.query<{ id: string; payload: Buffer }>(
        `SELECT id, payload FROM ${schema}.outbox WHERE published_at IS NULL ORDER BY seq`,
      )
    ).rows;

  beforeAll(async () => {
    pool = createPool(DATABASE_URL);
    await migrate(pool, schema, [eventingMigration()]);
  });
  afterAll(async () => {
    await pool.query(`DROP SCHEMA ${schema} CASCADE`);
    await pool.end();
  });
  beforeEach(async () => {
    await pool.query(`DELETE FROM ${schema}.outbox`);
  });

  it('writes every buffered event once, in the order taken, in batches of at most maxSize', async () => {
    let transactions = 0;
    const buffer = new GroupCommit<OutboxMessage>({
      commit: (msgs) => {
        transactions++;
        return withTransaction(pool, (tx) => enqueueMany(tx, schema, msgs));
      },
      log,
      maxSize: 50,
      maxDelayMs: 5,
    });
    const msgs = Array.from({ length: 180 }, (_, i) => message(i));
    for (const m of msgs) buffer.add(m);
    await buffer.close();
    const rows = await stored();
    expect(rows.map((r) => r.id)).toEqual(msgs.map((m) => m.id));
    expect(rows.map((r) => r.payload.toString())).toEqual(msgs.map((_, i) => String(i)));
    expect(transactions).toBeGreaterThanOrEqual(4);
    expect(transactions).toBeLessThanOrEqual(180 / 50 + 1);
    expect(buffer.stats).toMatchObject({ committed: 180, pending: 0 });
  });

  it('when a batch is written again after its commit, then no event is stored twice', async () => {
    const msgs = Array.from({ length: 5 }, (_, i) => message(i));
    await withTransaction(pool, (tx) => enqueueMany(tx, schema, msgs.slice(0, 3)));
    await withTransaction(pool, (tx) => enqueueMany(tx, schema, msgs));
    expect((await stored()).map((r) => r.id)).toEqual(msgs.map((m) => m.id));
  });
});

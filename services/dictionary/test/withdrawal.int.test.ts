// A withdrawn member's paid passes leave the dictionary's projection (account's UserWithdrawn), and a
// PassChanged that billing sends after the withdrawal does not bring them back. The service runs
// in-process against the real PostgreSQL, Kafka, Elasticsearch and Redis.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { encodeEnvelope, newEnvelope, PassStatus, timestampFromDate, TOPICS, type Envelope } from '@syn/proto';
import { importDataset } from '../src/store/import';
import { aRecord, aRelation, dropIndicesOf, testClient, toJsonl, uniqueAlias } from './builders';
import { readerOf, startDictionary, until, type DictionaryService } from './harness';

const es = testClient();
const alias = uniqueAlias('withdrawal');
const prefix = `dicttest.${randomBytes(4).toString('hex')}.`;
let svc: DictionaryService;

// User ids far from real ones, unique per run: the projection table is shared by test runs.
const base = 710_000_000 + Math.floor(Math.random() * 1_000_000) * 10;

beforeAll(async () => {
  await importDataset(
    es,
    Readable.from([
      toJsonl([
        aRecord({ id: 1, word: '사랑', relations: [aRelation('비슷한말', 2)] }),
        aRecord({ id: 2, word: '애정' }),
      ]),
    ]),
    { alias },
  );
  // A cache far longer than any test: only the consumer forgetting an entry makes a change show at once.
  svc = await startDictionary(alias, { PASS_CACHE_MS: '600000' }, prefix);
});

afterAll(async () => {
  await svc?.stop();
  await dropIndicesOf(es, alias);
  await es.close();
});

async function send(topic: string, env: Envelope): Promise<void> {
  await svc.deps.producer.send({
    topic: prefix + topic,
    messages: [{ key: env.key, value: Buffer.from(encodeEnvelope(env)), headers: { 'event-id': env.id } }],
  });
}

function passChanged(userId: number, passId: number, occurredAt = new Date()): Envelope {
  return newEnvelope({
    producer: 'billing',
    key: String(userId),
    occurredAt,
    event: {
      case: 'passChanged',
      value: {
        userId,
        passId,
        itemId: 6,
        status: PassStatus.START,
        startDate: timestampFromDate(new Date(Date.now() - 86_400_000)),
        endDate: timestampFromDate(new Date(Date.now() + 30 * 86_400_000)),
      },
    },
  });
}

function withdrawn(userId: number): Envelope {
  return newEnvelope({ producer: 'account', key: String(userId), event: { case: 'userWithdrawn', value: { userId } } });
}

const passRows = async (userId: number) =>
  (await svc.deps.pool!.query('SELECT pass_id FROM dictionary.passes WHERE user_id = $1', [userId])).rowCount ?? 0;

/** Whether the dictionary's consumer has handled this event (applied or skipped, it is recorded). */
const handled = async (eventId: string) =>
  ((await svc.deps.pool!.query('SELECT 1 FROM dictionary.processed_events WHERE event_id = $1', [eventId])).rowCount ??
    0) > 0;

describe('a withdrawn member in the paid-pass projection', () => {
  it('when a paid member withdraws, then their pass rows are deleted and they read as free at once', async () => {
    const userId = base + 1;
    expect(await readerOf(svc.http.url, userId)).toBe('free');
    await send(TOPICS.billing, passChanged(userId, userId));
    await until('paid', async () => ((await readerOf(svc.http.url, userId)) === 'paid' ? true : undefined));
    expect(await passRows(userId)).toBe(1);

    await send(TOPICS.account, withdrawn(userId));
    await until('pass rows deleted', async () => ((await passRows(userId)) === 0 ? true : undefined));
    expect(await readerOf(svc.http.url, userId)).toBe('free');
  });

  it('when a PassChanged arrives after the withdrawal, then it is ignored', async () => {
    const userId = base + 2;
    const gone = withdrawn(userId);
    await send(TOPICS.account, gone);
    await until('withdrawal handled', async () => ((await handled(gone.id)) ? true : undefined));

    const late = passChanged(userId, userId);
    await send(TOPICS.billing, late);
    await until('late pass handled', async () => ((await handled(late.id)) ? true : undefined));
    expect(await passRows(userId)).toBe(0);
    expect(await readerOf(svc.http.url, userId)).toBe('free');
  });
});

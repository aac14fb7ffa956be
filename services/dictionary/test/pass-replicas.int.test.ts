// Two dictionary replicas share one pass consumer group, so one of them applies each PassChanged; the
// other must drop its cached "not paid" (or "paid") verdict as soon as the change is committed, not when
// PASS_CACHE_MS runs out. The replicas run in-process against the real PostgreSQL, Kafka, Elasticsearch
// and Redis, with a cache far longer than any test: only the NOTIFY makes a change show on both.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { encodeEnvelope, newEnvelope, PassStatus, timestampFromDate, TOPICS, type Envelope } from '@syn/proto';
import { importDataset } from '../src/store/import';
import { aRecord, aRelation, dropIndicesOf, testClient, toJsonl, uniqueAlias } from './builders';
import { readerOf, startDictionary, until, type DictionaryService } from './harness';

const es = testClient();
const alias = uniqueAlias('passreplicas');
const prefix = `dicttest.${randomBytes(4).toString('hex')}.`;
let a: DictionaryService;
let b: DictionaryService;

// User ids far from real ones, unique per run: the projection table is shared by test runs.
const base = 720_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
const DAY = 86_400_000;
/** Well under the 600 s cache: a NOTIFY arrives in milliseconds once the change is committed. */
const PROMPTLY = 3_000;

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
  // Same topics, so the same consumer group: one replica applies each event.
  a = await startDictionary(alias, { PASS_CACHE_MS: '600000' }, prefix);
  b = await startDictionary(alias, { PASS_CACHE_MS: '600000' }, prefix);
});

afterAll(async () => {
  await b?.stop();
  await a?.stop();
  await dropIndicesOf(es, alias);
  await es.close();
});

function passChanged(userId: number, passId: number, status: PassStatus, occurredAt = new Date()): Envelope {
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
        status,
        startDate: timestampFromDate(new Date(Date.now() - DAY)),
        endDate: timestampFromDate(new Date(Date.now() + 30 * DAY)),
      },
    },
  });
}

async function send(env: Envelope): Promise<void> {
  await a.deps.producer.send({
    topic: prefix + TOPICS.billing,
    messages: [{ key: env.key, value: Buffer.from(encodeEnvelope(env)), headers: { 'event-id': env.id } }],
  });
}

/** Whether a replica's consumer has committed this event (applied or skipped, it is recorded). */
const handled = async (eventId: string) =>
  ((await a.deps.pool!.query('SELECT 1 FROM dictionary.processed_events WHERE event_id = $1', [eventId])).rowCount ??
    0) > 0;

/** Both replicas answer `reader` for the member within PROMPTLY of the event's commit. */
async function bothRead(userId: number, reader: string, after: Envelope): Promise<void> {
  await until(`event ${after.id} handled`, async () => ((await handled(after.id)) ? true : undefined));
  await until(
    `both replicas reading ${reader}`,
    async () =>
      (await readerOf(a.http.url, userId)) === reader && (await readerOf(b.http.url, userId)) === reader
        ? true
        : undefined,
    PROMPTLY,
  );
}

describe('the paid-pass cache of two replicas', () => {
  it('when a member pays and the pass is then cancelled, then both replicas answer the new verdict at once', async () => {
    const userId = base + 1;
    // Both replicas cache "not paid".
    expect(await readerOf(a.http.url, userId)).toBe('free');
    expect(await readerOf(b.http.url, userId)).toBe('free');

    const paid = passChanged(userId, userId, PassStatus.START);
    await send(paid);
    await bothRead(userId, 'paid', paid);

    const cancelled = passChanged(userId, userId, PassStatus.CANCEL, new Date(Date.now() + 1_000));
    await send(cancelled);
    await bothRead(userId, 'free', cancelled);
  });

  it('when the LISTEN connection is terminated, then the replica clears its cache, listens again and sees later changes', async () => {
    const userId = base + 2;
    const listeners = [a.built.passListener, b.built.passListener];
    const before = listeners.map((l) => l.backendPid);
    expect(before).not.toContain(null);
    const { rows } = await a.deps.pool!.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE query = 'LISTEN dictionary_pass_changed' AND pid = ANY($1)`,
      [before],
    );
    expect(rows.map((r) => r.pid).sort()).toEqual([...before].sort());

    expect(await readerOf(b.http.url, userId)).toBe('free');
    // A pass whose notification is lost (as one sent while the connection is down would be): the cached
    // verdict stays until the reconnect clears it.
    await a.deps.pool!.query(
      `INSERT INTO dictionary.passes (pass_id, user_id, item_id, status, start_date, end_date, event_time)
       VALUES ($1, $1, 6, 'START', now() - interval '1 day', now() + interval '30 days', now() - interval '1 minute')`,
      [userId],
    );
    expect(await readerOf(b.http.url, userId)).toBe('free');

    await a.deps.pool!.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [before]);
    await until('both listening on new connections', async () =>
      listeners.every((l, i) => l.listening && l.backendPid !== before[i]) ? true : undefined,
    );
    expect(await readerOf(b.http.url, userId)).toBe('paid');
    expect(await readerOf(a.http.url, userId)).toBe('paid');

    const cancelled = passChanged(userId, userId, PassStatus.CANCEL);
    await send(cancelled);
    await bothRead(userId, 'free', cancelled);
  });

  it('when a replica stops, then its LISTEN connection is closed', async () => {
    const c = await startDictionary(alias, { PASS_CACHE_MS: '600000' }, prefix);
    const pid = c.built.passListener.backendPid;
    expect(pid).not.toBeNull();
    const listening = async () =>
      (
        await a.deps.pool!.query(
          `SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND query = 'LISTEN dictionary_pass_changed'`,
          [pid],
        )
      ).rowCount ?? 0;
    expect(await listening()).toBe(1);
    await c.stop();
    await until('the backend gone', async () => ((await listening()) === 0 ? true : undefined), 5_000);
    expect(c.built.passListener.listening).toBe(false);
  });
});

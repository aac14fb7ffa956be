// The wordbook service against real MongoDB (container or the MongoDB-wire server) and Kafka.
import { createKafka, createLogger, ensureTopics, PROCESSED_EVENTS_COLLECTION } from '@syn/kit';
import { decodeEnvelope, encodeEnvelope, newEnvelope, TOPICS, type Envelope } from '@syn/proto';
import type { Consumer, Producer } from 'kafkajs';
import mongoose, { type Connection } from 'mongoose';
import { MESSAGES } from '../src/domain/messages';
import { ITEMS_COLLECTION } from '../src/store/items';
import {
  as,
  call,
  KAFKA_BROKERS,
  newMemberId,
  startMongo,
  startStubDictionary,
  startWordbook,
  uid,
  until,
  type StubDictionary,
  type TestMongo,
  type Wordbook,
} from './support';

const log = createLogger('wordbook-test', 'silent');

describe('wordbook service', () => {
  const prefix = `wbtest.${uid()}.`;
  let mongo: TestMongo;
  let dictionary: StubDictionary;
  let svc: Wordbook;
  let db: Connection;
  const kafka = createKafka('wordbook-test', KAFKA_BROKERS.split(','), log);
  let producer: Producer;
  let consumer: Consumer;
  const published: Envelope[] = [];

  const insert = (userId: number | undefined, pyojaeId: number, extra: Record<string, unknown> = {}) =>
    call(svc, 'POST', '/api/dic/wordbook/insertWordbookItem', userId, {
      userId: userId ?? 99999999,
      pyojaeId,
      word: dictionary.headwords.get(pyojaeId)?.word ?? '없는말',
      hanja: dictionary.headwords.get(pyojaeId)?.hanja ?? '',
      linkUrl: `/dictionary/Search/${pyojaeId}`,
      ...extra,
    });
  const list = (userId: number | undefined, pageNum: number, pageSize = 10) =>
    call(svc, 'POST', '/api/dic/wordbook/searchWordbookItems', userId, { userId, pageSize, pageNum });
  const remove = (userId: number | undefined, itemId: unknown) =>
    call(svc, 'POST', '/api/dic/wordbook/deleteWordbookItem', userId, { userId, itemId });
  type Item = { ID: string; WORD: string; HANJA: string; WORD_ID: number; LINK_URL: string };
  const itemsOf = (reply: { body: Record<string, unknown> }) => reply.body.wordBookItems as Item[];

  beforeAll(async () => {
    mongo = await startMongo();
    dictionary = await startStubDictionary();
    dictionary.headwords.set(1, { word: '사랑', hanja: '', similar: ['애정', '연애', '애착', '정'] });
    dictionary.headwords.set(2, { word: '학교', hanja: '學校', similar: ['학원', '배움터', '학당'] });
    dictionary.headwords.set(3, { word: '기쁨', hanja: '', similar: ['즐거움', '환희'] });
    for (let id = 100; id < 130; id++) dictionary.headwords.set(id, { word: `낱말${id}`, hanja: '', similar: [] });
    svc = await startWordbook(mongo.url, dictionary.url, prefix);
    db = await mongoose.createConnection(mongo.url).asPromise();
    producer = kafka.producer({ maxInFlightRequests: 1 });
    await producer.connect();
    await ensureTopics(kafka, [prefix + TOPICS.wordbook, prefix + TOPICS.account]);
    consumer = kafka.consumer({ groupId: `${prefix}observer` });
    await consumer.connect();
    await consumer.subscribe({ topic: prefix + TOPICS.wordbook, fromBeginning: true });
    await consumer.run({ eachMessage: async ({ message }) => void published.push(decodeEnvelope(message.value!)) });
  });

  afterAll(async () => {
    await consumer?.disconnect();
    await producer?.disconnect();
    await svc?.stop();
    await db?.dropDatabase().catch(() => undefined);
    await db?.close();
    await dictionary?.close();
    await mongo?.stop();
  });

  it(`when a visitor calls any wordbook path, then it is refused with '${MESSAGES.membersOnly}'`, async () => {
    for (const reply of [
      await insert(undefined, 1),
      await insert(99999999, 1),
      await list(undefined, 0),
      await remove(undefined, '0123456789abcdef01234567'),
      await call(svc, 'GET', '/api/dic/wordbook/export?format=csv', undefined),
    ]) {
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ error: true, message: MESSAGES.membersOnly });
    }
  });

  it('when a member saves a headword, then it is theirs whatever userId the body claims, and WordSaved is published', async () => {
    const member = newMemberId();
    const other = newMemberId();
    const saved = await insert(member, 2, { userId: other, word: '위조', hanja: '僞造' });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(MESSAGES.saved);
    expect(itemsOf(await list(other, 0))).toEqual([]);
    const [item] = itemsOf(await list(member, 0));
    // The dictionary's spelling is stored, not the client's.
    expect(item).toEqual({
      ID: expect.stringMatching(/^[0-9a-f]{24}$/),
      WORD: '학교',
      HANJA: '學校',
      WORD_ID: 2,
      LINK_URL: '/dictionary/Search/2',
    });
    // The member's own session hash is never sent: the look-up stays out of their history.
    expect(dictionary.calls.filter((c) => c.pyojaeId === 2).every((c) => c.sessionHash === undefined)).toBe(true);

    const event = await until('WordSaved on Kafka', async () =>
      published.find((e) => e.event.case === 'wordSaved' && e.event.value.userId === member),
    );
    expect(event.event.value).toMatchObject({ userId: member, headwordId: 2, word: '학교' });
    expect(event.key).toBe(String(member));
    // Published events leave their document.
    await until('the pending event to be removed', async () => {
      const doc = await db.collection(ITEMS_COLLECTION).findOne({ userId: member });
      return (doc?.pendingEvents as unknown[] | undefined)?.length === 0 ? true : undefined;
    });
  });

  it('when a member saves the same word twice (even at once), then one item is kept and the second save says so', async () => {
    const member = newMemberId();
    const [a, b] = await Promise.all([insert(member, 1), insert(member, 1)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.message, b.body.message].sort()).toEqual([MESSAGES.alreadySaved, MESSAGES.saved].sort());
    const again = await insert(member, 1);
    expect(again.body).toMatchObject({ message: MESSAGES.alreadySaved, duplicate: true });
    const page = await list(member, 0);
    expect(page.body.totalElements).toBe(1);
    await svc.built.relay?.drain();
    // The outbox publishes at least once (consumers drop repeats by event id): one distinct event.
    const saved = published.filter((e) => e.event.case === 'wordSaved' && e.event.value.userId === member);
    expect(saved.length).toBeGreaterThanOrEqual(1);
    expect(new Set(saved.map((e) => e.id)).size).toBe(1);
  });

  it('when the headword is not in the dictionary, then nothing is saved and the answer is 404', async () => {
    const member = newMemberId();
    const reply = await insert(member, 987654);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ error: true, message: MESSAGES.headwordNotFound });
    expect((await list(member, 0)).body.totalElements).toBe(0);
  });

  it('when the same headword is saved by many members, then the dictionary is asked once (cached)', async () => {
    const before = dictionary.calls.filter((c) => c.pyojaeId === 3).length;
    for (let i = 0; i < 3; i++) expect((await insert(newMemberId(), 3)).status).toBe(200);
    expect(dictionary.calls.filter((c) => c.pyojaeId === 3).length - before).toBe(1);
  });

  it('when a member has 23 items, then pages of 10 are newest first and the edges are right', async () => {
    const member = newMemberId();
    for (let id = 100; id < 123; id++) expect((await insert(member, id)).status).toBe(200);
    const first = await list(member, 0);
    expect(first.body).toMatchObject({ totalElements: 23, totalPages: 3 });
    expect(itemsOf(first).map((i) => i.WORD_ID)).toEqual([122, 121, 120, 119, 118, 117, 116, 115, 114, 113]);
    const last = await list(member, 2);
    expect(itemsOf(last).map((i) => i.WORD_ID)).toEqual([102, 101, 100]);
    const beyond = await list(member, 3);
    expect(beyond.body).toEqual({ wordBookItems: [], totalPages: 3, totalElements: 23 });
    const exact = await list(member, 0, 23);
    expect(exact.body).toMatchObject({ totalPages: 1 });
    expect(itemsOf(exact)).toHaveLength(23);
    const bad = await list(member, -1);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: true, message: MESSAGES.pageNumInvalid });
    const empty = await list(newMemberId(), 0);
    expect(empty.body).toEqual({ wordBookItems: [], totalPages: 0, totalElements: 0 });
  });

  it("when a member deletes their own item, then it is gone; another member's item is a 404 and stays", async () => {
    const owner = newMemberId();
    const intruder = newMemberId();
    await insert(owner, 1);
    await insert(owner, 2);
    const [newest, older] = itemsOf(await list(owner, 0));
    const refused = await remove(intruder, newest!.ID);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ error: true, message: MESSAGES.itemNotFound });
    expect((await list(owner, 0)).body.totalElements).toBe(2);

    const deleted = await remove(owner, older!.ID);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: MESSAGES.deleted });
    expect(itemsOf(await list(owner, 0)).map((i) => i.ID)).toEqual([newest!.ID]);
    expect((await remove(owner, older!.ID)).status).toBe(404);
    const malformed = await remove(owner, 'not-an-id');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: true, message: MESSAGES.itemIdInvalid });
  });

  it('when a member exports CSV, then it is UTF-8 with a BOM, Hangul and hanja intact, newest first', async () => {
    const member = newMemberId();
    await insert(member, 1);
    await insert(member, 2);
    const res = await fetch(`${svc.http.url}/api/dic/wordbook/export?format=csv`, {
      headers: as('GET', '/api/dic/wordbook/export?format=csv', member, {
        forwardedHost: 'syn.example',
        forwardedProto: 'https',
      }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('wordbook.csv');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('단어,한자,단어 ID,링크,저장일');
    expect(lines[1]).toMatch(/^학교,學校,2,https:\/\/syn\.example\/dictionary\/Search\/2,\d{4}-\d{2}-\d{2}$/);
    expect(lines[2]).toMatch(/^사랑,,1,https:\/\/syn\.example\/dictionary\/Search\/1,\d{4}-\d{2}-\d{2}$/);
    expect(lines[3]).toBe('');
  });

  it('when a member exports for Anki, then each note has the word (with hanja) in front and the similar words their plan shows on the back', async () => {
    const free = newMemberId();
    const paid = newMemberId();
    dictionary.paidUsers.add(paid);
    for (const m of [free, paid]) {
      await insert(m, 1);
      await insert(m, 2);
    }
    const anki = async (m: number) => (await call(svc, 'GET', '/api/dic/wordbook/export?format=anki', m)).text;
    expect((await anki(free)).split('\n')).toEqual([
      '#separator:tab',
      '#html:false',
      '#columns:앞면\t뒷면',
      '학교 (學校)\t학원, 배움터',
      '사랑\t애정, 연애',
      '',
    ]);
    const paidLines = (await anki(paid)).split('\n');
    expect(paidLines[3]).toBe('학교 (學校)\t학원, 배움터, 학당');
    expect(paidLines[4]).toBe('사랑\t애정, 연애, 애착, 정');

    // Spec §4: the paid lists go to the member's current device only.
    const path = '/api/dic/wordbook/export?format=anki';
    const exportOn = (device: 'unclaimed' | 'replaced') =>
      fetch(svc.http.url + path, { headers: as('GET', path, paid, { device }) });
    const unclaimed = await exportOn('unclaimed');
    expect(unclaimed.status).toBe(200);
    expect((await unclaimed.text()).split('\n')[4]).toBe('사랑\t애정, 연애');
    const replaced = await exportOn('replaced');
    expect(replaced.status).toBe(401);
    expect(await replaced.json()).toMatchObject({ error: true, authKeyError: true });
    const listReplaced = await fetch(svc.http.url + '/api/dic/wordbook/searchWordbookItems', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...as('POST', '/api/dic/wordbook/searchWordbookItems', paid, { device: 'replaced' }),
      },
      body: '{}',
    });
    expect(listReplaced.status).toBe(401);

    const bad = await call(svc, 'GET', '/api/dic/wordbook/export?format=xls', free);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: true, message: MESSAGES.formatInvalid });
  });

  it('when UserWithdrawn is delivered twice, then the member’s items are purged once and other members keep theirs', async () => {
    const leaving = newMemberId();
    const staying = newMemberId();
    await insert(leaving, 1);
    await insert(leaving, 2);
    await insert(staying, 1);
    const env = newEnvelope({
      producer: 'account',
      key: String(leaving),
      event: { case: 'userWithdrawn', value: { userId: leaving } },
    });
    const value = Buffer.from(encodeEnvelope(env));
    const running = svc.consumers[0]!;
    const before = { ...running.stats };
    await producer.send({
      topic: prefix + TOPICS.account,
      messages: [
        { key: String(leaving), value, headers: { 'event-id': env.id } },
        { key: String(leaving), value, headers: { 'event-id': env.id } },
      ],
    });
    await until('both deliveries', async () =>
      running.stats.applied + running.stats.duplicate >= before.applied + before.duplicate + 2 ? true : undefined,
    );
    expect(running.stats.applied - before.applied).toBe(1);
    expect(running.stats.duplicate - before.duplicate).toBe(1);
    expect((await list(leaving, 0)).body.totalElements).toBe(0);
    expect((await list(staying, 0)).body.totalElements).toBe(1);
    expect(await db.collection(PROCESSED_EVENTS_COLLECTION).countDocuments({ eventId: env.id })).toBe(1);
  });

  it('when the service starts, then the (userId, createdAt) and unique (userId, headwordId) indexes exist', async () => {
    const indexes = await db.collection(ITEMS_COLLECTION).indexes();
    const byName = new Map(indexes.map((i) => [i.name, i]));
    expect(byName.get('user_created')?.key).toEqual({ userId: 1, createdAt: -1 });
    expect(byName.get('user_headword_unique')).toMatchObject({ key: { userId: 1, headwordId: 1 }, unique: true });
  });
});

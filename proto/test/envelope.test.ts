import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import { toBinary } from '@bufbuild/protobuf';
import {
  create,
  decodeEnvelope,
  domainOf,
  encodeEnvelope,
  envelopeFromJson,
  envelopeToJson,
  EnvelopeDecodeError,
  EnvelopeSchema,
  EVENT_CASES,
  EVENT_TYPES,
  eventCaseOfType,
  loadFixtures,
  nameBasedEventId,
  newEnvelope,
  PassStatus,
  timestampDate,
  timestampFromDate,
  topicOf,
  TOPICS,
  UserJoinedSchema,
  type EnvelopeErrorReason,
  type EventCase,
  type EventValue,
} from '../src';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const eventFields = EnvelopeSchema.oneofs.find((o) => o.name === 'event')?.fields ?? [];

function joined(): Uint8Array {
  return encodeEnvelope(
    newEnvelope({ producer: 'account', key: '7', event: { case: 'userJoined', value: { userId: 7 } } }),
  );
}

function rejection(fn: () => unknown): EnvelopeDecodeError {
  try {
    fn();
  } catch (err) {
    if (err instanceof EnvelopeDecodeError) return err;
    throw err;
  }
  throw new Error('expected an EnvelopeDecodeError, nothing was thrown');
}

function expectReason(fn: () => unknown, reason: EnvelopeErrorReason): void {
  const err = rejection(fn);
  expect(err.reason).toBe(reason);
  expect(err.name).toBe('EnvelopeDecodeError');
  expect(err).toBeInstanceOf(Error);
}

describe('newEnvelope', () => {
  it('when given only producer, key and event, then it fills a UUID v4 id, the versioned type and now', () => {
    const before = Date.now();
    const env = newEnvelope({
      producer: 'wordbook',
      key: '1042',
      event: { case: 'wordSaved', value: { userId: 1042, headwordId: 3117, word: '사랑' } },
    });
    const after = Date.now();
    expect(env.id).toMatch(UUID_V4);
    expect(env.type).toBe('wordbook.WordSaved.v1');
    expect(env.producer).toBe('wordbook');
    expect(env.key).toBe('1042');
    const at = timestampDate(env.occurredAt!).getTime();
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(after);
    // The case narrows the value's type: no cast needed to read a WordSaved field.
    const saved: EventValue<'wordSaved'> = env.event.value;
    expect(saved.word).toBe('사랑');
    expect(saved.$typeName).toBe('syn.events.v1.WordSaved');
  });

  it('when two envelopes are made, then their ids differ', () => {
    const make = () => newEnvelope({ producer: 'account', key: '1', event: { case: 'userWithdrawn', value: {} } });
    expect(make().id).not.toBe(make().id);
  });

  it('when given an id, a Date and a created message, then it keeps them', () => {
    const id = '3f1c2a9e-8b4d-4c6e-9a1f-0d2b7e5c4a10';
    const occurredAt = new Date('2025-03-01T09:30:00.123Z');
    const value = create(UserJoinedSchema, { userId: 5, recommenderUserId: 4, recommendType: 'NORMAL' });
    const env = newEnvelope({ producer: 'account', key: '5', id, occurredAt, event: { case: 'userJoined', value } });
    expect(env.id).toBe(id);
    expect(timestampDate(env.occurredAt!).toISOString()).toBe('2025-03-01T09:30:00.123Z');
    expect(env.event.value).toBe(value);
  });

  it('when given a Timestamp, then it keeps it', () => {
    const occurredAt = timestampFromDate(new Date('2025-03-02T01:15:00Z'));
    const env = newEnvelope({
      producer: 'billing',
      key: '9',
      occurredAt,
      event: { case: 'passChanged', value: { userId: 9, passId: 1, itemId: 6, status: PassStatus.START } },
    });
    expect(env.occurredAt).toBe(occurredAt);
    expect(env.type).toBe('billing.PassChanged.v1');
  });

  it('when given an id that is not a UUID, then it throws', () => {
    expect(() =>
      newEnvelope({ producer: 'account', key: '1', id: 'evt-1', event: { case: 'userWithdrawn', value: {} } }),
    ).toThrow(TypeError);
  });
});

describe('nameBasedEventId', () => {
  it('is one UUID v8 for the same parts, another for any other parts', () => {
    const id = nameBasedEventId('dictionary', 'headwordSearched', 'rq5fGx2HbQ1tDkYyZ0aBcD', '7');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(nameBasedEventId('dictionary', 'headwordSearched', 'rq5fGx2HbQ1tDkYyZ0aBcD', '7')).toBe(id);
    expect(nameBasedEventId('dictionary', 'headwordViewed', 'rq5fGx2HbQ1tDkYyZ0aBcD', '7')).not.toBe(id);
    expect(nameBasedEventId('dictionary', 'headwordSearched', 'rq5fGx2HbQ1tDkYyZ0aBcD', '8')).not.toBe(id);
    // The parts are kept apart: moving a character from one to the next is another name.
    expect(nameBasedEventId('ab', 'c')).not.toBe(nameBasedEventId('a', 'bc'));
  });

  it('makes an id newEnvelope and decodeEnvelope accept', () => {
    const env = newEnvelope({
      producer: 'dictionary',
      key: '7',
      id: nameBasedEventId('x'),
      event: {
        case: 'headwordSearched',
        value: { userId: 7, sessionHash: '', query: '사랑', resultCount: 1, page: 0 },
      },
    });
    expect(decodeEnvelope(encodeEnvelope(env)).id).toBe(env.id);
  });
});

describe('encodeEnvelope / decodeEnvelope', () => {
  it('when an envelope is encoded and decoded, then every field survives', () => {
    const env = newEnvelope({
      producer: 'dictionary',
      key: '99999999',
      event: { case: 'headwordSearched', value: { userId: 99999999, query: 'ㅅㄹ', resultCount: 3, page: 0 } },
    });
    const back = decodeEnvelope(encodeEnvelope(env));
    expect(back.id).toBe(env.id);
    expect(back.type).toBe('dictionary.HeadwordSearched.v1');
    expect(back.occurredAt).toEqual(env.occurredAt);
    expect(back.event).toEqual({
      case: 'headwordSearched',
      value: expect.objectContaining({ userId: 99999999, query: 'ㅅㄹ', resultCount: 3, page: 0 }),
    });
  });

  it.each([
    ['random bytes', Uint8Array.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])],
    ['JSON text', new TextEncoder().encode('{"id":"x","type":"account.UserJoined.v1"}')],
    ['a truncated envelope', joined().subarray(0, 20)],
  ])('when the bytes are %s, then it throws a malformed EnvelopeDecodeError', (_name, bytes) => {
    expectReason(() => decodeEnvelope(bytes), 'malformed');
  });

  it('when the bytes are empty, then the envelope has no event and is rejected', () => {
    expectReason(() => decodeEnvelope(new Uint8Array()), 'missing_event');
  });

  it('when no event case is set, then it throws missing_event', () => {
    const bare = create(EnvelopeSchema, {
      id: '3f1c2a9e-8b4d-4c6e-9a1f-0d2b7e5c4a10',
      type: 'account.UserJoined.v1',
      occurredAt: timestampFromDate(new Date()),
      producer: 'account',
      key: '1',
    });
    expectReason(() => decodeEnvelope(toBinary(EnvelopeSchema, bare)), 'missing_event');
  });

  it('when a newer producer sends a case this version does not know, then it throws unknown_event', () => {
    const bare = create(EnvelopeSchema, {
      id: '3f1c2a9e-8b4d-4c6e-9a1f-0d2b7e5c4a10',
      type: 'account.UserRenamed.v1',
      occurredAt: timestampFromDate(new Date()),
      producer: 'account',
      key: '1',
    });
    // Field 29 (the last of the account range) as a length-delimited sub-message: what a future
    // `user_renamed = 29` looks like on the wire.
    const future = new BinaryWriter()
      .tag(29, WireType.LengthDelimited)
      .bytes(Uint8Array.from([0x08, 0x01]))
      .finish();
    const bytes = new Uint8Array([...toBinary(EnvelopeSchema, bare), ...future]);
    expectReason(() => decodeEnvelope(bytes), 'unknown_event');
  });

  it('when the type names another event than the case, then it throws type_mismatch', () => {
    const env = newEnvelope({ producer: 'account', key: '1', event: { case: 'userWithdrawn', value: { userId: 1 } } });
    env.type = 'account.UserJoined.v1';
    expectReason(() => decodeEnvelope(toBinary(EnvelopeSchema, env)), 'type_mismatch');
    env.type = 'account.UserWithdrawn.v2';
    expectReason(() => decodeEnvelope(toBinary(EnvelopeSchema, env)), 'type_mismatch');
  });

  it('when the id is not a UUID or occurred_at is missing, then it throws invalid_field', () => {
    const env = newEnvelope({ producer: 'account', key: '1', event: { case: 'userWithdrawn', value: { userId: 1 } } });
    expectReason(() => decodeEnvelope(toBinary(EnvelopeSchema, { ...env, id: 'not-a-uuid' })), 'invalid_field');
    expectReason(() => decodeEnvelope(toBinary(EnvelopeSchema, { ...env, occurredAt: undefined })), 'invalid_field');
  });

  it('when asked to encode an inconsistent envelope, then it refuses instead of publishing a poison message', () => {
    const env = newEnvelope({ producer: 'account', key: '1', event: { case: 'userWithdrawn', value: { userId: 1 } } });
    env.type = 'account.UserJoined.v1';
    expect(() => encodeEnvelope(env)).toThrow(/type/);
  });
});

describe('envelopeToJson / envelopeFromJson', () => {
  it('when an envelope goes through JSON, then it uses the protobuf JSON mapping and comes back equal', () => {
    const env = newEnvelope({
      producer: 'billing',
      key: '3',
      occurredAt: new Date('2025-03-02T01:15:00Z'),
      event: {
        case: 'passChanged',
        value: {
          userId: 3,
          passId: 8,
          itemId: 6,
          status: PassStatus.EXPIRED,
          startDate: timestampFromDate(new Date('2025-01-01T00:00:00Z')),
        },
      },
    });
    const json = envelopeToJson(env);
    expect(json).toMatchObject({
      occurredAt: '2025-03-02T01:15:00Z',
      passChanged: { userId: 3, status: 'PASS_STATUS_EXPIRED', startDate: '2025-01-01T00:00:00Z' },
    });
    expect(envelopeFromJson(json)).toEqual(env);
    expect(envelopeFromJson(JSON.stringify(json))).toEqual(env);
  });

  it('when the JSON is not an envelope, then it throws malformed', () => {
    expectReason(() => envelopeFromJson('{"nope": true}'), 'malformed');
    expectReason(() => envelopeFromJson('not json'), 'malformed');
    expectReason(() => envelopeFromJson([1, 2]), 'malformed');
  });

  it('when the JSON type disagrees with its case, then it throws type_mismatch', () => {
    const json = { ...envelopeToJson(loadFixtures()[0]!), type: 'wordbook.WordSaved.v1' };
    expectReason(() => envelopeFromJson(json), 'type_mismatch');
  });
});

describe('topics and types', () => {
  it('EVENT_TYPES names exactly the oneof cases of the schema', () => {
    expect([...EVENT_CASES].sort()).toEqual(eventFields.map((f) => f.localName).sort());
  });

  it.each(eventFields.map((f) => [f.localName, f] as const))(
    'case %s has type <domain>.<Message>.v<N>, a topic, and a field number in its domain range',
    (name, field) => {
      const eventCase = name as EventCase;
      const message = field.message?.name ?? '';
      const version = /V(\d+)$/.exec(message)?.[1] ?? '1';
      const domain = domainOf(eventCase);
      expect(EVENT_TYPES[eventCase]).toBe(`${domain}.${message.replace(/V\d+$/, '')}.v${version}`);
      expect(topicOf(eventCase)).toBe(TOPICS[domain]);
      expect(topicOf(eventCase)).toBe(`${domain}.events`);
      expect(eventCaseOfType(EVENT_TYPES[eventCase])).toBe(eventCase);
      const ranges = { account: [10, 29], dictionary: [30, 49], billing: [50, 69], wordbook: [70, 89] } as const;
      const [low, high] = ranges[domain];
      expect(field.number).toBeGreaterThanOrEqual(low);
      expect(field.number).toBeLessThanOrEqual(high);
    },
  );

  it('topicOf accepts an envelope, its event or a case name', () => {
    const env = newEnvelope({ producer: 'billing', key: '1', event: { case: 'paymentRefunded', value: {} } });
    expect(topicOf(env)).toBe('billing.events');
    expect(topicOf(env.event)).toBe('billing.events');
    expect(topicOf('paymentRefunded')).toBe('billing.events');
    expect(() => topicOf(create(EnvelopeSchema))).toThrow(TypeError);
  });

  it('every fixture goes to the topic of its domain', () => {
    for (const env of loadFixtures()) expect(topicOf(env)).toBe(`${env.type.split('.')[0]}.events`);
  });

  it('an unknown type string has no case', () => {
    expect(eventCaseOfType('account.UserJoined.v9')).toBeUndefined();
  });

  it('TOPICS are the four documented topics', () => {
    expect(Object.values(TOPICS).sort()).toEqual([
      'account.events',
      'billing.events',
      'dictionary.events',
      'wordbook.events',
    ]);
  });
});

// Compile-time contract, checked by `npx tsc -p proto/test` (jest itself does not type-check).
// Never called: each line must fail to compile, or tsc reports an unused @ts-expect-error.
export function typeContract(): void {
  // @ts-expect-error a value of another event does not fit the case
  newEnvelope({ producer: 'account', key: '1', event: { case: 'userJoined', value: { word: '사랑' } } });
  // @ts-expect-error an unknown case does not compile
  newEnvelope({ producer: 'account', key: '1', event: { case: 'userRenamed', value: {} } });
  // @ts-expect-error every case must be in EVENT_TYPES, and nothing else
  const bogus: EventCase = 'userRenamed';
  void bogus;
}

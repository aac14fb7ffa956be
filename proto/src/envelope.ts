// Envelope helpers every producer and consumer uses: topics, versioned types,
// building, encoding and validating envelopes.
import { createHash, randomUUID } from 'node:crypto';
import {
  create,
  fromBinary,
  fromJson,
  toBinary,
  toJson,
  type JsonValue,
  type MessageInitShape,
} from '@bufbuild/protobuf';
import { timestampFromDate, timestampNow, type Timestamp } from '@bufbuild/protobuf/wkt';
import { EnvelopeSchema, type Envelope, type EnvelopeJson } from './gen/syn/events/v1/envelope_pb';

/** Kafka topic of each producing domain. */
export const TOPICS = {
  account: 'account.events',
  dictionary: 'dictionary.events',
  billing: 'billing.events',
  wordbook: 'wordbook.events',
} as const;

export type TopicDomain = keyof typeof TOPICS;
export type Topic = (typeof TOPICS)[TopicDomain];

/** Name of a oneof case of `Envelope.event`, e.g. `'userJoined'`. */
export type EventCase = Exclude<Envelope['event']['case'], undefined>;

/** The selected `event` oneof for one case (or, by default, any case). */
export type EventOf<C extends EventCase = EventCase> = Extract<Envelope['event'], { case: C }>;

/** The message type carried by a case: `EventValue<'userJoined'>` is `UserJoined`. */
export type EventValue<C extends EventCase> = EventOf<C>['value'];

/** What `create()` accepts for a case's message: the message itself or a plain init object. */
export type EventValueInit<C extends EventCase> = Extract<
  NonNullable<MessageInitShape<typeof EnvelopeSchema>['event']>,
  { case: C }
>['value'];

/** An envelope whose `event` case is known to be set (what every helper here returns). */
export type ValidEnvelope<C extends EventCase = EventCase> = Envelope & { event: EventOf<C> };

/**
 * Versioned `type` string of each case. The prefix before the first dot is the
 * topic domain, so this one table also decides `topicOf`. A breaking change adds a
 * new case with a `.v2` type; an existing entry never changes.
 */
export const EVENT_TYPES = {
  userJoined: 'account.UserJoined.v1',
  userLoggedIn: 'account.UserLoggedIn.v1',
  userWithdrawn: 'account.UserWithdrawn.v1',
  legacyPeriodMerged: 'account.LegacyPeriodMerged.v1',
  userConfirmed: 'account.UserConfirmed.v1',
  headwordSearched: 'dictionary.HeadwordSearched.v1',
  headwordViewed: 'dictionary.HeadwordViewed.v1',
  externalLinkOpened: 'dictionary.ExternalLinkOpened.v1',
  paymentCompleted: 'billing.PaymentCompleted.v1',
  paymentRefunded: 'billing.PaymentRefunded.v1',
  passChanged: 'billing.PassChanged.v1',
  wordSaved: 'wordbook.WordSaved.v1',
} as const satisfies Record<EventCase, `${TopicDomain}.${string}.v${number}`>;

export type EventType = (typeof EVENT_TYPES)[EventCase];

/** Every event case, in declaration order. */
export const EVENT_CASES = Object.keys(EVENT_TYPES) as EventCase[];

const CASE_BY_TYPE: ReadonlyMap<string, EventCase> = new Map(EVENT_CASES.map((c) => [EVENT_TYPES[c], c]));

/** The case a versioned `type` string belongs to, or undefined for a type this version does not know. */
export function eventCaseOfType(type: string): EventCase | undefined {
  return CASE_BY_TYPE.get(type);
}

/** Topic domain (`account`, …) of an event case. */
export function domainOf(eventCase: EventCase): TopicDomain {
  return EVENT_TYPES[eventCase].split('.', 1)[0] as TopicDomain;
}

/**
 * Kafka topic an event goes to. Accepts an envelope, its `event` oneof or a case name.
 * Throws a TypeError when no event case is set: such an envelope has no topic.
 */
export function topicOf(event: Envelope | Envelope['event'] | EventCase): Topic {
  let eventCase: EventCase | undefined;
  if (typeof event === 'string') eventCase = event;
  else if ('$typeName' in event) eventCase = event.event.case;
  else eventCase = event.case;
  if (eventCase === undefined || !(eventCase in EVENT_TYPES)) {
    throw new TypeError(`topicOf: no known event case (${String(eventCase)})`);
  }
  return TOPICS[domainOf(eventCase)];
}

/** Why an envelope was rejected. */
export type EnvelopeErrorReason =
  /** Not a protobuf Envelope at all (bad wire format or JSON). */
  | 'malformed'
  /** No event case is set. */
  | 'missing_event'
  /** An event case this version of @syn/proto does not know (a newer producer): upgrade the consumer. */
  | 'unknown_event'
  /** `type` names another event than the one the envelope carries. */
  | 'type_mismatch'
  /** A header field is missing or malformed (id not a UUID, no occurred_at). */
  | 'invalid_field';

/** Thrown by decodeEnvelope / envelopeFromJson for anything that is not a valid envelope. */
export class EnvelopeDecodeError extends Error {
  override readonly name = 'EnvelopeDecodeError';
  constructor(
    readonly reason: EnvelopeErrorReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

// Any RFC 9562 UUID is accepted from the wire (a lenient reader never turns a usable
// event into a poison message); newEnvelope itself creates v4.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

// Envelope fields are 1..5; an unknown length-delimited field beyond them is an
// event case added by a newer producer.
const LAST_HEADER_FIELD = 5;
const WIRE_LENGTH_DELIMITED = 2;

/** Throws EnvelopeDecodeError unless `env` is a complete, self-consistent envelope. */
function check(env: Envelope): ValidEnvelope {
  const eventCase = env.event.case;
  if (eventCase === undefined) {
    const newerCase = env.$unknown?.find((f) => f.no > LAST_HEADER_FIELD && f.wireType === WIRE_LENGTH_DELIMITED);
    if (newerCase) {
      throw new EnvelopeDecodeError(
        'unknown_event',
        `envelope ${env.id} carries event field ${newerCase.no} (type ${env.type}) unknown to this @syn/proto`,
      );
    }
    throw new EnvelopeDecodeError('missing_event', `envelope ${env.id} (type ${env.type}) carries no event`);
  }
  const expected = EVENT_TYPES[eventCase];
  if (env.type !== expected) {
    throw new EnvelopeDecodeError(
      'type_mismatch',
      `envelope ${env.id} has type "${env.type}" but carries ${eventCase} (${expected})`,
    );
  }
  if (!UUID.test(env.id)) {
    throw new EnvelopeDecodeError('invalid_field', `envelope id "${env.id}" is not a UUID`);
  }
  if (env.occurredAt === undefined) {
    throw new EnvelopeDecodeError('invalid_field', `envelope ${env.id} has no occurred_at`);
  }
  return env as ValidEnvelope;
}

export interface NewEnvelopeInput<C extends EventCase> {
  /** The publishing service: account, dictionary, billing, wordbook. */
  producer: string;
  /** Kafka message key, the user id in decimal. */
  key: string;
  event: { case: C; value: EventValueInit<C> };
  /** Defaults to a fresh UUID v4. */
  id?: string;
  /** When the fact happened; defaults to now. */
  occurredAt?: Date | Timestamp;
}

/**
 * An event id that is the same every time the same fact is published (RFC 9562 UUID v8 from
 * SHA-256 of the parts): a producer that may publish one fact twice, e.g. a request the gateway
 * retried on another replica, gives both copies one id, and the consumers' processed-events
 * check keeps only the first.
 */
export function nameBasedEventId(...parts: readonly string[]): string {
  const hash = createHash('sha256');
  // Length-prefixed, so ("ab", "c") and ("a", "bc") differ.
  for (const part of parts) hash.update(`${Buffer.byteLength(part)}:${part};`);
  const b = hash.digest().subarray(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x80; // version 8
  b[8] = (b[8]! & 0x3f) | 0x80; // variant 10
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Builds an envelope, filling id (UUID v4), type (from the case) and occurredAt. */
export function newEnvelope<C extends EventCase>(input: NewEnvelopeInput<C>): ValidEnvelope<C> {
  const id = input.id ?? randomUUID();
  if (!UUID.test(id)) throw new TypeError(`newEnvelope: id "${id}" is not a UUID`);
  const occurredAt =
    input.occurredAt === undefined
      ? timestampNow()
      : input.occurredAt instanceof Date
        ? timestampFromDate(input.occurredAt)
        : input.occurredAt;
  const env = create(EnvelopeSchema, {
    id,
    type: EVENT_TYPES[input.event.case],
    occurredAt,
    producer: input.producer,
    key: input.key,
    // The generic case/value pair is one member of the oneof init union.
    event: input.event as MessageInitShape<typeof EnvelopeSchema>['event'],
  });
  return check(env) as ValidEnvelope<C>;
}

/**
 * Binary protobuf form, the Kafka message value. Refuses (TypeError) an envelope that
 * decodeEnvelope would reject, so a producer cannot publish a poison message.
 */
export function encodeEnvelope(env: Envelope): Uint8Array {
  try {
    check(env);
  } catch (err) {
    throw new TypeError(`encodeEnvelope: ${(err as Error).message}`, { cause: err });
  }
  return toBinary(EnvelopeSchema, env);
}

/** Decodes a Kafka message value; throws EnvelopeDecodeError on anything but a valid envelope. */
export function decodeEnvelope(bytes: Uint8Array): ValidEnvelope {
  let env: Envelope;
  try {
    env = fromBinary(EnvelopeSchema, bytes);
  } catch (err) {
    throw new EnvelopeDecodeError('malformed', `not a protobuf Envelope: ${(err as Error).message}`, { cause: err });
  }
  return check(env);
}

/** Protobuf JSON mapping (camelCase names, enum names, RFC 3339 timestamps, defaults omitted). */
export function envelopeToJson(env: Envelope): EnvelopeJson {
  return toJson(EnvelopeSchema, env);
}

/** Parses the protobuf JSON form (object or JSON text); throws EnvelopeDecodeError like decodeEnvelope. */
export function envelopeFromJson(json: EnvelopeJson | JsonValue | string): ValidEnvelope {
  let env: Envelope;
  try {
    env = fromJson(EnvelopeSchema, typeof json === 'string' ? (JSON.parse(json) as JsonValue) : (json as JsonValue));
  } catch (err) {
    throw new EnvelopeDecodeError('malformed', `not a protobuf JSON Envelope: ${(err as Error).message}`, {
      cause: err,
    });
  }
  return check(env);
}

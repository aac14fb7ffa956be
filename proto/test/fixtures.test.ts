import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { DescMessage } from '@bufbuild/protobuf';
import {
  decodeEnvelope,
  encodeEnvelope,
  envelopeFromJson,
  envelopeToJson,
  equals,
  EnvelopeSchema,
  EVENT_TYPES,
  FIXTURES_DIR,
  loadFixtureFiles,
  loadFixtures,
  type EventCase,
} from '../src';

// The schema, not a hand-kept list, says which events exist: a new oneof case
// without a fixture fails here.
const eventOneof = EnvelopeSchema.oneofs.find((o) => o.name === 'event');
const eventFields = eventOneof?.fields ?? [];
const fixtures = loadFixtureFiles();

function messageOf(caseName: string): DescMessage {
  const field = eventFields.find((f) => f.localName === caseName);
  if (field?.message === undefined) throw new Error(`no message field for case ${caseName}`);
  return field.message;
}

describe('event fixtures', () => {
  it('the envelope has an event oneof with cases to check', () => {
    expect(eventFields.length).toBeGreaterThanOrEqual(10);
  });

  it.each(eventFields.map((f) => f.localName))('when the schema has case %s, then its fixture exists', (name) => {
    const type = EVENT_TYPES[name as EventCase];
    expect(type).toBeDefined();
    expect(existsSync(join(FIXTURES_DIR, `${type}.json`))).toBe(true);
  });

  it('every fixture file is named after the type it carries, and no two share a case', () => {
    expect(fixtures.map((f) => f.file)).toEqual(fixtures.map((f) => `${f.envelope.type}.json`));
    const cases = fixtures.map((f) => f.envelope.event.case);
    expect(new Set(cases).size).toBe(cases.length);
    expect([...cases].sort()).toEqual(eventFields.map((f) => f.localName).sort());
  });

  describe.each(fixtures.map((f) => [f.file, f] as const))('%s', (_file, fixture) => {
    it('when read from JSON and written back, then the JSON is value-identical', () => {
      expect(envelopeToJson(envelopeFromJson(fixture.json))).toEqual(fixture.json);
    });

    it('when encoded to binary and decoded, then the message and bytes are identical', () => {
      const bytes = encodeEnvelope(fixture.envelope);
      const decoded = decodeEnvelope(bytes);
      expect(equals(EnvelopeSchema, decoded, fixture.envelope)).toBe(true);
      expect(encodeEnvelope(decoded)).toEqual(bytes);
      expect(envelopeToJson(decoded)).toEqual(fixture.json);
      // A Kafka client hands consumers a Buffer: it must decode the same.
      expect(equals(EnvelopeSchema, decodeEnvelope(Buffer.from(bytes)), fixture.envelope)).toBe(true);
    });

    it('is a full envelope: every header and event field is set, so each one is exercised', () => {
      const json = fixture.json as Record<string, unknown>;
      for (const field of EnvelopeSchema.fields.filter((f) => f.oneof === undefined)) {
        expect(json).toHaveProperty([field.jsonName]);
      }
      const eventCase = fixture.envelope.event.case;
      if (eventCase === undefined) throw new Error('fixture without an event');
      const eventJson = json[eventCase] as Record<string, unknown>;
      for (const field of messageOf(eventCase).fields) {
        expect(eventJson).toHaveProperty([field.jsonName]);
      }
    });

    it('carries ids only: no emails, names, phone numbers or passwords', () => {
      const text = JSON.stringify(fixture.json);
      expect(text).not.toMatch(/@|email|password|phone|name/i);
    });
  });

  it('loadFixtures returns one validated envelope per file', () => {
    const envelopes = loadFixtures();
    expect(envelopes).toHaveLength(fixtures.length);
    for (const env of envelopes) expect(env.type).toBe(EVENT_TYPES[env.event.case as EventCase]);
  });
});

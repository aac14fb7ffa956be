// JSON fixtures, one per event version, shipped with the package so every consumer
// can test its decoder against exactly what producers are allowed to send.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { JsonValue } from '@bufbuild/protobuf';
import type { Envelope } from './gen/syn/events/v1/envelope_pb';
import { envelopeFromJson } from './envelope';

/** proto/fixtures: one level above both src/ (tests, tsx) and dist/ (built package). */
export const FIXTURES_DIR = resolve(__dirname, '..', 'fixtures');

export interface FixtureFile {
  /** File name, `<type>.json`, e.g. `account.UserJoined.v1.json`. */
  file: string;
  /** The file's parsed protobuf-JSON content. */
  json: JsonValue;
  envelope: Envelope;
}

/** Every fixture with its file name and raw JSON, sorted by file name. */
export function loadFixtureFiles(): FixtureFile[] {
  return readdirSync(FIXTURES_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const json = JSON.parse(readFileSync(join(FIXTURES_DIR, file), 'utf8')) as JsonValue;
      try {
        return { file, json, envelope: envelopeFromJson(json) };
      } catch (err) {
        throw new Error(`fixture ${file}: ${(err as Error).message}`, { cause: err });
      }
    });
}

/** Every fixture envelope (validated like decodeEnvelope), sorted by file name. */
export function loadFixtures(): Envelope[] {
  return loadFixtureFiles().map((f) => f.envelope);
}

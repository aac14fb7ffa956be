// Builders for dataset records and files; each test makes its own data.
import { randomBytes } from 'node:crypto';
import type { Client } from '@elastic/elasticsearch';
import type { HeadwordRecord, RelationRecord } from '../src/domain/record';
import { createClient } from '../src/store/client';
import { importedIndices } from '../src/store/indices';

export function aRecord(overrides: Partial<HeadwordRecord> & Pick<HeadwordRecord, 'id' | 'word'>): HeadwordRecord {
  return {
    hanja: null,
    homograph: 0,
    pos: '명사',
    sense: null,
    frequencyRank: null,
    source: 'editorial',
    generated: false,
    relations: [],
    ...overrides,
  };
}

export function aRelation(category: RelationRecord['category'], target: number): RelationRecord {
  return { category, target, source: 'editorial' };
}

export function toJsonl(records: ReadonlyArray<HeadwordRecord | string>): string {
  return records.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n';
}

/** A fresh alias name per test file run, so tests never touch `headwords`. */
export function uniqueAlias(label: string): string {
  return `test-dict-${label}-${randomBytes(4).toString('hex')}`;
}

export function testClient(): Client {
  return createClient(process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200');
}

/** Deletes every index a test made (by name: the server refuses wildcard deletes). */
export async function dropIndicesOf(client: Client, alias: string): Promise<void> {
  const indices = await importedIndices(client, alias);
  if (indices.length > 0) await client.indices.delete({ index: indices });
}

// The summary of rejected lines groups each reason the validator gives by kind.
import { parseLine } from '../src/domain/record';
import { reasonKind } from '../src/store/import';
import { aRecord } from './builders';

function reasonOf(line: string): string {
  const result = parseLine(line);
  if (result.ok !== false) throw new Error(`expected a rejected line: ${line}`);
  return result.reason;
}

it('names the kind of every rejection the validator reports', () => {
  const good = aRecord({ id: 1, word: '사랑' });
  expect(reasonKind(reasonOf('{"id": 2, "word": '))).toBe('invalid JSON');
  expect(reasonKind(reasonOf('{"id":4,"word":"미움"}'))).toBe('missing field');
  expect(reasonKind(reasonOf(JSON.stringify({ ...good, extra: 1 })))).toBe('unknown field');
  expect(reasonKind(reasonOf(JSON.stringify({ ...good, frequencyRank: -5 })))).toBe('invalid field');
  expect(reasonKind('duplicate id 1 (first on line 1)')).toBe('duplicate id');
  expect(reasonKind('duplicate word "배" with homograph 1 (first on line 3)')).toBe('duplicate word + homograph');
});

it('names them the same in a service, where the kit has installed its Korean error map', async () => {
  // The kit's error module installs the map for the whole process when a service loads it.
  await import('@syn/kit');
  const good = aRecord({ id: 1, word: '사랑' });
  expect(reasonKind(reasonOf('{"id":4,"word":"미움"}'))).toBe('missing field');
  expect(reasonKind(reasonOf(JSON.stringify({ ...good, frequencyRank: -5 })))).toBe('invalid field');
});

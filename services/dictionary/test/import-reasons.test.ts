// The summary of rejected lines groups each reason the validator gives by kind (issue 16).
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

import { DatasetValidator, parseLine } from '../src/domain/record';
import { aRecord, aRelation } from './builders';

function validate(lines: string[]): DatasetValidator {
  const v = new DatasetValidator();
  for (const l of lines) v.addLine(l);
  v.finish();
  return v;
}

describe('dataset line validation', () => {
  it('accepts a well-formed record', () => {
    const result = parseLine(JSON.stringify(aRecord({ id: 1, word: '사랑' })));
    expect(result).toEqual({ ok: true, record: expect.objectContaining({ id: 1, word: '사랑' }) });
  });

  it('explains what is wrong with a line', () => {
    expect(parseLine('{not json')).toEqual({ ok: false, reason: expect.stringMatching(/^invalid JSON/) });
    const noWord = { ...aRecord({ id: 1, word: 'x' }), word: undefined };
    expect(parseLine(JSON.stringify(noWord))).toEqual({ ok: false, reason: expect.stringContaining('word') });
    const badCategory = aRecord({ id: 1, word: '사랑', relations: [] });
    const line = JSON.stringify({ ...badCategory, relations: [{ category: '유의어', target: 2, source: 'editorial' }] });
    expect(parseLine(line)).toEqual({ ok: false, reason: expect.stringContaining('relations.0.category') });
    expect(parseLine(JSON.stringify(aRecord({ id: 1, word: '두 낱말' })))).toEqual({
      ok: false,
      reason: expect.stringContaining('whitespace'),
    });
    expect(parseLine(JSON.stringify(aRecord({ id: 1, word: '사랑', hanja: 'love' })))).toEqual({
      ok: false,
      reason: expect.stringContaining('hanja'),
    });
    expect(parseLine(JSON.stringify(aRecord({ id: 1, word: '사랑', generated: true })))).toEqual({
      ok: false,
      reason: expect.stringContaining('generated'),
    });
    expect(parseLine(JSON.stringify({ ...aRecord({ id: 1, word: '사랑' }), extra: 1 }))).toEqual({
      ok: false,
      reason: expect.stringContaining('extra'),
    });
  });

  it('numbers problems by line, skipping bad lines and blank ones', () => {
    const v = validate([
      JSON.stringify(aRecord({ id: 1, word: '사랑' })),
      '',
      'oops',
      JSON.stringify(aRecord({ id: 1, word: '미움' })),
      JSON.stringify(aRecord({ id: 2, word: '사랑' })),
      JSON.stringify(aRecord({ id: 3, word: '애정' })),
    ]);
    expect(v.records.map((r) => [r.line, r.record.word])).toEqual([
      [1, '사랑'],
      [6, '애정'],
    ]);
    expect(v.problems).toEqual([
      { line: 3, severity: 'error', reason: expect.stringMatching(/^invalid JSON/) },
      { line: 4, severity: 'error', reason: 'duplicate id 1 (first on line 1)' },
      { line: 5, severity: 'error', reason: 'duplicate word "사랑" with homograph 0 (first on line 1)' },
    ]);
    expect(v.errorCount).toBe(3);
    expect(v.lineCount).toBe(6);
  });

  it('drops relations to missing ids, to itself or repeated, with a warning on that line', () => {
    const v = validate([
      JSON.stringify(aRecord({ id: 1, word: '사랑' })),
      JSON.stringify(
        aRecord({
          id: 2,
          word: '애정',
          relations: [
            aRelation('비슷한말', 1),
            aRelation('비슷한말', 9),
            aRelation('비슷한말', 2),
            aRelation('비슷한말', 1),
          ],
        }),
      ),
    ]);
    expect(v.records[1]?.record.relations).toEqual([aRelation('비슷한말', 1)]);
    expect(v.problems).toEqual([
      {
        line: 2,
        severity: 'warning',
        reason:
          'relation dropped: 비슷한말 target 9 does not exist; 비슷한말 relation to itself; 비슷한말 target 1 repeated',
      },
    ]);
    expect(v.droppedRelationCount).toBe(3);
    expect(v.warningCount).toBe(1);
  });

  it('keeps homographs apart: same word, different homograph numbers', () => {
    const v = validate([
      JSON.stringify(aRecord({ id: 1, word: '배', homograph: 1 })),
      JSON.stringify(aRecord({ id: 2, word: '배', homograph: 2 })),
    ]);
    expect(v.problems).toEqual([]);
    expect(v.records).toHaveLength(2);
  });
});

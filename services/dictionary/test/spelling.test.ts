import { CONFUSION_ROWS, confusionsByKind, confusionVariants, misspelledFormVariants } from '../src/domain/spelling';

describe('the spelling table (audited against 표준국어대사전)', () => {
  it('when a word is spelled correctly, then it is never turned into a non-standard spelling', () => {
    expect(confusionVariants('웃어른')).toEqual([]);
    expect(confusionVariants('어떻게')).toEqual([]);
    expect(confusionVariants('베개')).toEqual([]);
  });

  it('when the non-standard spelling is typed, then the standard one is suggested', () => {
    expect(confusionsByKind('윗어른').misspelling).toEqual(['웃어른']);
    expect(confusionsByKind('몇일').misspelling).toEqual(['며칠']);
    expect(confusionsByKind('배게').misspelling).toEqual(['베개']);
  });

  it('when one of two standard words is typed, then the other is only a confusable suggestion', () => {
    expect(confusionsByKind('결제')).toEqual({ misspelling: [], confusable: ['결재'] });
    expect(confusionsByKind('낫다')).toEqual({ misspelling: [], confusable: ['낳다'] });
  });

  it('has no row whose suggestion is itself a row of misspellings (it would suggest a wrong spelling)', () => {
    const wrong = CONFUSION_ROWS.filter(([, , kind]) => kind === 'misspelling').map(([written]) => written);
    for (const [, meant] of CONFUSION_ROWS) expect(wrong).not.toContain(meant);
  });

  it('has one row per written piece and kind', () => {
    const keys = CONFUSION_ROWS.map(([written, meant]) => `${written}→${meant}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('misspelled endings', () => {
  it.each([
    ['됬어', '됐어'],
    ['할께', '할게'],
    ['먹을꺼야', '먹을거야'],
    ['할려고', '하려고'],
    ['바꼈어요', '바뀌었어요'],
    ['사겼어', '사귀었어'],
    ['되서', '돼서'],
    ['잠궜다', '잠갔다'],
    ['치뤘다', '치렀다'],
  ])('%s is offered as %s', (written, meant) => {
    expect(misspelledFormVariants(written)).toContain(meant);
  });

  it('leaves standard forms alone', () => {
    // 알려고 (알다) looks like 할려고: its rewrite 아려고 is only a suggestion, kept when it leads to a headword.
    for (const form of ['알려줘', '졌다', '하셨어요', '됐어', '할게', '돼서']) {
      expect(misspelledFormVariants(form)).toEqual([]);
    }
  });
});

import { deleteConfirmMessage } from '../src/features/wordbook/texts';

describe('the wordbook delete confirmation', () => {
  it.each([
    ['사랑', '‘사랑’을 단어장에서 삭제하시겠습니까?'],
    ['나무', '‘나무’를 단어장에서 삭제하시겠습니까?'],
    ['값', '‘값’을 단어장에서 삭제하시겠습니까?'],
    ['아름답다', '‘아름답다’를 단어장에서 삭제하시겠습니까?'],
    // ㄹ받침 takes 을 too (only 으로/로 treats ㄹ like a vowel).
    ['하늘', '‘하늘’을 단어장에서 삭제하시겠습니까?'],
  ])('picks the object particle from the last syllable of %s', (word, expected) => {
    expect(deleteConfirmMessage(word)).toBe(expected);
  });

  it('never shows the undecided 을(를)', () => {
    expect(deleteConfirmMessage('책')).not.toContain('(를)');
  });
});

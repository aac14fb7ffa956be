import { CATEGORIES, categoryRank, inverseCategory, isCategory } from '../src/domain/categories';

describe('relation categories', () => {
  it('are the 11 GUBN labels in display order', () => {
    expect(CATEGORIES).toEqual([
      '비슷한말',
      '반대말',
      '높임말',
      '낮춤말',
      '준말',
      '본말',
      '방언',
      '상위어',
      '하위어',
      '참고어',
      '관련어',
    ]);
    expect(categoryRank('비슷한말')).toBe(0);
    expect(categoryRank('관련어')).toBe(10);
  });

  it('recognise only their own labels', () => {
    expect(isCategory('방언')).toBe(true);
    expect(isCategory('유의어')).toBe(false);
  });

  it('invert where the inverse is a real relation, and only there', () => {
    expect(inverseCategory('상위어')).toBe('하위어');
    expect(inverseCategory('하위어')).toBe('상위어');
    expect(inverseCategory('준말')).toBe('본말');
    expect(inverseCategory('본말')).toBe('준말');
    expect(inverseCategory('비슷한말')).toBe('비슷한말');
    expect(inverseCategory('반대말')).toBe('반대말');
    expect(inverseCategory('높임말')).toBeNull();
    expect(inverseCategory('낮춤말')).toBeNull();
    expect(inverseCategory('방언')).toBeNull();
  });
});

import { LIST_PAGER_SIBLINGS, pagerWindow } from '../src/ui/pagerWindow';

describe('pager window (spec §2.2: window 3, sibling range 2 in lists)', () => {
  test('when there are no pages, then no numbers are shown', () => {
    expect(pagerWindow(1, 0)).toEqual([]);
  });

  test('when there are fewer pages than the window, then all of them are shown', () => {
    expect(pagerWindow(1, 2)).toEqual([1, 2]);
    expect(pagerWindow(2, 2, { siblings: LIST_PAGER_SIBLINGS })).toEqual([1, 2]);
  });

  test('by default three numbers are centred on the current page', () => {
    expect(pagerWindow(5, 10)).toEqual([4, 5, 6]);
  });

  test('at the edges the window stays full instead of centring', () => {
    expect(pagerWindow(1, 10)).toEqual([1, 2, 3]);
    expect(pagerWindow(10, 10)).toEqual([8, 9, 10]);
    expect(pagerWindow(9, 10)).toEqual([8, 9, 10]);
  });

  test('list screens show two siblings on each side of the current page', () => {
    expect(pagerWindow(6, 20, { siblings: LIST_PAGER_SIBLINGS })).toEqual([4, 5, 6, 7, 8]);
    expect(pagerWindow(2, 20, { siblings: LIST_PAGER_SIBLINGS })).toEqual([1, 2, 3, 4, 5]);
    expect(pagerWindow(19, 20, { siblings: LIST_PAGER_SIBLINGS })).toEqual([16, 17, 18, 19, 20]);
  });

  test('a current page out of range is clamped to the first or last page', () => {
    expect(pagerWindow(0, 5)).toEqual([1, 2, 3]);
    expect(pagerWindow(99, 5)).toEqual([3, 4, 5]);
  });
});

import {
  PATHS,
  changePwByMailUrl,
  confirmEmailUrl,
  dictionaryDetailPath,
  dictionarySearchPath,
  isAppPath,
} from '../src/app/paths';
import { ROUTES } from '../src/app/routeTable';

describe('the route table (spec §2.1)', () => {
  test('every path has exactly one entry with a title and a visitable sample', () => {
    const ids = ROUTES.map((route) => route.id).sort();
    expect(ids).toEqual(Object.keys(PATHS).sort());
    for (const route of ROUTES) {
      expect(route.title).not.toBe('');
      expect(route.sample).not.toContain(':');
      expect(isAppPath(new URL(route.sample, 'http://x').pathname)).toBe(true);
    }
  });

  test('administrator screens are exactly the /mgr* paths', () => {
    const admin = ROUTES.filter((route) => route.access === 'admin').map((route) => route.path);
    expect(admin.length).toBeGreaterThan(0);
    expect(admin.every((path) => path.startsWith('/mgr'))).toBe(true);
    expect(ROUTES.filter((route) => route.path.startsWith('/mgr')).length).toBe(admin.length);
  });

  test('mail links carry id and key as query parameters', () => {
    expect(changePwByMailUrl('https://dict.example/', 12, 'a b')).toBe(
      'https://dict.example/changePwByMail?id=12&key=a+b',
    );
    expect(confirmEmailUrl('https://dict.example', '7', 'k')).toBe('https://dict.example/confirmEmail?id=7&key=k');
  });

  test('links to a headword and to a search encode their values', () => {
    expect(dictionaryDetailPath(15)).toBe('/dictionary/Search/15');
    expect(new URLSearchParams(dictionarySearchPath('사랑 & 우정').split('?')[1]).get('searchWord')).toBe(
      '사랑 & 우정',
    );
  });

  test('the SPA fallback matcher accepts app paths and refuses API paths', () => {
    expect(isAppPath('/dictionary/Search/12')).toBe(true);
    expect(isAppPath('/mgrCoupon/Edit/3')).toBe(true);
    expect(isAppPath('/subscribe/mobile-billings')).toBe(true);
    expect(isAppPath('/api/user/login')).toBe(false);
    expect(isAppPath('/subscribe/info')).toBe(false);
    expect(isAppPath('/dictionary/Search/1/extra')).toBe(false);
  });
});

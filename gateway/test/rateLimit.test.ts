import { AUTH_PATHS, clientKey } from '../src/plugin/rateLimit';

describe('rate limit keys', () => {
  test.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:0db8:0001:0002::/64'],
    ['2001:db8:1:2::9', '2001:0db8:0001:0002::/64'],
    ['2001:DB8::1', '2001:0db8:0000:0000::/64'],
    ['::1', '0000:0000:0000:0000::/64'],
  ])('when the client address is %s, then it is counted under %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });

  test('when two addresses share a /64, then they share a count', () => {
    expect(clientKey('2001:db8:aa:bb:1::1')).toBe(clientKey('2001:db8:aa:bb:ffff:ffff:ffff:ffff'));
    expect(clientKey('2001:db8:aa:bb::1')).not.toBe(clientKey('2001:db8:aa:bc::1'));
  });

  test('when the auth paths are listed, then sign-in and the mail and password calls are among them', () => {
    for (const path of ['/api/user/login', '/api/user/join', '/api/user/find', '/api/user/certify']) {
      expect(AUTH_PATHS.has(path)).toBe(true);
    }
    expect(AUTH_PATHS.has('/api/user/validate')).toBe(false);
  });
});

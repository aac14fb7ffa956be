// The signature the gateway puts on identity headers, and the device states of the one-device rule.
import type { Request } from 'express';
import {
  activeCaller,
  claimsIdentity,
  deviceRecord,
  deviceStateOf,
  DEVELOPMENT_IDENTITY_SECRET,
  GATEWAY_ISSUER,
  HttpError,
  identityHeaders,
  loadConfig,
  baseConfigShape,
  onCurrentDevice,
  callerOf,
  parseDeviceRecord,
  requireMember,
  verifyIdentity,
  type SessionData,
} from '../src';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const NOW = 1_800_000_000_000;
const member = {
  userId: 7,
  grade: 1,
  deviceState: 'current',
  sessionHash: 'ab'.repeat(32),
  forwardedFor: '203.0.113.5',
};

describe('identity signature', () => {
  const signed = identityHeaders(SECRET, GATEWAY_ISSUER, 'POST', '/api/dic/search/wordSynItems', member, NOW);

  test('verifies for the same request within its life', () => {
    expect(verifyIdentity(SECRET, 'post', '/api/dic/search/wordSynItems?x=1', signed, NOW + 29_000)).toEqual({
      ok: true,
      issuer: GATEWAY_ISSUER,
    });
  });

  test.each([
    ['another secret', () => verifyIdentity('b'.repeat(40), 'POST', '/api/dic/search/wordSynItems', signed, NOW)],
    ['another path', () => verifyIdentity(SECRET, 'POST', '/api/sys/updateUserItem', signed, NOW)],
    ['another method', () => verifyIdentity(SECRET, 'GET', '/api/dic/search/wordSynItems', signed, NOW)],
    [
      'a changed grade',
      () => verifyIdentity(SECRET, 'POST', '/api/dic/search/wordSynItems', { ...signed, 'x-user-grade': '0' }, NOW),
    ],
    [
      'a changed address',
      () =>
        verifyIdentity(
          SECRET,
          'POST',
          '/api/dic/search/wordSynItems',
          { ...signed, 'x-forwarded-for': '10.0.0.1' },
          NOW,
        ),
    ],
    [
      'a changed device state',
      () =>
        verifyIdentity(
          SECRET,
          'POST',
          '/api/dic/search/wordSynItems',
          { ...signed, 'x-device-state': 'replaced' },
          NOW,
        ),
    ],
  ])('refuses %s', (_name, check) => {
    expect(check()).toEqual({ ok: false, reason: 'bad-signature' });
  });

  test('refuses an expired signature and one from too far ahead', () => {
    expect(verifyIdentity(SECRET, 'POST', '/api/dic/search/wordSynItems', signed, NOW + 30_001)).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(verifyIdentity(SECRET, 'POST', '/api/dic/search/wordSynItems', signed, NOW - 10_000)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  test('refuses malformed or missing values', () => {
    const path = '/api/dic/search/wordSynItems';
    expect(verifyIdentity(SECRET, 'POST', path, {}, NOW).ok).toBe(false);
    for (const value of ['v1', 'v2.gateway.1.x', 'v1.Gateway!.1.x', 'v1.gateway.soon.x', 'v1.gateway.1.x.y']) {
      expect(verifyIdentity(SECRET, 'POST', path, { ...signed, 'x-identity-signature': value }, NOW)).toEqual({
        ok: false,
        reason: 'malformed',
      });
    }
  });

  test('only identity headers count as a claim; forwarded addresses alone do not', () => {
    expect(claimsIdentity({ 'x-forwarded-for': '1.2.3.4' })).toBe(false);
    expect(claimsIdentity({ 'x-user-id': '1' })).toBe(true);
    expect(claimsIdentity({ 'x-device-state': 'current' })).toBe(true);
  });
});

describe('device state (spec §4)', () => {
  const session = (deviceKey: string): SessionData => ({ userId: 7, grade: 1, deviceKey, email: '', createdAt: '' });
  const mine = 'c'.repeat(64);

  test('a session that has not claimed is unclaimed, whatever the record says', () => {
    expect(deviceStateOf(session(''), mine, parseDeviceRecord(deviceRecord('k', mine)))).toBe('unclaimed');
  });

  test('the claiming session is current; any other holding a key is replaced, even with the same key', () => {
    expect(deviceStateOf(session('k'), mine, parseDeviceRecord(deviceRecord('k', mine)))).toBe('current');
    expect(deviceStateOf(session('k'), mine, parseDeviceRecord(deviceRecord('k', 'd'.repeat(64))))).toBe('replaced');
    expect(deviceStateOf(session('k'), mine, null)).toBe('replaced');
  });

  test('a record written before claims named a session compares keys', () => {
    expect(deviceStateOf(session('k'), mine, parseDeviceRecord('k'))).toBe('current');
    expect(deviceStateOf(session('k'), mine, parseDeviceRecord('other'))).toBe('replaced');
  });

  const req = (headers: Record<string, string>) => ({ headers }) as unknown as Request;

  test('a member without a known state is not on the current device; a replaced one is refused', () => {
    expect(onCurrentDevice(callerOf(req({ 'x-user-id': '7', 'x-user-grade': '1' })))).toBe(false);
    expect(onCurrentDevice(callerOf(req({ 'x-user-id': '7', 'x-user-grade': '1', 'x-device-state': 'current' })))).toBe(
      true,
    );
    const replaced = req({ 'x-user-id': '7', 'x-user-grade': '1', 'x-device-state': 'replaced' });
    for (const read of [requireMember, activeCaller]) {
      expect(() => read(replaced)).toThrow(HttpError);
      try {
        read(replaced);
      } catch (err) {
        expect((err as HttpError).status).toBe(401);
        expect((err as HttpError).body()).toMatchObject({ authKeyError: true });
      }
    }
  });
});

describe('IDENTITY_SECRET', () => {
  test('production refuses the public development value; development uses it by default', () => {
    expect(() => loadConfig(baseConfigShape, { NODE_ENV: 'production' })).toThrow(/IDENTITY_SECRET/);
    expect(loadConfig(baseConfigShape, { NODE_ENV: 'development' }).IDENTITY_SECRET).toBe(DEVELOPMENT_IDENTITY_SECRET);
    expect(loadConfig(baseConfigShape, { NODE_ENV: 'production', IDENTITY_SECRET: SECRET }).IDENTITY_SECRET).toBe(
      SECRET,
    );
  });
});

// Pure account rules: masking, legacy days, throttle back-off, paid status, shared form rules.
import { ACCOUNT_MESSAGES as M, JOIN_FIELDS, joinRequest, parseInOrder, userSearchRequest } from '@syn/kit/rules';
import { ZodError } from 'zod';
import { convertibleDays, utcDay } from '../src/domain/legacy';
import { maskEmail, maskName } from '../src/domain/masking';
import { backoffMs, budgetSpent } from '../src/domain/throttle';
import { passSummary } from '../src/domain/users';
import { updateUserItemRequest } from '../src/routes/contract';
import { resolvePepper } from '../src/security/passwords';
import { issueToken, keyMatches } from '../src/security/tokens';

describe('masking for the recipient search', () => {
  test.each([
    ['abcdef@example.com', 'ab***@example.com'],
    ['ab@example.com', 'a***@example.com'],
    ['a@example.com', 'a***@example.com'],
    ['broken', '***'],
  ])('when %s is shown to another member, then it reads %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
  test.each([
    ['김민수', '김*수'],
    ['이순', '이*'],
    ['남궁민수', '남**수'],
    ['김', '*'],
  ])('when the name %s is shown to another member, then it reads %s', (name, masked) => {
    expect(maskName(name)).toBe(masked);
  });
});

describe('legacy remaining days', () => {
  const today = utcDay(new Date('2026-03-10T15:00:00Z'));
  const d = (s: string) => new Date(`${s}T00:00:00Z`);
  test('when periods run, expired or were merged, then only running unmerged days from today count', () => {
    expect(
      convertibleDays(
        [
          { startDate: d('2025-01-01'), endDate: d('2026-04-09'), running: true, transferred: false },
          { startDate: d('2024-01-01'), endDate: d('2025-01-01'), running: false, transferred: false },
          { startDate: d('2026-01-01'), endDate: d('2026-12-31'), running: true, transferred: true },
          { startDate: d('2026-04-09'), endDate: d('2026-04-19'), running: true, transferred: false },
        ],
        today,
      ),
    ).toBe(30 + 10);
  });
  test('when a running period already ended, then it adds nothing', () => {
    expect(
      convertibleDays(
        [{ startDate: d('2025-01-01'), endDate: d('2026-03-01'), running: true, transferred: false }],
        today,
      ),
    ).toBe(0);
  });
});

describe('login back-off', () => {
  const p = { maxFailuresPerHour: 100, freeFailures: 5, baseDelayMs: 1000, maxDelayMs: 900_000 };
  test('when failures pile up, then the delay doubles from the first non-free failure up to the cap', () => {
    expect([1, 5, 6, 7, 8, 20, 99].map((n) => backoffMs(n, p))).toEqual([0, 0, 1000, 2000, 4000, 900_000, 900_000]);
  });
  test('when 100 failures happened within the hour, then the budget is spent', () => {
    expect(budgetSpent(99, p)).toBe(false);
    expect(budgetSpent(100, p)).toBe(true);
  });
});

describe('paid status', () => {
  const now = new Date('2026-03-10T00:00:00Z');
  test('when a START pass ends in the future, then the member is valid with the latest-ending item', () => {
    expect(
      passSummary(
        [
          { itemId: 3, status: 'START', endDate: new Date('2026-04-01') },
          { itemId: 6, status: 'START', endDate: new Date('2026-05-01') },
          { itemId: 9, status: 'STANDBY', endDate: new Date('2027-01-01') },
        ],
        now,
      ),
    ).toEqual({ status: 'valid', item: 6 });
  });
  test('when passes are not START or have ended, then the member is none', () => {
    expect(
      passSummary(
        [
          { itemId: 6, status: 'START', endDate: new Date('2026-03-01') },
          { itemId: 6, status: 'LOCK', endDate: new Date('2027-03-01') },
        ],
        now,
      ),
    ).toEqual({ status: 'none', item: null });
  });
});

describe('tokens and pepper', () => {
  test('when a token is issued, then its key is 256 random bits and only the matching key passes', () => {
    const t = issueToken();
    expect(Buffer.from(t.key, 'base64url')).toHaveLength(32);
    expect(keyMatches(t.key, t.keyHash)).toBe(true);
    expect(keyMatches(`${t.key}x`, t.keyHash)).toBe(false);
    expect(issueToken().key).not.toBe(t.key);
  });
  test('when NODE_ENV is production, then a pepper is required; dev and test get the fixed default', () => {
    expect(() => resolvePepper({ NODE_ENV: 'production' })).toThrow(/PASSWORD_PEPPER/);
    expect(resolvePepper({ NODE_ENV: 'production', PASSWORD_PEPPER: 'p'.repeat(32) })).toBe('p'.repeat(32));
    expect(resolvePepper({ NODE_ENV: 'test' })).toBe(resolvePepper({ NODE_ENV: 'development' }));
  });
});

describe('shared form rules', () => {
  const valid = {
    name: '홍길동',
    email: 'hong@example.com',
    phone: '01012345678',
    password: 'password1',
    passwordConfirm: 'password1',
    agreePrivacy: 'T',
    agreeTerms: true,
  };
  const firstMessage = (body: object) => {
    try {
      parseInOrder(joinRequest, body, JOIN_FIELDS);
      return null;
    } catch (err) {
      return (err as ZodError).issues[0]?.message;
    }
  };
  test('when the form is complete, then it parses with NORMAL and no recommender', () => {
    expect(joinRequest.parse(valid)).toMatchObject({
      recommendType: 'NORMAL',
      recommendUser: '',
      recommendUserId: null,
      agreePrivacy: true,
    });
  });
  test('when confirmation and consent both fail, then the confirmation (earlier in the form) is reported', () => {
    expect(firstMessage({ ...valid, passwordConfirm: 'x', agreePrivacy: false })).toBe(M.passwordMismatch);
    expect(firstMessage({})).toBe(M.nameRequired);
  });
  test('when the search request is empty, then defaults apply and pages are zero-based', () => {
    expect(userSearchRequest.parse({})).toEqual({
      userStatus: 'ALL',
      userCol: 'email',
      searchName: '',
      pageSize: 10,
      pageNum: 0,
    });
    expect(userSearchRequest.parse({ userCol: 'USERNAME', userStatus: 'basic' })).toMatchObject({
      userCol: 'name',
      userStatus: 'BASIC',
    });
  });
});

describe("the spec's role names", () => {
  test.each([
    ['ADMIN', 0],
    ['manager', 0],
    ['STAFF', 0],
    ['USER', 1],
    ['MEMBER', 1],
    ['NONE', 1],
    ['NON_USER', 1],
    ['0', 0],
    [1, 1],
  ])('when an administrator sets the role %s, then it maps to grade %s', (role, grade) => {
    const parsed = updateUserItemRequest.parse({ userId: 5, userCheckEmail: 'T', grade: role });
    expect(parsed.grade).toBe(grade);
  });

  test('when the role is not one of them, then the grade message answers', () => {
    const r = updateUserItemRequest.safeParse({ userId: 5, userCheckEmail: 'T', grade: 'ROOT' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(M.gradeInvalid);
  });
});

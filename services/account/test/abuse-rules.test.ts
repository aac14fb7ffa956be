// Pure rules behind the login throttle and the operator's legacy import.
import { decideAttempt, type AttemptState, type ThrottlePolicy } from '../src/domain/throttle';
import { LegacyImportError, parseLegacyLines } from '../src/jobs/legacy-import';

const account: ThrottlePolicy = { maxFailuresPerHour: 100, freeFailures: 5, baseDelayMs: 1000, maxDelayMs: 900_000 };
const calm: AttemptState = {
  nowMs: 1_000_000,
  accountFailures: 0,
  accountBlockedUntilMs: 0,
  accountWindowLeftMs: 0,
  addressFailures: 0,
  addressWindowLeftMs: 0,
  addressExempt: false,
};

describe('login attempt decision', () => {
  test('when nothing has failed, then the attempt is evaluated', () => {
    expect(decideAttempt(calm, account, 300)).toEqual({ allowed: true });
  });

  test("when the account's back-off runs, then even an exempt attempt waits for it", () => {
    const s = { ...calm, accountFailures: 6, accountBlockedUntilMs: calm.nowMs + 2500, addressExempt: true };
    expect(decideAttempt(s, account, 300)).toEqual({ allowed: false, reason: 'backoff', retryAfterMs: 2500 });
  });

  test("when the account's hourly budget is spent, then it is refused until the window ends", () => {
    const s = { ...calm, accountFailures: 100, accountWindowLeftMs: 60_000 };
    expect(decideAttempt(s, account, 300)).toEqual({ allowed: false, reason: 'budget', retryAfterMs: 60_000 });
  });

  test('when the address has spent its budget, then only accounts known there (or just reset) get through', () => {
    const busy = { ...calm, addressFailures: 300, addressWindowLeftMs: 10_000 };
    expect(decideAttempt(busy, account, 300)).toEqual({ allowed: false, reason: 'address', retryAfterMs: 10_000 });
    expect(decideAttempt({ ...busy, addressExempt: true }, account, 300)).toEqual({ allowed: true });
    expect(decideAttempt({ ...busy, addressFailures: 299 }, account, 300)).toEqual({ allowed: true });
  });
});

describe('legacy import file', () => {
  const good = {
    legacyId: 'kim1234',
    passwordSalt: 'ab12',
    passwordSha256: 'A'.repeat(64),
    payHistory: [{ sdate: '2025-01-01', edate: '2026-01-01', curstat: 'Y', transfer: null }],
  };

  test('when every line is valid, then rows come back normalised (hex lower-cased, transfer defaulted)', () => {
    const second = {
      ...good,
      legacyId: 'lee',
      payHistory: [{ sdate: '2024-01-01', edate: '2024-02-01', curstat: 'N' }],
    };
    const rows = parseLegacyLines(`${JSON.stringify(good)}\n\n${JSON.stringify(second)}\r\n`);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.passwordSha256).toBe('a'.repeat(64));
    expect(rows[1]!.payHistory[0]!.transfer).toBeNull();
  });

  test('when lines are wrong, then every problem is named with its line and nothing is returned', () => {
    const bad = [
      'not json',
      JSON.stringify({ ...good, passwordSha256: 'short' }),
      JSON.stringify({
        ...good,
        legacyId: 'x',
        payHistory: [{ sdate: '2025-02-30', edate: '2025-01-01', curstat: 'Y' }],
      }),
      JSON.stringify({ ...good, password: 'plain text' }),
      JSON.stringify(good),
      JSON.stringify(good),
    ].join('\n');
    let problems: string[] = [];
    try {
      parseLegacyLines(bad);
    } catch (err) {
      expect(err).toBeInstanceOf(LegacyImportError);
      problems = (err as LegacyImportError).problems;
    }
    expect(problems.some((p) => p.startsWith('line 1: not JSON'))).toBe(true);
    expect(problems.some((p) => p.startsWith('line 2: passwordSha256'))).toBe(true);
    expect(problems.some((p) => p.startsWith('line 3: payHistory.0.sdate'))).toBe(true);
    expect(problems.some((p) => p.startsWith('line 4:'))).toBe(true); // unknown field (a clear password)
    expect(problems.some((p) => p.startsWith('line 6: legacyId kim1234 appears twice'))).toBe(true);
  });
});

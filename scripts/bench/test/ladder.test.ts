// The load ladder's rules: the mix it sends, how a rate is spread, and when a step fails or meets the goal.
import { queryFor } from '../dataset';
import { GROUPS, groupOf, MIX, opAt, percentile, prng, slicesOf, verdictOf, type Group } from '../ladder';

test('the mix is 70 % search, 20 % detail, 5 % wordbook and 5 % login/validate', () => {
  const byGroup = new Map<Group, number>();
  for (const [op, share] of MIX) byGroup.set(groupOf(op), (byGroup.get(groupOf(op)) ?? 0) + share);
  expect(Object.fromEntries(byGroup)).toEqual({ search: 70, detail: 20, wordbook: 5, login: 1, validate: 4 });
  expect(GROUPS).toHaveLength(byGroup.size);
});

test('seeded draws follow the mix and repeat from run to run', () => {
  const draw = prng(11);
  const counts = new Map<string, number>();
  const n = 200_000;
  for (let i = 0; i < n; i++) {
    const op = opAt(draw());
    counts.set(op, (counts.get(op) ?? 0) + 1);
  }
  for (const [op, share] of MIX) expect(Math.abs(((counts.get(op) ?? 0) / n) * 100 - share)).toBeLessThan(0.3);
  const a = prng(11);
  const b = prng(11);
  expect(Array.from({ length: 5 }, () => a())).toEqual(Array.from({ length: 5 }, () => b()));
  expect(opAt(0)).toBe('search-visitor');
  expect(opAt(0.9999999)).toBe('validate');
});

test('a rate is spread over staggered instances that add up to it', () => {
  const small = slicesOf(25, 40);
  expect(small).toHaveLength(25);
  expect(small.every((s) => s.rate === 1)).toBe(true);
  const big = slicesOf(810, 40);
  expect(big).toHaveLength(40);
  expect(big.reduce((sum, s) => sum + s.rate, 0)).toBe(810);
  expect(Math.max(...big.map((s) => s.rate)) - Math.min(...big.map((s) => s.rate))).toBeLessThanOrEqual(1);
  expect(big.map((s) => s.delayMs)).toEqual([...big.map((s) => s.delayMs)].sort((x, y) => x - y));
  expect(Math.max(...big.map((s) => s.delayMs))).toBeLessThan(1000);
});

test('percentiles are nearest-rank', () => {
  const values = Array.from({ length: 100 }, (_, i) => i + 1);
  expect(percentile(values, 50)).toBe(50);
  expect(percentile(values, 99)).toBe(99);
  expect(percentile(values, 100)).toBe(100);
  expect(percentile([7], 99)).toBe(7);
  expect(percentile([], 50)).toBeNaN();
});

test('a step meets the goal only fast, error-free and at the rate asked', () => {
  const ok = { target: 100, achieved: 99, p99: 80, errors: 0, attempts: 1500 };
  expect(verdictOf(ok)).toBe('goal met');
  expect(verdictOf({ ...ok, p99: 101 })).toBe('held');
  expect(verdictOf({ ...ok, errors: 1 })).toBe('held');
  expect(verdictOf({ ...ok, achieved: 85 })).toBe('held');
  expect(verdictOf({ ...ok, p99: 501 })).toBe('failed');
  expect(verdictOf({ ...ok, p99: NaN })).toBe('failed');
  expect(verdictOf({ ...ok, errors: 76 })).toBe('failed');
  expect(verdictOf({ ...ok, achieved: 79 })).toBe('failed');
  expect(verdictOf({ ...ok, attempts: 0 })).toBe('failed');
});

test('queries of each kind are what a reader would type', () => {
  expect(queryFor('사과나무', 'exact')).toBe('사과나무');
  expect(queryFor('사과나무', 'prefix')).toBe('사과');
  expect(queryFor('사과나무', 'choseong')).toBe('ㅅㄱㄴ');
  expect(queryFor('사과나무', 'contains')).toBe('과나');
  expect(queryFor('물', 'prefix')).toBe('물');
});

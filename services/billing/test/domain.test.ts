import {
  addMonths,
  amountOf,
  customerUidOf,
  itemIdOfPlan,
  parseCustomerUid,
  periodEnd,
  type Product,
} from '../src/domain/catalogue';
import { remainingDays, ymd } from '../src/domain/format';
import { onRenewalDeclined, parseRetryMinutes, renewalMerchantUid } from '../src/domain/renewal';

const product = (months: number, price: number, days = 0): Product => ({
  itemId: 1,
  name: 'p',
  price,
  months,
  days,
  type: 'PASS',
  listed: false,
  purchasable: true,
});

describe('catalogue rules', () => {
  it('prices a product as price × PROPERTY_ID months, in integer won', () => {
    expect(amountOf(product(1, 3000))).toBe(3000);
    expect(amountOf(product(3, 2500))).toBe(7500);
    expect(amountOf(product(12, 1800))).toBe(21600);
    expect(amountOf(product(0, 0, 7))).toBe(0);
  });

  it('adds calendar months, clamping to the last day of a shorter month', () => {
    expect(addMonths(new Date('2026-01-31T03:00:00Z'), 1).toISOString()).toBe('2026-02-28T03:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T03:00:00Z'), 1).toISOString()).toBe('2028-02-29T03:00:00.000Z');
    expect(addMonths(new Date('2026-11-15T00:00:00Z'), 3).toISOString()).toBe('2027-02-15T00:00:00.000Z');
    expect(periodEnd(new Date('2026-03-01T00:00:00Z'), { months: 0, days: 7 }).toISOString()).toBe(
      '2026-03-08T00:00:00.000Z',
    );
  });

  it('builds and reads customer_uid as prefix_itemId_userId', () => {
    expect(customerUidOf('syn', 6, 42)).toBe('syn_6_42');
    expect(parseCustomerUid('syn_6_42')).toEqual({ prefix: 'syn', itemId: 6, userId: 42 });
    expect(parseCustomerUid('nope')).toBeNull();
    expect(itemIdOfPlan('basic')).toBe(6);
    expect(itemIdOfPlan('gold')).toBeNull();
  });
});

describe('renewal decline rules', () => {
  const delays = parseRetryMinutes('60, 360');
  const now = new Date('2026-05-01T00:00:00Z');

  it('retries after each back-off, then locks', () => {
    expect(onRenewalDeclined(now, 0, delays)).toEqual({
      action: 'retry',
      retryCount: 1,
      at: new Date('2026-05-01T01:00:00Z'),
    });
    expect(onRenewalDeclined(now, 1, delays)).toEqual({
      action: 'retry',
      retryCount: 2,
      at: new Date('2026-05-01T06:00:00Z'),
    });
    expect(onRenewalDeclined(now, 2, delays)).toEqual({ action: 'lock' });
  });

  it('names each attempt deterministically, so a retried job reuses its merchant_uid', () => {
    expect(renewalMerchantUid(7, 2, 1)).toBe('ren_7_2_1');
  });

  it('refuses a malformed retry list', () => {
    expect(() => parseRetryMinutes('60,x')).toThrow('invalid retry delay');
  });
});

describe('display', () => {
  it('shows dates as YYYY-MM-DD in Korean time and counts remaining days up', () => {
    expect(ymd(new Date('2026-05-01T16:00:00Z'))).toBe('2026-05-02');
    expect(ymd(null)).toBeNull();
    expect(remainingDays(new Date('2026-05-01T00:00:00Z'), new Date('2026-05-03T01:00:00Z'))).toBe(3);
    expect(remainingDays(new Date('2026-05-04T00:00:00Z'), new Date('2026-05-03T00:00:00Z'))).toBe(0);
  });
});

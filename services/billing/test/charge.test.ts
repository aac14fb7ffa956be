import { chargeOf, isInternationalWallet, wonOf } from '../src/domain/charge';

describe('what the provider must charge (spec §9)', () => {
  it('when an order is paid by card or a Korean wallet, then it is charged its won amount', () => {
    expect(chargeOf({ amount: 3800, pg: 'html5_inicis' })).toEqual({ currency: 'KRW', amount: 3800 });
    expect(chargeOf({ amount: 3000, pg: null })).toEqual({ currency: 'KRW', amount: 3000 });
  });
  it('when an order is paid with PayPal, then it is charged the won amount / 1000, rounded up, in USD', () => {
    expect(chargeOf({ amount: 3800, pg: 'paypal' })).toEqual({ currency: 'USD', amount: 4 });
    expect(chargeOf({ amount: 7500, pg: 'paypal_v2' })).toEqual({ currency: 'USD', amount: 8 });
    expect(chargeOf({ amount: 3000, pg: 'PayPal' })).toEqual({ currency: 'USD', amount: 3 });
    expect(isInternationalWallet('paypalish')).toBe(false);
  });
  it('when a refund is counted, then it is stated in won', () => {
    expect(wonOf(4, { currency: 'USD', amount: 4 }, 3800)).toBe(3800);
    expect(wonOf(2, { currency: 'USD', amount: 4 }, 3800)).toBe(1900);
    expect(wonOf(3800, { currency: 'KRW', amount: 3800 }, 3800)).toBe(3800);
    expect(wonOf(3800, { currency: null, amount: 3800 }, 3800)).toBe(3800);
  });
});

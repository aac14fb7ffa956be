import { startHarness, type Harness } from './harness';

// Users 860000–860999 belong to this file (it creates none).
const U = 860_000;

describe('payment client configuration', () => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  it('when nothing is configured, then the browser loads the sandbox script of PORTONE_API_URL', async () => {
    h = await startHarness(U);
    const r = await h.call('GET', '/api/pay/config');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ impCode: 'imp_sandbox', scriptUrl: `${h.sandbox.url}/v1/iamport.js` });
    // The URL really serves PortOne's IMP contract.
    const script = await (await fetch(r.body.scriptUrl as string)).text();
    expect(script).toContain('request_pay');
  });

  it('when PORTONE_IMP_CODE and PORTONE_SCRIPT_URL are set, then those are what the browser gets', async () => {
    h = await startHarness(U, {
      PORTONE_IMP_CODE: 'imp12345678',
      PORTONE_SCRIPT_URL: 'https://cdn.iamport.kr/v1/iamport.js',
    });
    const r = await h.call('GET', '/api/pay/config');
    expect(r.body).toEqual({ impCode: 'imp12345678', scriptUrl: 'https://cdn.iamport.kr/v1/iamport.js' });
  });

  it('when the payment screen asks for products, then every purchasable product is listed with its amount', async () => {
    h = await startHarness(U);
    const r = await h.call('GET', '/api/pay/products');
    const items = r.body.orderItems as Array<{ ITEM_ID: number; AMOUNT: number; TYPE: string }>;
    expect(items.map((i) => [i.ITEM_ID, i.AMOUNT])).toEqual([
      [1, 3800],
      [2, 7500],
      [3, 21600],
      [6, 3000],
    ]);
    // The free week is granted, never sold.
    expect(items.some((i) => i.TYPE === 'FREE')).toBe(false);
  });
});

// What the payment screen needs before it can pay: which PortOne script to load and with which
// merchant code (configuration, so the same web build runs against the sandbox or PortOne), and
// every purchasable product.
import type { Express } from 'express';
import type { Catalogue } from '../flows/catalogue';
import { productView } from './views';

export interface PayClientConfig {
  /** `IMP.init(impCode)`. */
  impCode: string;
  /** PortOne's v1 browser script (`https://cdn.iamport.kr/v1/iamport.js`) or the sandbox's. */
  scriptUrl: string;
}

export function payConfigRoutes(
  app: Express,
  d: { billing: { catalogue: Pick<Catalogue, 'products'> }; payClient: PayClientConfig },
): void {
  app.get('/api/pay/config', (_req, res) => {
    // Tiny and public, but it changes only with a deployment: let browsers reuse it briefly.
    res.set('cache-control', 'public, max-age=300');
    res.json({ impCode: d.payClient.impCode, scriptUrl: d.payClient.scriptUrl });
  });

  // selectOrderItems answers the listed product only (item 6, spec §9): the purchase page offers
  // that. The administrator's new-order selector grants any purchasable product, so it asks here.
  app.get('/api/pay/products', async (_req, res) => {
    const products = await d.billing.catalogue.products();
    res.json({ orderItems: products.filter((p) => p.purchasable).map(productView) });
  });
}

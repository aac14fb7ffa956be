// What the payment screen needs before it can pay: the listed product, which PortOne script to
// load and with which merchant code (configuration, so the same web build runs against the sandbox
// or PortOne), and every purchasable product.
import type { RouteContract } from '@syn/kit/contract';
import type { Express } from 'express';
import { z } from 'zod';
import type { Catalogue } from '../flows/catalogue';
import { int32 } from './bodies';
import { productView } from './views';

export interface PayClientConfig {
  /** `IMP.init(impCode)`. */
  impCode: string;
  /** PortOne's v1 browser script (`https://cdn.iamport.kr/v1/iamport.js`) or the sandbox's. */
  scriptUrl: string;
}

const product = z.object({
  ITEM_ID: int32,
  NAME: z.string(),
  PRICE: int32,
  PROPERTY_ID: int32,
  TYPE: z.enum(['SUBSCRIBE', 'PASS', 'FREE']),
  AMOUNT: int32,
});

export const selectOrderItemsRoute = {
  method: 'post',
  path: '/api/dic/order/selectOrderItems',
  summary: 'The listed product (item 6)',
  access: 'public',
  response: z.object({ orderItems: z.array(product) }),
  errors: [],
} satisfies RouteContract;

export const payConfigRoute = {
  method: 'get',
  path: '/api/pay/config',
  summary: "PortOne's browser script and merchant code",
  access: 'public',
  response: z.object({ impCode: z.string(), scriptUrl: z.string() }),
  errors: [],
} satisfies RouteContract;

export const payProductsRoute = {
  method: 'get',
  path: '/api/pay/products',
  summary: 'Every purchasable product',
  access: 'public',
  response: z.object({ orderItems: z.array(product) }),
  errors: [],
} satisfies RouteContract;

/** In the order the API document lists them. */
export const catalogueContracts: RouteContract[] = [selectOrderItemsRoute, payConfigRoute, payProductsRoute];

export function payConfigRoutes(
  app: Express,
  d: { billing: { catalogue: Pick<Catalogue, 'products'> }; payClient: PayClientConfig },
): void {
  // The purchase page offers the listed product only (item 6, spec §9).
  app.post('/api/dic/order/selectOrderItems', async (_req, res) => {
    const products = await d.billing.catalogue.products();
    res.json({ orderItems: products.filter((p) => p.listed).map(productView) });
  });

  app.get('/api/pay/config', (_req, res) => {
    // Tiny and public, but it changes only with a deployment: let browsers reuse it briefly.
    res.set('cache-control', 'public, max-age=300');
    res.json({ impCode: d.payClient.impCode, scriptUrl: d.payClient.scriptUrl });
  });

  // selectOrderItems answers the listed product only; the administrator's new-order selector
  // grants any purchasable product, so it asks here.
  app.get('/api/pay/products', async (_req, res) => {
    const products = await d.billing.catalogue.products();
    res.json({ orderItems: products.filter((p) => p.purchasable).map(productView) });
  });
}

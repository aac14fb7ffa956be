// The billing service's API contract (spec §7.3, §7.4), gathered from the contracts declared
// beside each handler, in the order the API document lists them. scripts/openapi.ts publishes it.
import type { ServiceContract } from '@syn/kit/contract';
import { couponContracts } from './coupons/contract';
import { adminContracts, isUsedByManagerRoute } from './routes/admin';
import { memberContracts } from './routes/member';
import { catalogueContracts } from './routes/payConfig';
import { subscribeContracts } from './routes/subscribe';

export const billingContract: ServiceContract = {
  service: 'billing',
  description: 'Products, PortOne v1 payments (re-verified), passes, subscriptions, refunds and coupons',
  routes: [
    ...catalogueContracts,
    ...memberContracts,
    isUsedByManagerRoute,
    ...subscribeContracts,
    ...adminContracts,
    ...couponContracts,
  ],
};

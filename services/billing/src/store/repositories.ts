// The repositories of schema `billing`, one an aggregate, built together for a service instance.
import { BillingKeyRepository } from './billingKeys';
import { MemberRepository } from './members';
import { OrderRepository } from './orders';
import { PassRepository } from './passes';
import { PaymentRepository } from './payments';
import { ProductRepository } from './products';
import { SubscriptionRepository } from './subscriptions';

export interface BillingRepositories {
  products: ProductRepository;
  orders: OrderRepository;
  payments: PaymentRepository;
  passes: PassRepository;
  subscriptions: SubscriptionRepository;
  members: MemberRepository;
  billingKeys: BillingKeyRepository;
}

export function billingRepositories(schema: string): BillingRepositories {
  return {
    products: new ProductRepository(schema),
    orders: new OrderRepository(schema),
    payments: new PaymentRepository(schema),
    passes: new PassRepository(schema),
    subscriptions: new SubscriptionRepository(schema),
    members: new MemberRepository(schema),
    billingKeys: new BillingKeyRepository(schema),
  };
}

// What the screens read of the catalogue and of a member's days: the products, the pass in use,
// and when the member's service ends.
import type { Pool } from '@syn/kit';
import type { Product } from '../domain/catalogue';
import type { PassView } from '../store/passes';
import type { BillingRepositories } from '../store/repositories';
import { serviceEnd } from './shared';

export interface CatalogueDeps {
  pool: Pool;
  store: Pick<BillingRepositories, 'products' | 'passes'>;
}

export class Catalogue {
  constructor(private readonly d: CatalogueDeps) {}

  async products(): Promise<Product[]> {
    return this.d.store.products.products(this.d.pool);
  }

  async currentPass(userId: number): Promise<PassView | null> {
    return this.d.store.passes.currentPass(this.d.pool, userId);
  }

  /** When the member's service ends: `from` or later, when passes queued after it carry on. */
  async serviceEnd(userId: number, from: Date): Promise<Date> {
    return serviceEnd(this.d.store, this.d.pool, userId, from);
  }
}

// The catalogue rows (products).
import type { Product } from '../domain/catalogue';
import { Repository, type Db } from './db';
import { productOf } from './rows';

export class ProductRepository extends Repository {
  async products(db: Db): Promise<Product[]> {
    const r = await db.query(`SELECT * FROM ${this.s}.products ORDER BY item_id`);
    return r.rows.map(productOf);
  }

  async product(db: Db, itemId: number): Promise<Product | null> {
    const r = await db.query(`SELECT * FROM ${this.s}.products WHERE item_id = $1`, [itemId]);
    return r.rows[0] ? productOf(r.rows[0]) : null;
  }
}

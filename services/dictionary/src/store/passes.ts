// The paid-pass projection (schema dictionary, table passes; the table access is the kit's, shared
// with account), the members who withdrew, and the cached "is this member paid?" lookup every
// detail view asks. Each replica keeps its own cache, but one consumer group (so one replica) applies
// each pass event: the projection's transaction NOTIFYs the member (kit passChangeChannel), and every
// replica's LISTEN connection (kit PgListener, started in service.ts) forgets them on commit. While
// that connection is down a verdict lives at most PASS_CACHE_MS, and the cache is cleared when it is
// back, since notifications sent meanwhile are lost.
import { PassProjection, type Pool, type PoolClient } from '@syn/kit';
import { LRUCache } from 'lru-cache';

export class PassStore extends PassProjection {
  /** userId → the end of the latest live pass (ms), or 0 when none. */
  private readonly cache: LRUCache<number, number>;
  /**
   * Bumped by every forget and clear. A look-up that read the table before a change committed may
   * finish after the change's notification; it must not cache what it read then.
   */
  private generation = 0;

  constructor(
    private readonly pool: Pool,
    schema: string,
    cacheMs: number,
  ) {
    super(schema);
    this.cache = new LRUCache<number, number>({ max: 50_000, ttl: Math.max(1, cacheMs) });
  }

  /** Forget the cached answer for a user (their passes changed, in this process or another). */
  forget(userId: number): void {
    this.generation += 1;
    this.cache.delete(userId);
  }

  /** Forget every cached answer (changes may have been missed: the LISTEN connection was down). */
  clear(): void {
    this.generation += 1;
    this.cache.clear();
  }

  /** A member withdrew: their passes go, and the withdrawal is kept so later pass events are skipped. */
  async withdraw(tx: PoolClient, userId: number, at: Date): Promise<void> {
    await tx.query(
      `INSERT INTO ${this.schema}.withdrawn_users (user_id, withdrawn_at) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [userId, at],
    );
    await this.deleteForUser(tx, userId);
  }

  async isWithdrawn(tx: PoolClient, userId: number): Promise<boolean> {
    const { rowCount } = await tx.query(`SELECT 1 FROM ${this.schema}.withdrawn_users WHERE user_id = $1`, [userId]);
    return (rowCount ?? 0) > 0;
  }

  /** True while the user has a pass with status START whose end date is in the future. */
  async isPaid(userId: number, now: Date = new Date()): Promise<boolean> {
    let paidUntil = this.cache.get(userId);
    if (paidUntil === undefined) {
      const generation = this.generation;
      paidUntil = (await this.paidUntil(this.pool, userId))?.getTime() ?? 0;
      if (generation === this.generation) this.cache.set(userId, paidUntil);
    }
    // The end date is cached, not the verdict, so a pass ending now ends now, cache or not.
    return paidUntil > now.getTime();
  }
}

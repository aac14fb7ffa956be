// Compares our payments with the provider's records for a period and lists every difference.
import type { Pool } from '@syn/kit';
import type { PaymentProvider, ProviderPayment } from '../domain/provider';
import { PaymentRepository } from '../store/payments';
import { OrderRepository } from '../store/orders';

export type DifferenceKind = 'missing_at_provider' | 'missing_here' | 'status' | 'amount' | 'refund';

export interface Difference {
  kind: DifferenceKind;
  merchantUid: string;
  impUid: string | null;
  ours: string;
  provider: string;
}

export async function reconcile(o: {
  pool: Pool;
  schema: string;
  provider: PaymentProvider;
  from: Date;
  to: Date;
}): Promise<Difference[]> {
  const payments = new PaymentRepository(o.schema);
  const orders = new OrderRepository(o.schema);
  const ours = await payments.paymentsBetween(o.pool, o.from, o.to);
  // A little slack: the provider stamps its own time.
  const theirs = await o.provider.listPayments(
    new Date(o.from.getTime() - 3_600_000),
    new Date(o.to.getTime() + 3_600_000),
  );
  const byImp = new Map<string, ProviderPayment>(theirs.map((p) => [p.impUid, p]));
  const ourMerchantUids = new Set(ours.map((p) => p.merchantUid));
  const diffs: Difference[] = [];
  for (const p of ours) {
    if (!p.impUid) continue; // never reached the provider
    const t = byImp.get(p.impUid) ?? (await o.provider.getPayment(p.impUid));
    const base = { merchantUid: p.merchantUid, impUid: p.impUid };
    if (!t) {
      diffs.push({ ...base, kind: 'missing_at_provider', ours: `${p.status} ${p.amount}`, provider: '-' });
      continue;
    }
    if (t.amount !== p.amount)
      diffs.push({ ...base, kind: 'amount', ours: String(p.amount), provider: String(t.amount) });
    if (t.status !== p.status) diffs.push({ ...base, kind: 'status', ours: p.status, provider: t.status });
    if (t.cancelAmount !== p.refundedAmount)
      diffs.push({ ...base, kind: 'refund', ours: String(p.refundedAmount), provider: String(t.cancelAmount) });
  }
  for (const t of theirs) {
    if ((t.status === 'paid' || t.status === 'cancelled') && !ourMerchantUids.has(t.merchantUid)) {
      const known = await orders.orderByMerchant(o.pool, t.merchantUid);
      if (!known)
        diffs.push({
          kind: 'missing_here',
          merchantUid: t.merchantUid,
          impUid: t.impUid,
          ours: '-',
          provider: `${t.status} ${t.amount}`,
        });
    }
  }
  return diffs;
}

// The card payment provider as the billing rules need it. The real adapter
// (PortOne v1 REST) is src/adapters/portone.ts; local runs use the sandbox.
import type { ProviderStatus } from './status';

export interface ProviderPayment {
  impUid: string;
  merchantUid: string;
  /** Charged, in `currency` units (won, or US dollars for the international wallet). */
  amount: number;
  /**
   * ISO 4217 code the provider charged in (international wallets such as PayPal may charge
   * in another one); null when the provider did not say.
   */
  currency: string | null;
  /** Won refunded so far. */
  cancelAmount: number;
  status: ProviderStatus;
  pg: string | null;
  payMethod: string | null;
  customerUid: string | null;
  failReason: string | null;
  paidAt: Date | null;
}

export interface BillingKey {
  customerUid: string;
  cardName: string | null;
}

export interface CancelRequest {
  impUid: string;
  /** Won to refund. */
  amount: number;
  /** What we believe is still refundable: the provider refuses when it disagrees (no double refund). */
  checksum: number;
  reason: string;
}

export interface ChargeRequest {
  customerUid: string;
  merchantUid: string;
  amount: number;
  name: string;
}

export interface ScheduleRequest {
  customerUid: string;
  merchantUid: string;
  amount: number;
  name: string;
  at: Date;
}

export interface PaymentProvider {
  getPayment(impUid: string): Promise<ProviderPayment | null>;
  findByMerchantUid(merchantUid: string): Promise<ProviderPayment | null>;
  /** Registers the amount a merchant_uid must be paid with (the checkout refuses another amount). */
  prepare(merchantUid: string, amount: number): Promise<void>;
  cancel(req: CancelRequest): Promise<ProviderPayment>;
  getBillingKey(customerUid: string): Promise<BillingKey | null>;
  deleteBillingKey(customerUid: string): Promise<void>;
  /** Charges a billing key; a decline is a payment with status `failed`, not an exception. */
  chargeAgain(req: ChargeRequest): Promise<ProviderPayment>;
  schedule(req: ScheduleRequest): Promise<void>;
  unschedule(customerUid: string, merchantUids?: string[]): Promise<void>;
  /** Payments created in [from, to), for reconciliation. */
  listPayments(from: Date, to: Date): Promise<ProviderPayment[]>;
}

/** The provider answered with an error (code ≠ 0) or could not be reached. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly providerCode: number | null = null,
    readonly httpStatus: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

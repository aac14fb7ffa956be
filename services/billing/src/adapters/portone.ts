// PortOne (I'mport) v1 REST client: the real adapter of PaymentProvider. The same code
// talks to api.iamport.kr and to the local sandbox (deploy/local/portone-sandbox).
import {
  ProviderError,
  type BillingKey,
  type CancelRequest,
  type ChargeRequest,
  type PaymentProvider,
  type ProviderPayment,
  type ScheduleRequest,
} from '../domain/provider';
import type { ProviderStatus } from '../domain/status';

export interface PortOneConfig {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  timeoutMs?: number;
}

interface Envelope<T> {
  code: number;
  message: string | null;
  response: T | null;
}

/** The v1 payment object (the fields we read). */
interface V1Payment {
  imp_uid: string;
  merchant_uid: string;
  amount: number;
  currency?: string | null;
  cancel_amount?: number;
  status: string;
  pg_provider?: string | null;
  pay_method?: string | null;
  customer_uid?: string | null;
  fail_reason?: string | null;
  paid_at?: number;
}

const STATUSES: readonly ProviderStatus[] = ['ready', 'paid', 'failed', 'cancelled'];

function toPayment(p: V1Payment): ProviderPayment {
  const status = STATUSES.find((s) => s === p.status);
  if (!status) throw new ProviderError(`unknown payment status from provider: ${p.status}`);
  if (!Number.isInteger(p.amount)) throw new ProviderError(`non-integer amount from provider: ${p.amount}`);
  return {
    impUid: p.imp_uid,
    merchantUid: p.merchant_uid,
    amount: p.amount,
    currency: typeof p.currency === 'string' && p.currency !== '' ? p.currency.toUpperCase() : null,
    cancelAmount: p.cancel_amount ?? 0,
    status,
    pg: p.pg_provider ?? null,
    payMethod: p.pay_method ?? null,
    customerUid: p.customer_uid ?? null,
    failReason: p.fail_reason ?? null,
    paidAt: p.paid_at ? new Date(p.paid_at * 1000) : null,
  };
}

export class PortOneClient implements PaymentProvider {
  private token: { value: string; expiresAt: number } | null = null;
  private tokenPending: Promise<string> | null = null;

  constructor(private readonly cfg: PortOneConfig) {}

  private async raw<T>(
    method: string,
    path: string,
    body?: unknown,
    auth = true,
  ): Promise<{ status: number; env: Envelope<T> }> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (auth) headers.authorization = await this.accessToken();
    let res: Response;
    try {
      res = await fetch(this.cfg.baseUrl.replace(/\/$/, '') + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.cfg.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new ProviderError(`payment provider unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    let env: Envelope<T>;
    try {
      env = (await res.json()) as Envelope<T>;
    } catch {
      throw new ProviderError(`payment provider answered ${res.status} without JSON`, null, res.status);
    }
    if (res.status === 401 && auth) this.token = null;
    return { status: res.status, env };
  }

  /** Calls the API; `allow404` turns "not found" into null. */
  private async call<T>(method: string, path: string, body?: unknown, allow404 = false): Promise<T | null> {
    let r = await this.raw<T>(method, path, body);
    if (r.status === 401) r = await this.raw<T>(method, path, body); // token expired early: once more
    if (allow404 && r.status === 404) return null;
    if (r.env.code !== 0 || r.env.response === null) {
      throw new ProviderError(r.env.message ?? `provider error ${r.status}`, r.env.code, r.status);
    }
    return r.env.response;
  }

  private async accessToken(): Promise<string> {
    // Refresh a minute early so a request never carries a token that expires on the way.
    if (this.token && this.token.expiresAt - 60_000 > Date.now()) return this.token.value;
    this.tokenPending ??= (async () => {
      try {
        const r = await this.raw<{ access_token: string; expired_at: number; now: number }>(
          'POST',
          '/users/getToken',
          { imp_key: this.cfg.apiKey, imp_secret: this.cfg.apiSecret },
          false,
        );
        if (r.env.code !== 0 || !r.env.response)
          throw new ProviderError(r.env.message ?? 'token refused', r.env.code, r.status);
        const { access_token, expired_at, now } = r.env.response;
        // Provider clocks differ from ours: keep the token for the lifetime it states.
        this.token = { value: access_token, expiresAt: Date.now() + (expired_at - now) * 1000 };
        return access_token;
      } finally {
        this.tokenPending = null;
      }
    })();
    return this.tokenPending;
  }

  async getPayment(impUid: string): Promise<ProviderPayment | null> {
    const p = await this.call<V1Payment>('GET', `/payments/${encodeURIComponent(impUid)}`, undefined, true);
    return p && toPayment(p);
  }

  async findByMerchantUid(merchantUid: string): Promise<ProviderPayment | null> {
    const p = await this.call<V1Payment>('GET', `/payments/find/${encodeURIComponent(merchantUid)}`, undefined, true);
    return p && toPayment(p);
  }

  async prepare(merchantUid: string, amount: number): Promise<void> {
    await this.call('POST', '/payments/prepare', { merchant_uid: merchantUid, amount });
  }

  async cancel(req: CancelRequest): Promise<ProviderPayment> {
    const p = await this.call<V1Payment>('POST', '/payments/cancel', {
      imp_uid: req.impUid,
      amount: req.amount,
      checksum: req.checksum,
      reason: req.reason,
    });
    return toPayment(p!);
  }

  async getBillingKey(customerUid: string): Promise<BillingKey | null> {
    const k = await this.call<{ customer_uid: string; card_name?: string | null }>(
      'GET',
      `/subscribe/customers/${encodeURIComponent(customerUid)}`,
      undefined,
      true,
    );
    return k && { customerUid: k.customer_uid, cardName: k.card_name ?? null };
  }

  async deleteBillingKey(customerUid: string): Promise<void> {
    await this.call('DELETE', `/subscribe/customers/${encodeURIComponent(customerUid)}`, undefined, true);
  }

  async chargeAgain(req: ChargeRequest): Promise<ProviderPayment> {
    const p = await this.call<V1Payment>('POST', '/subscribe/payments/again', {
      customer_uid: req.customerUid,
      merchant_uid: req.merchantUid,
      amount: req.amount,
      name: req.name,
    });
    return toPayment(p!);
  }

  async schedule(req: ScheduleRequest): Promise<void> {
    await this.call('POST', '/subscribe/payments/schedule', {
      customer_uid: req.customerUid,
      schedules: [
        {
          merchant_uid: req.merchantUid,
          schedule_at: Math.floor(req.at.getTime() / 1000),
          amount: req.amount,
          name: req.name,
        },
      ],
    });
  }

  async unschedule(customerUid: string, merchantUids?: string[]): Promise<void> {
    const body: Record<string, unknown> = { customer_uid: customerUid };
    if (merchantUids) body.merchant_uid = merchantUids;
    // Nothing scheduled is not an error for us: the goal state is reached.
    await this.call('POST', '/subscribe/payments/unschedule', body, true);
  }

  async listPayments(from: Date, to: Date): Promise<ProviderPayment[]> {
    const out: ProviderPayment[] = [];
    for (let page = 1; ; page++) {
      const q = `?page=${page}&limit=100&from=${Math.floor(from.getTime() / 1000)}&to=${Math.floor(to.getTime() / 1000)}`;
      const r = await this.call<{ list: V1Payment[]; next: number }>('GET', `/payments/status/all${q}`);
      out.push(...r!.list.map(toPayment));
      if (!r!.next) return out;
    }
  }
}

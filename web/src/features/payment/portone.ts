/**
 * PortOne (I'mport) v1 browser script, loaded at run time from the URL the billing service
 * configures (`GET /api/pay/config`): PortOne's CDN in production, the sandbox locally. Only the
 * documented `IMP.init` / `IMP.request_pay` contract is used, so both behave the same.
 */

/** What `IMP.request_pay` accepts (the subset this app sends). */
export interface RequestPayParams {
  pg: string;
  pay_method: string;
  merchant_uid: string;
  name: string;
  amount: number;
  currency?: string;
  /** Issues a billing key for this customer (the monthly subscription). */
  customer_uid?: string;
  buyer_email?: string;
  /** Mobile browsers leave the page and come back here with imp_uid, merchant_uid, imp_success. */
  m_redirect_url?: string;
}

/** PortOne's callback argument. */
export interface RequestPayResponse {
  success: boolean;
  imp_uid: string | null;
  merchant_uid: string;
  error_code?: string | null;
  error_msg?: string | null;
}

interface Imp {
  init(code: string): void;
  request_pay(params: RequestPayParams, callback: (rsp: RequestPayResponse) => void): void;
}

declare global {
  interface Window {
    IMP?: Imp;
  }
}

const loading = new Map<string, Promise<Imp>>();

/** Adds the script once per URL and resolves with `window.IMP`, initialised with the merchant code. */
export function loadImp(scriptUrl: string, impCode: string): Promise<Imp> {
  let pending = loading.get(scriptUrl);
  if (!pending) {
    pending = new Promise<Imp>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = scriptUrl;
      script.async = true;
      script.onload = () => (window.IMP ? resolve(window.IMP) : reject(new Error('IMP is missing')));
      script.onerror = () => {
        loading.delete(scriptUrl);
        script.remove();
        reject(new Error(`could not load ${scriptUrl}`));
      };
      document.head.appendChild(script);
    });
    loading.set(scriptUrl, pending);
  }
  return pending.then((imp) => {
    imp.init(impCode);
    return imp;
  });
}

export function requestPay(imp: Imp, params: RequestPayParams): Promise<RequestPayResponse> {
  return new Promise((resolve) => imp.request_pay(params, resolve));
}

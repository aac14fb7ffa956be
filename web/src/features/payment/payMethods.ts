/**
 * Payment methods of spec §9 and what PortOne v1 is told for each (`pg`, `pay_method`).
 * Dependency-free so unit tests can import it.
 */
export interface PayMethod {
  id: string;
  label: string;
  pg: string;
  payMethod: string;
  /** Charged in another currency: the won amount is converted (see `checkoutAmount`). */
  currency?: 'USD';
}

export const PAY_METHODS: readonly PayMethod[] = [
  { id: 'card', label: '신용카드', pg: 'html5_inicis', payMethod: 'card' },
  { id: 'kakaopay', label: '카카오페이', pg: 'kakaopay', payMethod: 'card' },
  { id: 'tosspay', label: '토스페이', pg: 'tosspay', payMethod: 'card' },
  { id: 'paypal', label: '페이팔 (PayPal)', pg: 'paypal', payMethod: 'card', currency: 'USD' },
  { id: 'samsung', label: '삼성페이', pg: 'html5_inicis', payMethod: 'samsung' },
  { id: 'phone', label: '휴대폰 소액결제', pg: 'danal', payMethod: 'phone' },
];

/** The monthly subscription (spec §3: ITEM_ID 6) renews with a card billing key. */
export const SUBSCRIPTION_ITEM_ID = 6;
/** Billing keys are issued for cards only. */
export const SUBSCRIPTION_METHOD_IDS: readonly string[] = ['card'];

export function payMethodById(id: string): PayMethod | undefined {
  return PAY_METHODS.find((m) => m.id === id);
}

/** Spec §9: the international wallet is charged the won amount divided by 1000, rounded up. */
export function checkoutAmount(amount: number, method: PayMethod): number {
  return method.currency === 'USD' ? Math.ceil(amount / 1000) : amount;
}

/** `3800` → `3,800원`. */
export function won(amount: number): string {
  return `${amount.toLocaleString('ko-KR')}원`;
}

/** Usage status words (spec §4). */
export const USAGE_WORDS: Record<string, string> = {
  START: '사용중',
  LOCK: '일시정지',
  EXPIRED: '만료',
  STANDBY: '대기',
  CANCEL: '취소',
  FAIL: '실패',
};

/** Order status words (spec §3 SUCCESS, STANDBY, FAIL, CANCEL). */
export const ORDER_WORDS: Record<string, string> = {
  SUCCESS: '주문완료',
  STANDBY: '주문대기',
  FAIL: '주문실패',
  CANCEL: '주문취소',
};

export const usageWord = (status: string | null | undefined) => (status ? (USAGE_WORDS[status] ?? status) : '-');
export const orderWord = (status: string | null | undefined) => (status ? (ORDER_WORDS[status] ?? status) : '-');

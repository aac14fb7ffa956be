import { PassStatus } from '@syn/proto';

/** Usage status (spec §3), stored as these words. */
export type PassState = 'START' | 'STANDBY' | 'FAIL' | 'CANCEL' | 'EXPIRED' | 'LOCK';
/** Order status (spec §3). */
export type OrderState = 'SUCCESS' | 'STANDBY' | 'FAIL' | 'CANCEL';
/** The provider's payment status (PortOne v1 words). */
export type ProviderStatus = 'ready' | 'paid' | 'failed' | 'cancelled';
export type SubscriptionState = 'STANDBY' | 'START' | 'CANCEL' | 'LOCK' | 'FAIL';

export const PASS_STATUS: Record<PassState, PassStatus> = {
  START: PassStatus.START,
  STANDBY: PassStatus.STANDBY,
  FAIL: PassStatus.FAIL,
  CANCEL: PassStatus.CANCEL,
  EXPIRED: PassStatus.EXPIRED,
  LOCK: PassStatus.LOCK,
};

/** Payment status words shown to people (spec §3: completed, pending, failed, cancelled). */
export const PAYMENT_WORDS: Record<ProviderStatus, string> = {
  paid: '결제완료',
  ready: '결제대기',
  failed: '결제실패',
  cancelled: '결제취소',
};

/** REFUND column value that blocks another refund (spec §4, §8). */
export const REFUND_DONE = '환불완료';

/**
 * The failure recorded for a checkout nobody paid within the checkout's time (the member closed
 * the payment window): shown to administrators, and such an order leaves the member's history.
 */
export const CHECKOUT_EXPIRED = '결제가 완료되지 않은 채 시간이 지나 주문이 만료되었습니다.';

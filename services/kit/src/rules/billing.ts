import { z } from 'zod';

// Spec §5 purchase / cancel / new order, spec §8 refund messages. Used by the
// payment and admin screens and by the billing service.

export const BILLING_MESSAGES = {
  passInUse: '현재 이용중인 이용권이 있습니다. 이용 기간이 끝난 후 결제해 주세요.',
  payMethodRequired: '결제 수단을 선택해 주세요.',
  agreementRequired: '주문 내용을 확인하고 결제 진행에 동의해 주세요.',
  newOrderTypeRequired: '등록할 상품을 선택해 주세요.',
  alreadyRefunded: '이미 환불된 결제입니다.',
  paymentNotFound: '결제 정보를 찾을 수 없습니다.',
  subscriptionRefunded: '구독 해지 및 환불이 완료되었습니다.',
  refunded: '환불이 완료되었습니다.',
  processingError: '오류로 인해 처리할 수 없습니다.',
  recurringUnavailable: '정기 결제를 이용할 수 없는 카드입니다. 다른 카드를 이용해 주세요.',
  paymentFailed: '결제에 실패하였습니다. 다른 카드를 이용해 주세요.',
  subscriptionCancelFailed: '구독 해지 중 문제가 발생하였습니다. 다시 시도하시거나 고객센터로 문의해 주세요.',
  amountMismatch: '결제 금액이 일치하지 않습니다.',
  productNotFound: '상품 정보가 올바르지 않습니다.',
  orderRequired: '주문 정보가 올바르지 않습니다.',
  userRequired: '사용자 정보가 올바르지 않습니다.',
  subscriptionNotFound: '구독 정보를 찾을 수 없습니다.',
  subscriptionCancelled: '정기 결제가 해지되었습니다. 이용 기간 종료일까지 서비스를 이용하실 수 있습니다.',
  subscriptionStarted: '정기 결제가 시작되었습니다.',
  refundWindowPassed: '결제 후 7일이 지난 결제는 직접 취소할 수 없습니다. 고객센터로 문의해 주세요.',
  orderRegistered: '주문이 등록되었습니다.',
  // Admin payment rows of a member who withdrew (their name and email were erased).
  withdrawnMember: '탈퇴 회원',
  // Auto-renewal switched on and off (POST /api/used/onOff) and the move to the free grade (downgrade).
  onOffInvalid: '자동 결제 설정(onOff)은 ON 또는 OFF로 보내 주세요.',
  autoRenewAlreadyOn: '이미 정기 결제가 자동으로 갱신되고 있습니다.',
  autoRenewUnavailable: '다시 켤 수 있는 정기 결제가 없습니다. 이용 기간이 끝난 뒤에는 새로 결제해 주세요.',
  autoRenewOffReason: '회원이 자동 결제를 끔',
  downgradeReason: '무료 회원으로 전환 요청',
} as const;

/** Auto-renewal is on again: when the next charge comes (YYYY-MM-DD; no particle follows the date). */
export function autoRenewOnMessage(nextPayDate: string): string {
  return `자동 결제가 다시 설정되었습니다. 다음 정기 결제일은 ${nextPayDate}입니다.`;
}

/** The subscription stops renewing; the member becomes a free member when the paid days end. */
export function downgradeMessage(endDate: string | null): string {
  return endDate
    ? `정기 결제가 해지되었습니다. 이용 기간이 끝나는 ${endDate}까지 지금처럼 이용하시고, 그 뒤에는 무료 회원으로 이용하시게 됩니다.`
    : '정기 결제가 해지되어 무료 회원으로 이용하시게 됩니다.';
}

/** POST /api/used/onOff: ON or OFF (also true/false, in any case), as the spec's clients may send it. */
export const onOffValue = z.preprocess(
  (v) => (typeof v === 'boolean' ? (v ? 'ON' : 'OFF') : typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum(['ON', 'OFF'], { message: BILLING_MESSAGES.onOffInvalid }),
);

/** Purchase screen (spec §5): a payment method and the purchase agreement are required. */
export const purchaseForm = z.object({
  payMethod: z
    .string({ message: BILLING_MESSAGES.payMethodRequired })
    .min(1, { message: BILLING_MESSAGES.payMethodRequired }),
  agreed: z.literal(true, { message: BILLING_MESSAGES.agreementRequired }),
});

/** Admin new order (spec §5): the order type (product id) must be above 0. */
export const newOrderType = z.coerce
  .number({ message: BILLING_MESSAGES.newOrderTypeRequired })
  .int({ message: BILLING_MESSAGES.newOrderTypeRequired })
  .gt(0, { message: BILLING_MESSAGES.newOrderTypeRequired });

/** Cancel a payment or a subscription: the reason is optional (spec §5). */
export const cancelReason = z.string().trim().max(500).optional();

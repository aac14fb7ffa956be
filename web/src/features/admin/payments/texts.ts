// Administrator payment texts (spec §8 administrator side, in Korean).
export const ADMIN_PAYMENT_TEXTS = {
  paymentLoadError: '결제 정보를 불러오는 중에 오류가 발생하였습니다. 다시 시도해 주세요.',
  orderLoadError: '주문 정보를 불러오는 중에 오류가 발생하였습니다. 다시 시도해 주세요.',
  noPayments: '결제 정보가 존재하지 않습니다.',
  noOrders: '주문 정보가 존재하지 않습니다.',
  /** Spec §9 refund reason text. */
  refundReason: '사용자 요청에 의한 환불',
  refundConfirm: '이 결제를 환불하시겠습니까?',
  noPlan: '현재 이용 중인 상품이 없습니다.',
} as const;

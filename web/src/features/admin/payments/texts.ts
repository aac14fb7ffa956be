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
  /** A payment whose order still waits (STANDBY): the provider is asked again. */
  recheck: '결제 재확인',
  recheckNote:
    '주문이 대기 상태로 남은 결제입니다. ‘결제 재확인’을 누르면 결제 대행사에 결제 상태를 다시 조회하여, 결제가 완료되었으면 주문을 완료하고 이용권을 지급합니다.',
  recheckPaid: '결제가 확인되어 주문이 완료되었습니다.',
  recheckPending: '결제가 아직 완료되지 않았습니다. 잠시 후 다시 확인해 주세요.',
} as const;

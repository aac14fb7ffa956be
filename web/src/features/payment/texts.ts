// Korean texts of the payment screens not already in @syn/kit/rules (spec §8 member toasts).
export const PAYMENT_TEXTS = {
  loadError: '데이터를 불러오는 중에 오류가 발생하였습니다. 다시 시도해 주세요.',
  productRequired: '구매할 상품을 선택해 주세요.',
  paid: '결제가 완료되었습니다.',
  scriptError: '결제 모듈을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.',
  cancelled: '결제가 취소되었습니다.',
  noPayments: '결제 정보가 없습니다.',
  noUsage: '이용 내역이 없습니다.',
  subscriptionOnlyCard: '정기 결제는 신용카드로만 이용할 수 있습니다.',
  checking: '결제 결과를 확인하고 있습니다…',
  badRedirect: '결제 정보가 올바르지 않습니다. 결제 내역을 확인해 주세요.',
} as const;

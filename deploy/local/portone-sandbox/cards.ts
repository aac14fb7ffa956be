// Documented test cards (README.md). Card numbers are compared without dashes or spaces.

export type CardBehaviour = 'approve' | 'decline' | 'decline-renewals' | 'decline-once-on-renewal';

export const TEST_CARDS: Record<string, { behaviour: CardBehaviour; label: string }> = {
  '4242424242424242': { behaviour: 'approve', label: '항상 승인' },
  '4000000000000002': { behaviour: 'decline', label: '항상 거절 (한도 초과)' },
  '4000000000000341': { behaviour: 'decline-renewals', label: '첫 결제 승인, 이후 정기 결제 거절' },
  '4000000000000077': { behaviour: 'decline-once-on-renewal', label: '정기 결제가 한 번 거절된 뒤 재시도에 승인' },
};

export const DECLINE_MESSAGE = '카드사 승인 거절: 한도가 초과되었습니다.';

export function normaliseCard(n: string): string {
  return n.replace(/[\s-]/g, '');
}

/** Unknown 16-digit numbers are approved; anything else is not a card. */
export function behaviourOf(card: string): CardBehaviour | null {
  const n = normaliseCard(card);
  const known = TEST_CARDS[n];
  if (known) return known.behaviour;
  return /^\d{15,16}$/.test(n) ? 'approve' : null;
}

/** Does the `chargeIndex`-th charge (0 = first) on a billing key with this card succeed? */
export function approves(b: CardBehaviour, chargeIndex: number): boolean {
  switch (b) {
    case 'approve':
      return true;
    case 'decline':
      return false;
    case 'decline-renewals':
      return chargeIndex === 0;
    case 'decline-once-on-renewal':
      return chargeIndex !== 1;
  }
}

export function maskCard(card: string): string {
  const n = normaliseCard(card);
  return `${n.slice(0, 4)}-****-****-${n.slice(-4)}`;
}

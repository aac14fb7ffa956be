// The five callers of the permission matrix and what each request is made from.
import { ANONYMOUS_USER_ID, type OtherMember, type RouteContext } from '../routes';
import type { Member, MemberData } from './members';

export type CallerName = 'anonymous' | 'free' | 'other' | 'paid' | 'admin';
export const CALLERS: readonly CallerName[] = ['anonymous', 'free', 'other', 'paid', 'admin'];

export interface World {
  baseUrl: string;
  sandboxUrl: string;
  admin: Member;
  /** Free member A. */
  free: Member;
  /** Another free member B: the victim of every other caller's requests. */
  other: Member;
  /** Paid member P (a pass bought through the PortOne sandbox). */
  paid: Member;
  data: { free: MemberData; other: MemberData };
  /** P's paid one-off order. */
  paidMerchantUid: string;
  /** A headword with more words in some category than a free member may see. */
  headword: { id: number; word: string; hanja: string };
  /** A one-character hanja present in the dictionary. */
  hanjaChar: string;
}

export const memberOf = (w: World, c: CallerName): Member | null => (c === 'anonymous' ? null : w[c]);

/** Whose data a caller's requests name: B's for everyone except B, who names A's. */
export function victimOf(c: CallerName): 'free' | 'other' {
  return c === 'other' ? 'free' : 'other';
}

function otherMember(m: Member, d: MemberData): OtherMember {
  return {
    userId: m.id,
    email: m.email,
    itemId: d.itemIds[0]!,
    couponId: d.couponId,
    couponCode: d.couponCode,
    couponGroupId: d.couponGroupId,
    merchantUid: d.standbyMerchantUid,
    customerUid: d.customerUid,
  };
}

const ymd = (d: Date) => d.toISOString().slice(0, 10);

export function contextFor(w: World, c: CallerName, unique: string): RouteContext {
  const me = memberOf(w, c);
  const v = victimOf(c);
  const now = new Date();
  return {
    userId: me?.id ?? ANONYMOUS_USER_ID,
    email: me?.email ?? `anonymous.${unique}@example.com`,
    password: me?.password ?? 'anonymous-pass-1',
    thirdUserId: (c === 'free' || c === 'other' ? w.paid : w.free).id,
    headwordId: w.headword.id,
    word: w.headword.word,
    hanja: w.hanjaChar,
    other: otherMember(w[v], w.data[v]),
    startDate: ymd(new Date(now.getTime() - 5 * 86_400_000)),
    endDate: ymd(now),
    unique,
  };
}

// Referral credit (spec §9 rewards at 5, 10 and 20 recommended members), judged when the new member
// first proves their mail address — never at join, when anyone can name any address. What a
// payments team expects of a reward scheme, and what this module decides:
// - a person is credited once, ever: the phone number and the mailbox (plus-tags and Gmail dots
//   removed) each credit one referral for the life of the service, withdrawal and rejoin included;
// - nobody refers themselves: not the same member, nor the recommender's own phone or mailbox;
// - a new member is a new person: a phone number an earlier confirmed member gave does not count;
// - only an active, confirmed recommender earns;
// - a recommender earns at most a daily number of credits, so a farm of fresh mailboxes is slow.
import { createHmac } from 'node:crypto';

/** Why a confirmation did or did not credit its recommender (UserConfirmed.referral). */
export type ReferralVerdict =
  | 'counted'
  | 'none'
  | 'self'
  | 'same-person'
  | 'existing-member'
  | 'already-credited'
  | 'recommender-inactive'
  | 'daily-limit';

/** Digits of a Korean phone number as dialled at home: +82 10… and 010… are one number. */
export function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.startsWith('82') && digits.length >= 11 ? `0${digits.slice(2)}` : digits;
}

const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/** One mailbox, however written: case, a `+tag` of the local part, and Gmail's ignored dots. */
export function canonicalMailbox(email: string): string {
  const [localPart = '', domainPart = ''] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  let local = localPart.split('+')[0] ?? '';
  let domain = domainPart;
  if (GMAIL.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/**
 * Keys the credit ledger stores instead of the number and address: a keyed hash (the account
 * service's secret), so the ledger outlives a withdrawal without keeping readable personal data.
 */
export function personKeys(
  secret: string,
  person: { phone: string; email: string },
): { phone: string; mailbox: string } {
  const mac = (kind: string, value: string) => createHmac('sha256', secret).update(`${kind}:${value}`).digest('hex');
  return {
    phone: mac('referral-phone', phoneDigits(person.phone)),
    mailbox: mac('referral-mailbox', canonicalMailbox(person.email)),
  };
}

export interface ReferralFacts {
  memberId: number;
  /** 0 when the member named nobody. */
  recommenderId: number;
  member: { phone: string; email: string };
  /** null when the recommender no longer exists. */
  recommender: { phone: string; email: string; active: boolean; confirmed: boolean } | null;
  /** An earlier, confirmed and still active member gave the same phone number. */
  phoneOfEarlierMember: boolean;
  /** Credits the recommender earned in the last day. */
  creditsToday: number;
  dailyLimit: number;
}

/**
 * The verdict before the ledger is asked: 'counted' means "credit it if neither the phone nor the
 * mailbox was credited before" (the ledger's unique keys decide that, race-free).
 */
export function judgeReferral(f: ReferralFacts): ReferralVerdict {
  if (!(f.recommenderId > 0)) return 'none';
  if (f.recommenderId === f.memberId) return 'self';
  if (!f.recommender || !f.recommender.active || !f.recommender.confirmed) return 'recommender-inactive';
  const phone = phoneDigits(f.member.phone);
  if (
    (phone !== '' && phone === phoneDigits(f.recommender.phone)) ||
    canonicalMailbox(f.member.email) === canonicalMailbox(f.recommender.email)
  ) {
    return 'same-person';
  }
  if (f.phoneOfEarlierMember) return 'existing-member';
  if (f.creditsToday >= f.dailyLimit) return 'daily-limit';
  return 'counted';
}

// Coupon codes: random, unguessable and unique. 16 symbols of Crockford base32 drawn from
// the CSPRNG = 80 random bits each (a guess succeeds with odds ~ codes issued / 2^80);
// the table's unique index turns the astronomically rare collision into a retry.
import { randomBytes } from 'node:crypto';

/** Crockford base32: no I, L, O, U, so a code read aloud or typed is not ambiguous. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const COUPON_CODE_BITS = 80;
const SYMBOLS = COUPON_CODE_BITS / 5;

/** `XXXX-XXXX-XXXX-XXXX`: 10 random bytes, 5 bits per symbol. */
export function newCouponCode(): string {
  const bytes = randomBytes(COUPON_CODE_BITS / 8);
  let acc = 0n;
  for (const b of bytes) acc = (acc << 8n) | BigInt(b);
  let out = '';
  for (let i = SYMBOLS - 1; i >= 0; i--) {
    out += ALPHABET[Number((acc >> BigInt(i * 5)) & 31n)];
    if (i % 4 === 0 && i > 0) out += '-';
  }
  return out;
}

export const COUPON_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;

/** Codes as typed by a member: case and dashes do not matter. */
export function normaliseCouponCode(input: string): string {
  const s = input.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return s.length === SYMBOLS ? (s.match(/.{4}/g) ?? []).join('-') : input.trim().toUpperCase();
}

// How other members appear in a member's recipient search (coupon gift): enough to
// recognise a friend, not enough to harvest addresses.

/** `abcdef@example.com` → `ab***@example.com`; a one-letter local part keeps that letter only. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  return `${[...local].slice(0, Math.min(2, local.length - 1 || 1)).join('')}***${email.slice(at)}`;
}

/** `김민수` → `김*수`, `이순` → `이*`, `남궁민수` → `남**수`. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length === 0) return '';
  if (chars.length === 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

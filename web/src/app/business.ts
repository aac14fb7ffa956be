/**
 * The footer's business details (spec §1: contact and business registration details). The
 * spec does not give them, and invented ones would mislead, so they come from the build's
 * environment (`VITE_BUSINESS_*`); a line whose values are not configured is not shown.
 * Dependency-free (no `import.meta`) so unit tests can import it.
 */

export interface BusinessEnv {
  VITE_BUSINESS_NAME?: string;
  VITE_BUSINESS_REPRESENTATIVE?: string;
  VITE_BUSINESS_REGISTRATION_NUMBER?: string;
  VITE_BUSINESS_MAIL_ORDER_NUMBER?: string;
  VITE_BUSINESS_ADDRESS?: string;
  VITE_BUSINESS_PHONE?: string;
  VITE_BUSINESS_EMAIL?: string;
  VITE_BUSINESS_HOURS?: string;
}

/** One footer line: labelled parts joined by " · ". */
export type FooterPart =
  | { kind: 'text'; label?: string; value: string; strong?: boolean }
  | { kind: 'link'; label?: string; value: string; href: string };

const clean = (v: string | undefined): string | null => {
  const t = v?.trim();
  return t ? t : null;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The lines to show, in order; empty when nothing is configured. */
export function businessLines(env: BusinessEnv): FooterPart[][] {
  const name = clean(env.VITE_BUSINESS_NAME);
  const representative = clean(env.VITE_BUSINESS_REPRESENTATIVE);
  const registration = clean(env.VITE_BUSINESS_REGISTRATION_NUMBER);
  const mailOrder = clean(env.VITE_BUSINESS_MAIL_ORDER_NUMBER);
  const address = clean(env.VITE_BUSINESS_ADDRESS);
  const phone = clean(env.VITE_BUSINESS_PHONE);
  const email = clean(env.VITE_BUSINESS_EMAIL);
  const hours = clean(env.VITE_BUSINESS_HOURS);

  const lines: FooterPart[][] = [
    [
      ...(name ? [{ kind: 'text' as const, value: name, strong: true }] : []),
      ...(representative ? [{ kind: 'text' as const, label: '대표', value: representative }] : []),
    ],
    [
      ...(registration ? [{ kind: 'text' as const, label: '사업자등록번호', value: registration }] : []),
      ...(mailOrder ? [{ kind: 'text' as const, label: '통신판매업신고', value: mailOrder }] : []),
    ],
    address ? [{ kind: 'text', value: address }] : [],
    [
      // tel: takes digits and '+' only; the text keeps the configured form.
      ...(phone
        ? [{ kind: 'link' as const, label: '고객센터', value: phone, href: `tel:${phone.replace(/[^\d+]/g, '')}` }]
        : []),
      ...(email && EMAIL.test(email) ? [{ kind: 'link' as const, value: email, href: `mailto:${email}` }] : []),
    ],
    hours ? [{ kind: 'text', value: hours }] : [],
  ];
  return lines.filter((l) => l.length > 0);
}

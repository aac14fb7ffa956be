/**
 * The seller's identity and contacts (spec §1: the footer's contact and business registration
 * details; Korean e-commerce law also wants them on the purchase page) and the privacy officer.
 * They are the gateway's runtime configuration, served at GET /site.json (gateway/src/config.ts),
 * so one build serves any deployment. This module is the pure part: the shape, a reader that
 * never trusts the answer's shape, and the footer lines. Dependency-free so unit tests can import it.
 */

export const SITE_INFO_PATH = '/site.json';

export interface BusinessInfo {
  name: string;
  representative: string;
  registrationNumber: string;
  mailOrderNumber: string;
  address: string;
  phone: string;
  email: string;
  hours: string;
}

export interface PrivacyOfficer {
  name: string;
  email: string;
}

export interface SiteInfo {
  business: BusinessInfo;
  privacyOfficer: PrivacyOfficer;
  /** Who processes members' data for the service (named in the privacy policy). */
  privacyTrustees: { payment: string; mail: string };
  /** Host pages that may receive the login status (embed.ts). */
  embedParentOrigins: string[];
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function text(from: Record<string, unknown>, key: string): string {
  const value = from[key];
  return typeof value === 'string' ? value.trim() : '';
}

/** The /site.json answer as SiteInfo; null when it is not an object. A missing detail reads as ''. */
export function readSiteInfo(value: unknown): SiteInfo | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const root = value as Record<string, unknown>;
  const business = record(root.business);
  const officer = record(root.privacyOfficer);
  const trustees = record(root.privacyTrustees);
  const origins = Array.isArray(root.embedParentOrigins) ? root.embedParentOrigins : [];
  return {
    business: {
      name: text(business, 'name'),
      representative: text(business, 'representative'),
      registrationNumber: text(business, 'registrationNumber'),
      mailOrderNumber: text(business, 'mailOrderNumber'),
      address: text(business, 'address'),
      phone: text(business, 'phone'),
      email: text(business, 'email'),
      hours: text(business, 'hours'),
    },
    privacyOfficer: { name: text(officer, 'name'), email: text(officer, 'email') },
    privacyTrustees: { payment: text(trustees, 'payment'), mail: text(trustees, 'mail') },
    embedParentOrigins: origins.filter((origin): origin is string => typeof origin === 'string'),
  };
}

/** One footer line: labelled parts joined by " · ". */
export type FooterPart =
  { kind: 'text'; label: string; value: string } | { kind: 'link'; label: string; value: string; href: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** tel: takes digits and '+' only; the text keeps the configured form. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}

/** The lines to show, in the order Korean sites use; a detail that is not known is left out. */
export function businessLines(business: Partial<BusinessInfo> | null | undefined): FooterPart[][] {
  const get = (key: keyof BusinessInfo): string => business?.[key]?.trim() ?? '';
  const part = (label: string, value: string): FooterPart[] => (value ? [{ kind: 'text', label, value }] : []);
  const phone = get('phone');
  const email = get('email');
  const lines: FooterPart[][] = [
    [...part('상호', get('name')), ...part('대표자', get('representative'))],
    [...part('사업자등록번호', get('registrationNumber')), ...part('통신판매업 신고번호', get('mailOrderNumber'))],
    part('주소', get('address')),
    [
      ...(phone ? [{ kind: 'link' as const, label: '고객센터', value: phone, href: telHref(phone) }] : []),
      ...(isEmail(email) ? [{ kind: 'link' as const, label: '이메일', value: email, href: `mailto:${email}` }] : []),
    ],
    part('운영 시간', get('hours')),
  ];
  return lines.filter((line) => line.length > 0);
}

// GET /site.json: what the web app must show about the seller (footer, purchase page, privacy
// policy) and where it may post the login status, read from the gateway's environment at start-up
// (config.ts) so one image serves any deployment. Revalidated on every load: a change of address
// or officer shows after a restart, not after a cache expires.
import type { RequestHandler } from 'express';

export const SITE_PATH = '/site.json';

/** The seller's identity and contacts (전자상거래법 §10, §13: shown before a purchase). */
export interface BusinessInfo {
  /** 상호 */
  name: string;
  /** 대표자 */
  representative: string;
  /** 사업자등록번호, 000-00-00000 */
  registrationNumber: string;
  /** 통신판매업 신고번호 */
  mailOrderNumber: string;
  /** 주소 */
  address: string;
  /** 고객센터 전화 */
  phone: string;
  /** 고객센터 이메일 */
  email: string;
  /** 운영 시간 */
  hours: string;
}

export interface SiteInfo {
  business: BusinessInfo;
  /** 개인정보 보호책임자 (개인정보 보호법 §31) */
  privacyOfficer: { name: string; email: string };
  /** 개인정보 처리 수탁자 (개인정보 보호법 §26): the payment processors and the mail sender, by name. */
  privacyTrustees: { payment: string; mail: string };
  /** Host-page origins that may receive the login status (web app/embed.ts). */
  embedParentOrigins: string[];
}

const text = { type: 'string', minLength: 1 } as const;

/** JSON schema of the plugin setting (express-gateway validates settings before init()). */
export const siteInfoSchema = {
  type: 'object',
  properties: {
    business: {
      type: 'object',
      properties: {
        name: text,
        representative: text,
        registrationNumber: text,
        mailOrderNumber: text,
        address: text,
        phone: text,
        email: text,
        hours: text,
      },
      required: [
        'name',
        'representative',
        'registrationNumber',
        'mailOrderNumber',
        'address',
        'phone',
        'email',
        'hours',
      ],
    },
    privacyOfficer: {
      type: 'object',
      properties: { name: text, email: text },
      required: ['name', 'email'],
    },
    privacyTrustees: {
      type: 'object',
      properties: { payment: text, mail: text },
      required: ['payment', 'mail'],
    },
    embedParentOrigins: { type: 'array', items: { type: 'string' } },
  },
  required: ['business', 'privacyOfficer', 'privacyTrustees', 'embedParentOrigins'],
} as const;

export function siteInfo(site: SiteInfo): RequestHandler {
  const body = JSON.stringify(site);
  return (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('json').send(body);
  };
}

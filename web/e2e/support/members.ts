// Members for browser tests, made through the API of the running stack: a JSON call, the links the
// account service mails (maildev's REST inbox), and a verified member (join + confirmation link).
import { randomBytes } from 'node:crypto';

const MAIL_WEB = process.env.MAIL_WEB_URL ?? process.env.MAILDEV_URL ?? 'http://127.0.0.1:1080';

export interface JsonReply {
  status: number;
  body: Record<string, unknown>;
}

/** POST `body` as JSON to the gateway, without a cookie. */
export async function postJson(baseUrl: string, path: string, body: unknown): Promise<JsonReply> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** POST as JSON with the session cookie `cookie`; answers the session cookie the reply set, else the one sent. */
export async function postJsonWithSession(
  baseUrl: string,
  path: string,
  body: unknown,
  cookie = '',
): Promise<JsonReply & { cookie: string }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
    cookie: sid ? sid.slice(0, sid.indexOf(';')) : cookie,
  };
}

export const newEmail = (tag: string) => `${tag}.${randomBytes(5).toString('hex')}@example.com`;

interface MailDevMail {
  text?: string;
  time: string;
  to: Array<{ address: string }>;
}

/** Path and query of the newest `page` link mailed to `address`, waiting for it (20 s). */
export async function mailedLink(address: string, page: 'confirmEmail' | 'changePwByMail'): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${MAIL_WEB}/email`);
    const mails = ((await res.json()) as MailDevMail[])
      .filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()))
      .sort((a, b) => Date.parse(b.time) - Date.parse(a.time));
    for (const mail of mails) {
      const found = new RegExp(`https?://\\S+/${page}\\?\\S+`).exec(mail.text ?? '');
      if (found) {
        const url = new URL(found[0]);
        return `${url.pathname}${url.search}`;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${page} mail to ${address}`);
}

/** Joins as the join form does (a member who has not confirmed their email yet). */
export function joinMember(
  baseUrl: string,
  { name, email, password, phone = '01012345678' }: { name: string; email: string; password: string; phone?: string },
): Promise<JsonReply> {
  return postJson(baseUrl, '/api/user/join', {
    name,
    email,
    phone,
    password,
    passwordConfirm: password,
    agreePrivacy: true,
    agreeTerms: true,
    recommendType: 'NORMAL',
  });
}

/** Confirms `email` with the confirmation link the account service mailed to it. */
export async function confirmMailed(baseUrl: string, email: string): Promise<JsonReply> {
  const link = new URL(await mailedLink(email, 'confirmEmail'), baseUrl);
  return postJson(baseUrl, '/api/user/confirm', {
    secretId: link.searchParams.get('id'),
    secretKey: link.searchParams.get('key'),
  });
}

/** A member made through the API (join + the mailed confirmation link), ready to sign in. */
export async function verifiedMember(
  baseUrl: string,
  tag: string,
  { name = '이가람', password = 'first pass 1', email = newEmail(tag) } = {},
): Promise<{ email: string; password: string }> {
  const joined = await joinMember(baseUrl, { name, email, password, phone: '01098765432' });
  if (joined.status !== 200) throw new Error(`join ${email}: ${joined.status} ${JSON.stringify(joined.body)}`);
  const confirmed = await confirmMailed(baseUrl, email);
  if (confirmed.status !== 200) throw new Error(`confirm ${email}: ${confirmed.status}`);
  return { email, password };
}

// Trust between the gateway and the services. The gateway decides who a caller is and says so in
// `x-user-*` headers; a service believes them only when they carry a fresh HMAC signature made with
// the secret the gateway and the services share. A service calling another service's /internal
// route signs the same way under its own name. Kept free of heavy imports so the gateway can load
// it alone through `@syn/kit/identity`.
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  DEVICE_KEY_HEADER,
  DEVICE_STATE_HEADER,
  SESSION_HASH_HEADER,
  USER_GRADE_HEADER,
  USER_ID_HEADER,
} from './session';

export const IDENTITY_SIGNATURE_HEADER = 'x-identity-signature';

/**
 * The gateway's number for one client request (express-gateway's name), the same on every replica
 * it is sent to. Not signed: it names a request, not a caller, and is only used with the signed ones.
 */
export const REQUEST_ID_HEADER = 'eg-request-id';

const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'] as const;

/**
 * The headers a signature covers, in order: who, which device state, which session, and the
 * client address, scheme and host the gateway saw (per-address limits and mail links rely on them).
 */
export const SIGNED_HEADERS = [
  USER_ID_HEADER,
  USER_GRADE_HEADER,
  DEVICE_KEY_HEADER,
  DEVICE_STATE_HEADER,
  SESSION_HASH_HEADER,
  ...FORWARDED_HEADERS,
] as const;

/** Every header a signature vouches for; a request without a valid signature has them removed. */
export const TRUSTED_HEADERS: readonly string[] = SIGNED_HEADERS;

/** A signature is good this long after it was made: enough for a proxied hop, too short to keep. */
export const IDENTITY_SIGNATURE_TTL_MS = 30_000;
/** Clocks of two containers may differ a little; a signature from further in the future is refused. */
const CLOCK_SKEW_MS = 5_000;

/**
 * The shared secret of development and test stacks, where every process runs on one machine's
 * loopback. Production refuses it (each service's config requires its own IDENTITY_SECRET).
 */
export const DEVELOPMENT_IDENTITY_SECRET = 'development-and-test-only-identity-secret-0000';

/** The issuer the gateway signs as; services sign as their own name. */
export const GATEWAY_ISSUER = 'gateway';
const ISSUER = /^[a-z][a-z0-9-]{0,31}$/;

export type HeaderBag = Record<string, string | string[] | undefined>;

function headerValue(headers: HeaderBag, name: string): string {
  const v = headers[name];
  return (Array.isArray(v) ? v.join(',') : v) ?? '';
}

/** The request target a signature is bound to: method and path, without the query string. */
function target(method: string, url: string): string {
  const q = url.indexOf('?');
  return `${method.toUpperCase()} ${q === -1 ? url : url.slice(0, q)}`;
}

function mac(secret: string, issuer: string, expires: number, method: string, url: string, headers: HeaderBag) {
  const lines = [
    'v1',
    issuer,
    String(expires),
    target(method, url),
    ...SIGNED_HEADERS.map((n) => headerValue(headers, n)),
  ];
  return createHmac('sha256', secret).update(lines.join('\n')).digest('base64url');
}

/** The value of `x-identity-signature` for a request with these headers: `v1.<issuer>.<expires>.<mac>`. */
export function signIdentity(
  secret: string,
  issuer: string,
  method: string,
  url: string,
  headers: HeaderBag,
  now = Date.now(),
): string {
  if (!ISSUER.test(issuer)) throw new Error(`bad identity issuer: ${issuer}`);
  const expires = now + IDENTITY_SIGNATURE_TTL_MS;
  return `v1.${issuer}.${expires}.${mac(secret, issuer, expires, method, url, headers)}`;
}

export type IdentityVerdict =
  { ok: true; issuer: string } | { ok: false; reason: 'missing' | 'malformed' | 'expired' | 'bad-signature' };

/** Checks a request's signature against its method, path and signed headers. */
export function verifyIdentity(
  secret: string,
  method: string,
  url: string,
  headers: HeaderBag,
  now = Date.now(),
): IdentityVerdict {
  const value = headerValue(headers, IDENTITY_SIGNATURE_HEADER);
  if (!value) return { ok: false, reason: 'missing' };
  const parts = value.split('.');
  if (parts.length !== 4 || parts[0] !== 'v1') return { ok: false, reason: 'malformed' };
  const [, issuer = '', expiresText = '', given = ''] = parts;
  if (!ISSUER.test(issuer) || !/^\d{1,15}$/.test(expiresText)) return { ok: false, reason: 'malformed' };
  const expires = Number(expiresText);
  if (expires <= now || expires > now + IDENTITY_SIGNATURE_TTL_MS + CLOCK_SKEW_MS) {
    return { ok: false, reason: 'expired' };
  }
  const expected = Buffer.from(mac(secret, issuer, expires, method, url, headers));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    return { ok: false, reason: 'bad-signature' };
  }
  return { ok: true, issuer };
}

/** Whether a request claims anything a signature must vouch for. */
export function claimsIdentity(headers: HeaderBag): boolean {
  return (
    headerValue(headers, IDENTITY_SIGNATURE_HEADER) !== '' ||
    SIGNED_HEADERS.some((n) => !(FORWARDED_HEADERS as readonly string[]).includes(n) && headerValue(headers, n) !== '')
  );
}

/** Who a signed call is made for; a service calling another names the member it acts for. */
export interface SignedIdentity {
  userId: number;
  grade: number;
  deviceKey?: string;
  deviceState?: string;
  sessionHash?: string;
  forwardedFor?: string;
  forwardedProto?: string;
  forwardedHost?: string;
}

/** The identity headers and their signature, for a service-to-service call (or a test acting as the gateway). */
export function identityHeaders(
  secret: string,
  issuer: string,
  method: string,
  url: string,
  identity: SignedIdentity,
  now = Date.now(),
): Record<string, string> {
  const headers: Record<string, string> = {
    [USER_ID_HEADER]: String(identity.userId),
    [USER_GRADE_HEADER]: String(identity.grade),
  };
  if (identity.deviceKey) headers[DEVICE_KEY_HEADER] = identity.deviceKey;
  if (identity.deviceState) headers[DEVICE_STATE_HEADER] = identity.deviceState;
  if (identity.sessionHash) headers[SESSION_HASH_HEADER] = identity.sessionHash;
  if (identity.forwardedFor) headers['x-forwarded-for'] = identity.forwardedFor;
  if (identity.forwardedProto) headers['x-forwarded-proto'] = identity.forwardedProto;
  if (identity.forwardedHost) headers['x-forwarded-host'] = identity.forwardedHost;
  headers[IDENTITY_SIGNATURE_HEADER] = signIdentity(secret, issuer, method, url, headers, now);
  return headers;
}

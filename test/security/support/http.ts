// Calls through the gateway the way the web app does: JSON body for POST, query string for GET,
// the session cookie when the caller has one.
import type { HttpMethod, RouteParams } from '../routes';

export interface Reply {
  status: number;
  /** Parsed JSON, or `{}` when the answer is not JSON (an export file). */
  body: Record<string, unknown>;
  /** The raw text, for scanning answers that are files. */
  text: string;
  contentType: string;
  setCookie: string[];
}

export interface CallOptions {
  cookie?: string;
  headers?: Record<string, string>;
}

function queryOf(params: RouteParams): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null) q.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

export async function call(
  baseUrl: string,
  method: HttpMethod,
  path: string,
  params: RouteParams = {},
  opts: CallOptions = {},
): Promise<Reply> {
  const res = await fetch(baseUrl + path + (method === 'GET' ? queryOf(params) : ''), {
    method,
    headers: {
      accept: 'application/json',
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...opts.headers,
    },
    body: method === 'POST' ? JSON.stringify(params) : undefined,
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  const contentType = res.headers.get('content-type') ?? '';
  let body: Record<string, unknown> = {};
  if (/\bjson\b/.test(contentType) && text) {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      body = parsed as Record<string, unknown>;
  }
  return { status: res.status, body, text, contentType, setCookie: res.headers.getSetCookie() };
}

/** `sid=…` from a login answer's Set-Cookie, ready for a Cookie header. */
export function sessionCookie(setCookie: string[]): string {
  const c = setCookie.find((s) => s.startsWith('sid='));
  if (!c) throw new Error('no sid cookie in the answer');
  return c.split(';')[0]!;
}

// The gateway's JSON API as the load ladder's setup calls and answer checks see it.
import { request } from 'node:http';

export interface Reply {
  status: number;
  body: Record<string, unknown>;
  /** The `sid=…` pair of a Set-Cookie, '' when the answer set none. */
  cookie: string;
}

export function sidCookie(setCookie: readonly string[]): string {
  const c = setCookie.find((s) => s.startsWith('sid='));
  return c ? (c.split(';')[0] ?? '') : '';
}

/**
 * One setup call on a fresh connection: a reused keep-alive socket can be closed by the gateway just
 * as the next request leaves (a race a loaded machine makes likely), which is no finding of the bench.
 */
export function api(base: string, path: string, body: unknown, cookie = '', method = 'POST'): Promise<Reply> {
  const payload = method === 'GET' ? undefined : JSON.stringify(body ?? {});
  return new Promise((resolve, reject) => {
    const req = request(
      base + path,
      {
        method,
        agent: false,
        timeout: 30_000,
        headers: {
          ...(payload !== undefined
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: parseJson(Buffer.concat(chunks).toString('utf8')),
            cookie: sidCookie(res.headers['set-cookie'] ?? []),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** A JSON object body, or `{ text }` for anything else (an error page, say). */
export function parseJson(text: string): Record<string, unknown> {
  try {
    const v: unknown = text ? JSON.parse(text) : {};
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : { text };
  } catch {
    return { text };
  }
}

/** The reply when it is a 200; otherwise the setup cannot go on, so it throws. */
export async function must(what: string, reply: Promise<Reply>): Promise<Reply> {
  const r = await reply;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r;
}

// Hostile requests for one route, built from its valid example (routes.ts).
//
// Two kinds. `invalid`: every field the example names is replaced by a value
// of the wrong kind (objects, NoSQL operators, arrays, booleans, null, deep
// nesting, non-numeric text for numbers), or the body itself is broken
// (malformed JSON, not an object, a wrong content type); no service may
// accept such a request, so none may write. `edge`: one field keeps its type
// but holds an extreme value (Unicode edge cases, SQL metacharacters, huge
// strings, negative or huge numbers): it may be accepted, must never fail.
//
// `fieldCases` adds a fixed corpus for the billing, coupon and wordbook routes, field by field:
// lone surrogates (refused with 400 before any work), oversized free text and values of the
// wrong type (number, object, array, boolean, null), each in one field at a time.
import fc from 'fast-check';
import type { HttpMethod, RouteParams } from '../routes';

export type CaseKind = 'invalid' | 'edge';

export interface FuzzRequest {
  kind: CaseKind;
  /** What was done, for the failure report. */
  label: string;
  method: HttpMethod;
  /** Path with the query string. */
  path: string;
  contentType?: string;
  body?: string;
  /** The answer this case must get: exactly 400 (ill-formed text), or any 4xx (nothing accepted). */
  refused?: 'exactly-400' | 'any-4xx';
}

const NOSQL: unknown[] = [
  { $gt: '' },
  { $ne: null },
  { $regex: '.*' },
  { $where: 'sleep(1000) || true' },
  { $in: [1, 2, 3] },
  { $exists: true },
  { $expr: { $eq: [1, 1] } },
  { __proto__: { admin: true }, grade: 0 },
  { constructor: { prototype: { polluted: true } } },
];

const SQL: string[] = [
  "' OR '1'='1",
  "1' OR 1=1 --",
  '1; DROP TABLE account.users; --',
  "'); SELECT pg_sleep(5); --",
  '1 UNION SELECT password_hash FROM account.users',
  "%' AND 1=1 AND '%'='",
  '$1',
  '\\',
  "E'\\\\x00'",
  '/*',
];

const UNICODE: string[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\uffff\ufffe',
  '\u202etxet',
  '\u200b\u200c\u200d\ufeff',
  'ᄀ' + '\u0301'.repeat(200),
  '👨‍👩‍👧‍👦🇰🇷',
  '\r\n\t\u0085\u2028\u2029',
  '%00%2e%2e%2f',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'İı ß ﬁ',
  '사랑\u0000',
  '   ',
];

/** Values that are never a valid string, number or id. */
const wrongKind = (example: unknown): fc.Arbitrary<unknown> => {
  const structural = fc.oneof(
    fc.constantFrom(...NOSQL),
    fc.constantFrom(null, true, false, [], {}, [1, 2], [['nested']], { value: 1 }),
    deepJson(),
  );
  // For a number field also text that is not a number (an SQL fragment, words, NaN spelled out); not '0x1F' or
  // '1e3', which JavaScript reads as numbers, as the services read numbers sent as text (edge values below).
  if (typeof example === 'number') {
    return fc.oneof(structural, fc.constantFrom(...SQL, 'abc', 'NaN', 'Infinity', '1e309', '١٢٣', '', '12abc'));
  }
  return structural;
};

/** Extreme values of the example's own type. */
const edgeValue = (example: unknown): fc.Arbitrary<unknown> => {
  if (typeof example === 'number') {
    return fc.constantFrom<unknown>(
      '0x1F',
      '1e3',
      ' 7 ',
      -1,
      -0,
      0,
      0.5,
      -2147483649,
      2147483648,
      Number.MAX_SAFE_INTEGER + 2,
      1e308,
      -1e308,
      1e-7,
    );
  }
  return fc.oneof(
    fc.constantFrom(...UNICODE),
    fc.constantFrom(...SQL),
    fc.string({ unit: 'binary', maxLength: 40 }),
    // Huge: within the body limit (10k–60k characters) and far past it (≈ 600 kB).
    fc.integer({ min: 10_000, max: 60_000 }).map((n) => 'ㄱ'.repeat(n)),
    fc.constant('가'.repeat(200_000)),
  );
};

/** Arrays and objects nested up to 3000 levels: parsers and validators must not recurse into a crash. */
function deepJson(): fc.Arbitrary<unknown> {
  return fc.integer({ min: 50, max: 3000 }).map((depth) => {
    let value: unknown = 'bottom';
    for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
    return value;
  });
}

const extraFields = fc.dictionary(
  fc.constantFrom('__proto__', 'constructor', 'isAdmin', 'grade', 'userGrade', '$where', 'x-user-id', 'id', 'status'),
  fc.oneof(fc.constantFrom(0, 'ADMIN', true), fc.constantFrom(...NOSQL)),
  { minKeys: 1, maxKeys: 3 },
);

/** Percent-encodes the UTF-8 bytes (a lone surrogate becomes U+FFFD, as a browser would send it). */
function pct(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** qs-style brackets (a[b][]=1), nested up to 30 levels; deeper values are sent as JSON text. */
function queryString(params: Record<string, unknown>): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown, depth: number): void => {
    if (value !== null && typeof value === 'object' && depth >= 30) {
      parts.push(`${pct(key)}=${pct(JSON.stringify(value))}`);
    } else if (Array.isArray(value)) {
      value.forEach((item) => add(`${key}[]`, item, depth + 1));
    } else if (value !== null && typeof value === 'object') {
      for (const [inner, item] of Object.entries(value)) add(`${key}[${inner}]`, item, depth + 1);
    } else {
      parts.push(`${pct(key)}=${pct(String(value))}`);
    }
  };
  for (const [key, value] of Object.entries(params)) add(key, value, 0);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Serialises without JSON.stringify's recursion limits mattering (depth ≤ 3000 is fine for V8). */
function jsonRequest(kind: CaseKind, label: string, method: HttpMethod, path: string, body: unknown): FuzzRequest {
  if (method === 'GET') {
    const params = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : { value: body };
    return { kind, label, method, path: path + queryString(params as Record<string, unknown>) };
  }
  return { kind, label, method, path, contentType: 'application/json', body: JSON.stringify(body) };
}

/** Every field of the example replaced by a value of the wrong kind; maybe some dropped, maybe extras. */
function allFieldsWrong(method: HttpMethod, path: string, example: RouteParams): fc.Arbitrary<FuzzRequest> {
  const keys = Object.keys(example);
  const replaced = fc.record(Object.fromEntries(keys.map((key) => [key, wrongKind(example[key])])));
  return fc
    .tuple(replaced, fc.subarray(keys, { maxLength: Math.max(0, keys.length - 1) }), fc.option(extraFields))
    .map(([values, dropped, extra]) => {
      const body: Record<string, unknown> = { ...values };
      for (const key of dropped) delete body[key];
      if (extra) Object.assign(body, extra);
      return jsonRequest(
        'invalid',
        `fields of the wrong kind${dropped.length ? `, without ${dropped.join(',')}` : ''}${extra ? ', with extra fields' : ''}`,
        method,
        path,
        body,
      );
    });
}

/** The body itself is wrong: not JSON, not an object, another content type, or a query that smuggles operators. */
function brokenBody(method: HttpMethod, path: string, example: RouteParams): fc.Arbitrary<FuzzRequest> {
  const keys = Object.keys(example);
  const text = JSON.stringify(example);
  const broken: fc.Arbitrary<FuzzRequest>[] = [
    fc
      .constantFrom(
        text.slice(0, Math.max(1, text.length - 1)),
        `${text}}`,
        "{'single': 'quotes'}",
        '{"a":1,}',
        '{"a": NaN}',
        '\ufeff{"a":1}',
        '',
        'null',
        '[]',
        '"text"',
        '12345',
        'true',
        '{"__proto__": {"admin": true}}',
        '['.repeat(5000) + ']'.repeat(5000),
        '{"a":'.repeat(5000) + '1' + '}'.repeat(5000),
      )
      .map((body) => ({
        kind: 'invalid' as const,
        label: 'malformed or non-object JSON',
        method,
        path,
        contentType: 'application/json',
        body,
      })),
    fc
      .constantFrom(
        'text/plain',
        'application/xml',
        'multipart/form-data; boundary=x',
        'application/x-www-form-urlencoded',
        'application/octet-stream',
      )
      .map((contentType) => ({
        kind: 'invalid' as const,
        label: `wrong content type ${contentType}`,
        method,
        path,
        contentType,
        body:
          contentType === 'application/x-www-form-urlencoded'
            ? keys.map((key) => `${key}[$gt]=&${key}[]=1&${key}[]=2`).join('&') || 'a[$ne]=1'
            : contentType.startsWith('application/xml')
              ? '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'
              : text,
      })),
  ];
  // A GET route's parameters are the query string: body-level breakage is only meaningful for POST.
  return method === 'GET' ? allFieldsWrong(method, path, example) : fc.oneof(...broken);
}

/** One field holds an extreme value of its own type; the rest of the example is unchanged. */
function oneEdgeField(method: HttpMethod, path: string, example: RouteParams): fc.Arbitrary<FuzzRequest> {
  const keys = Object.keys(example).filter((key) => ['string', 'number'].includes(typeof example[key]));
  if (!keys.length) return allFieldsWrong(method, path, example);
  return fc
    .constantFrom(...keys)
    .chain((key) => edgeValue(example[key]).map((value) => ({ key, value })))
    .map(({ key, value }) => {
      const request = jsonRequest('edge', `edge value in ${key}`, method, path, { ...example, [key]: value });
      return request;
    });
}

export function hostileRequest(method: HttpMethod, path: string, example: RouteParams): fc.Arbitrary<FuzzRequest> {
  if (Object.keys(example).length === 0) {
    // Nothing to make invalid: operators and junk in the query string or body, which the route must ignore safely.
    const junk = fc.record({ extra: extraFields, edge: fc.oneof(fc.constantFrom(...UNICODE, ...SQL), deepJson()) });
    return fc.oneof(
      brokenBody(method, path, example),
      junk.map(({ extra, edge }) => jsonRequest('edge', 'junk parameters', method, path, { ...extra, q: edge })),
    );
  }
  return fc.oneof(
    { weight: 4, arbitrary: allFieldsWrong(method, path, example) },
    { weight: 2, arbitrary: brokenBody(method, path, example) },
    { weight: 2, arbitrary: oneEdgeField(method, path, example) },
  );
}

/** Lone surrogates: not well-formed UTF-16, refused at the edge (never a 500 from encodeURIComponent). */
export const LONE_SURROGATES: readonly string[] = ['\ud800', 'a\udc00b'];
/** Free text far past any field's bound yet within the 256 kB body limit. */
export const OVERSIZED_TEXT = 'a'.repeat(200_000);

/** A value of another type than the example's: a number for a string, then structures and null. */
function mismatches(example: unknown): { label: string; value: unknown }[] {
  return [
    ...(typeof example === 'string' ? [{ label: 'a number', value: 12345 }] : []),
    ...(typeof example === 'number' ? [{ label: 'a word', value: 'abc' }] : []),
    { label: 'an object', value: { value: 'x' } },
    { label: 'an array', value: ['x', 1] },
    { label: 'a boolean', value: true },
    { label: 'null', value: null },
  ];
}

/**
 * The fixed corpus for one route, one field at a time. A GET route's lone surrogate travels in a
 * JSON body (a URL cannot carry one: its bytes decode to U+FFFD), which the billing handlers merge
 * with the query. When every text field of the example is oversized at once, nothing is accepted.
 */
export function fieldCases(method: HttpMethod, path: string, example: RouteParams): FuzzRequest[] {
  const out: FuzzRequest[] = [];
  const keys = Object.keys(example);
  for (const key of keys) {
    for (const value of LONE_SURROGATES) {
      const label = `lone surrogate ${JSON.stringify(value)} in ${key}`;
      out.push(
        method === 'GET'
          ? {
              kind: 'invalid',
              label,
              method,
              path: path + queryString(example),
              contentType: 'application/json',
              body: JSON.stringify({ [key]: value }),
              refused: 'exactly-400',
            }
          : { ...jsonRequest('invalid', label, method, path, { ...example, [key]: value }), refused: 'exactly-400' },
      );
    }
    out.push(jsonRequest('edge', `oversized text in ${key}`, method, path, { ...example, [key]: OVERSIZED_TEXT }));
    for (const { label, value } of mismatches(example[key])) {
      out.push(jsonRequest('edge', `${label} in ${key}`, method, path, { ...example, [key]: value }));
    }
  }
  const texts = keys.filter((key) => typeof example[key] === 'string');
  if (texts.length && method === 'POST') {
    const body = { ...example, ...Object.fromEntries(texts.map((key) => [key, OVERSIZED_TEXT])) };
    out.push({
      ...jsonRequest('invalid', `oversized text in ${texts.join(',')}`, method, path, body),
      refused: 'any-4xx',
    });
  }
  return out;
}

// Client text at the edge: well-formed UTF-16 only, bounded, and zod's issues worded in Korean.
import { z } from 'zod';
import { DEVELOPMENT_IDENTITY_SECRET, createApp, createLogger, listen, zodMessage, type RunningServer } from '../src';
import {
  boundedText,
  holdsIllFormedText,
  isWellFormedText,
  koreanIssueMessage,
  TEXT_MESSAGES,
  tooLongMessage,
} from '../src/rules';

const HANGUL = /[\uac00-\ud7a3]/;
const ENGLISH_ZOD = /Invalid input|expected|received|Too (big|small)|Required/i;

/** The message a client would see for `input` (the kit's error handler takes the first issue). */
function answer(schema: z.ZodType, input: unknown): string {
  const r = schema.safeParse(input);
  if (r.success) throw new Error(`accepted ${JSON.stringify(input)}`);
  return zodMessage(r.error);
}

describe('well-formed text', () => {
  it.each([
    ['', true],
    ['사랑 愛 abc', true],
    ['👨‍👩‍👧‍👦🇰🇷', true],
    ['\ud800', false],
    ['a\udc00b', false],
    ['x\udfffy', false],
    ['\ud83d', false],
  ])('isWellFormedText(%j) is %s', (s, expected) => {
    expect(isWellFormedText(s)).toBe(expected);
  });

  it('finds a lone surrogate in any nested string or key, and nothing in well-formed input', () => {
    expect(holdsIllFormedText({ a: [{ b: 'ok' }, 'x\ud800'] })).toBe(true);
    expect(holdsIllFormedText({ deep: { ['k\udc00']: 1 } })).toBe(true);
    expect(holdsIllFormedText({ a: ['사랑', { b: 1, c: null, d: true }] })).toBe(false);
    expect(holdsIllFormedText(undefined)).toBe(false);
    let deep: unknown = 'a\ud800';
    for (let i = 0; i < 20_000; i += 1) deep = [deep];
    expect(holdsIllFormedText(deep)).toBe(true);
  });

  it('boundedText refuses ill-formed and too long text in Korean, and keeps an explicit message', () => {
    const schema = z.object({ reason: boundedText(10) });
    expect(answer(schema, { reason: 'a\ud800' })).toBe(TEXT_MESSAGES.illFormed);
    expect(answer(schema, { reason: 'a'.repeat(200_000) })).toBe('‘reason’ 항목은 10자 이하로 입력해 주세요.');
    expect(schema.parse({ reason: '  사유  ' })).toEqual({ reason: '사유' });
    const own = z.object({ name: boundedText(5, '이름을 확인해 주세요.') });
    for (const input of [{ name: 'a\ud800' }, { name: 'abcdefg' }, { name: 7 }, {}]) {
      expect(answer(own, input)).toBe('이름을 확인해 주세요.');
    }
  });

  it('tooLongMessage names the field', () => {
    expect(tooLongMessage(100, '검색어')).toBe('검색어은(는) 100자 이하로 입력해 주세요.');
  });
});

describe('zod issues in Korean (the kit installs the map globally)', () => {
  const schema = z.object({
    imp_uid: z.string().max(5),
    amount: z.coerce.number().int().min(1).max(10),
    kind: z.enum(['csv', 'anki']),
    flag: z.boolean(),
    tags: z.array(z.string()).max(2),
    email: z.email(),
  });
  const valid = { imp_uid: 'imp', amount: 3, kind: 'csv', flag: true, tags: [], email: 'a@b.co' };

  it.each<[string, Record<string, unknown>, string]>([
    ['a number for a string', { imp_uid: 123 }, '‘imp_uid’ 항목은 문자열이어야 합니다.'],
    ['an object for a string', { imp_uid: {} }, '‘imp_uid’ 항목은 문자열이어야 합니다.'],
    ['a missing string', { imp_uid: undefined }, '‘imp_uid’ 항목을 입력해 주세요.'],
    ['too long text', { imp_uid: 'abcdefgh' }, '‘imp_uid’ 항목은 5자 이하로 입력해 주세요.'],
    ['text for a number', { amount: 'abc' }, '‘amount’ 항목은 숫자여야 합니다.'],
    ['a fraction for an integer', { amount: 1.5 }, '‘amount’ 항목은 정수여야 합니다.'],
    ['too small a number', { amount: 0 }, '‘amount’ 항목은 1 이상이어야 합니다.'],
    ['too big a number', { amount: 11 }, '‘amount’ 항목은 10 이하여야 합니다.'],
    ['a value outside an enum', { kind: 'xml' }, '‘kind’ 항목은 csv, anki 중 하나여야 합니다.'],
    ['null for a boolean', { flag: null }, '‘flag’ 항목은 참 또는 거짓(true/false)이어야 합니다.'],
    ['too many elements', { tags: ['a', 'b', 'c'] }, '‘tags’ 항목은 2개 이하로 보내 주세요.'],
    ['a wrong element', { tags: [1] }, '‘tags.0’ 항목은 문자열이어야 합니다.'],
    ['a bad email', { email: 'nope' }, '‘email’ 항목의 이메일 형식이 올바르지 않습니다.'],
  ])('%s', (_name, change, expected) => {
    const message = answer(schema, { ...valid, ...change });
    expect(message).toBe(expected);
    expect(message).toMatch(HANGUL);
    expect(message).not.toMatch(ENGLISH_ZOD);
  });

  it('words a whole body of the wrong type and a custom refinement without a message', () => {
    expect(answer(schema, 'text')).toBe('입력값은 객체여야 합니다.');
    expect(
      answer(
        z.string().refine(() => false),
        'x',
      ),
    ).toBe('입력값의 값이 올바르지 않습니다.');
  });

  it('keeps every explicit message of a schema (the spec’s)', () => {
    const own = z.object({
      merchant_uid: z.string({ message: '주문 정보가 올바르지 않습니다.' }).max(3),
      count: z.coerce.number().int({ message: '0보다 큰 수를 입력해 주세요.' }),
    });
    expect(answer(own, { merchant_uid: 5, count: 1 })).toBe('주문 정보가 올바르지 않습니다.');
    expect(answer(own, { merchant_uid: 'abcdef', count: 1 })).toBe('주문 정보가 올바르지 않습니다.');
    expect(answer(own, { merchant_uid: 'a', count: 1.5 })).toBe('0보다 큰 수를 입력해 주세요.');
  });

  it('rewords an English message that reached the error handler anyway', () => {
    const error = new z.ZodError([
      { code: 'invalid_type', expected: 'string', path: ['pg'], message: 'Invalid input: expected string' },
    ]);
    expect(zodMessage(error)).toBe('‘pg’ 항목은 문자열이어야 합니다.');
  });

  it('every issue code answers Hangul', () => {
    const issues: z.core.$ZodIssue[] = [
      { code: 'not_multiple_of', divisor: 5, path: ['n'], message: '' },
      { code: 'unrecognized_keys', keys: ['x'], path: [], message: '' },
      { code: 'invalid_union', errors: [], path: ['u'], message: '' },
      { code: 'invalid_format', format: 'url', path: ['link'], message: '' },
      { code: 'too_big', origin: 'date', maximum: 1, path: ['d'], message: '' },
      { code: 'too_small', origin: 'string', minimum: 3, path: ['s'], message: '' },
      { code: 'custom', path: ['c'], message: '' },
    ];
    for (const issue of issues) expect(koreanIssueMessage(issue)).toMatch(HANGUL);
  });
});

describe('the shared app refuses ill-formed text before any handler', () => {
  let server: RunningServer;
  let handled = 0;
  beforeAll(async () => {
    const app = createApp({
      service: 'test',
      log: createLogger('test', 'silent'),
      identitySecret: DEVELOPMENT_IDENTITY_SECRET,
      health: {},
      routes: (a) => {
        a.post('/echo', (req, res) => {
          handled += 1;
          res.json({ got: req.body as unknown });
        });
      },
    });
    server = await listen(app, 0);
  });
  afterAll(() => server.close());

  it.each(['{"imp_uid":"\\ud800"}', '{"a":["x","b\\udc00c"]}', '{"\\ud800":1}'])(
    'when the body is %s, then 400 with the Korean message',
    async (body) => {
      const before = handled;
      const res = await fetch(`${server.url}/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: true, message: TEXT_MESSAGES.illFormed });
      expect(handled).toBe(before);
    },
  );

  it('lets well-formed text through, surrogate pairs included', async () => {
    const res = await fetch(`${server.url}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"word":"사랑 \\ud83d\\ude00"}',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ got: { word: '사랑 😀' } });
  });
});

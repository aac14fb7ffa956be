/**
 * Inputs that still misbehaved after the fuzzer (security issue "Inputs that still misbehave"),
 * each through the gateway of a whole test stack:
 * - a string that is not well-formed UTF-16 (a lone surrogate) is refused with 400 and a Korean
 *   message before any work (it used to reach `encodeURIComponent` and answer 500);
 * - a value of the wrong type answers a Korean message, never zod's English default;
 * - oversized free text (200,000 characters) is refused with a Korean message, never stored.
 *
 * Run: TEST_STACK_OFFSET=44 npx jest --selectProjects integration --runTestsByPath test/security/inputs.int.test.ts
 */
import { startStack, type Stack } from '../../scripts/stack';
import { call, type Reply } from './support/http';
import { adminMember, joinMember, type Member } from './support/members';

const HANGUL = /[\uac00-\ud7a3]/;
/** zod's English defaults (v3 and v4 wording). */
const ENGLISH_ZOD = /Invalid input|expected|received|Too (big|small)|Required|Invalid (enum|option|string|type)/i;
const HUGE = 'a'.repeat(200_000);

let stack: Stack | undefined;
let baseUrl = '';
let member: Member;
let admin: Member;

beforeAll(async () => {
  const quiet: string[] = [];
  try {
    stack = await startStack({ mode: 'test', output: 'files', log: (l) => quiet.push(l) });
  } catch (err) {
    throw new Error(`the test stack did not start:\n${quiet.join('\n')}`, { cause: err });
  }
  baseUrl = stack.baseUrl;
  member = await joinMember(baseUrl, '입력', 'inputs');
  admin = await adminMember(baseUrl);
}, 300_000);

afterAll(async () => {
  await stack?.stop();
});

/** A refusal of the client's mistake: the status, and a Korean message in the error shape. */
function expectKoreanRefusal(reply: Reply, status = 400): void {
  const message = typeof reply.body.message === 'string' ? reply.body.message : '';
  expect({ status: reply.status, error: reply.body.error }).toEqual({ status, error: true });
  expect(message).toMatch(HANGUL);
  expect(message).not.toMatch(ENGLISH_ZOD);
}

describe('a string that is not well-formed UTF-16 is refused with 400 and a Korean message', () => {
  test.each([
    ['POST /api/pay/webhook, imp_uid "\\ud800"', '/api/pay/webhook', { imp_uid: '\ud800' }, false],
    [
      'POST /api/pay/webhook, imp_uid "a\\udc00b"',
      '/api/pay/webhook',
      { imp_uid: 'a\udc00b', merchant_uid: 'x' },
      false,
    ],
    [
      'POST /api/pay/order/complete, imp_uid "\\ud800"',
      '/api/pay/order/complete',
      { imp_uid: '\ud800', merchant_uid: 'inputs_missing_order' },
      true,
    ],
    [
      'POST /api/pay/order/fail, error_msg "x\\udfffy"',
      '/api/pay/order/fail',
      { imp_uid: 'imp_x', merchant_uid: 'inputs_missing_order', error_msg: 'x\udfffy' },
      true,
    ],
    [
      'POST /api/dic/wordbook/insertWordbookItem, word "사\\ud800"',
      '/api/dic/wordbook/insertWordbookItem',
      { pyojaeId: 1, word: '사\ud800', hanja: '', linkUrl: '' },
      true,
    ],
    ['POST /api/coupon/use, couponCode "\\udc00"', '/api/coupon/use', { couponId: 1, couponCode: '\udc00' }, true],
    [
      'POST /api/user/login, email "\\ud800@example.com"',
      '/api/user/login',
      { email: '\ud800@example.com', password: 'x' },
      false,
    ],
    [
      'POST /api/dic/search/pyojaeItems, searchWord "사\\ud800"',
      '/api/dic/search/pyojaeItems',
      { searchWord: '사\ud800' },
      false,
    ],
    ['a lone surrogate in a key', '/api/pay/webhook', { imp_uid: 'imp_x', '\ud800': 1 }, false],
  ])('%s', async (_name, path, body, asMember) => {
    const reply = await call(baseUrl, 'POST', path, body, asMember ? { cookie: member.cookie } : {});
    expectKoreanRefusal(reply);
  });
});

describe('a value of the wrong type answers a Korean message, not zod English', () => {
  test.each([
    ['POST /api/pay/order/create, pg: 123', '/api/pay/order/create', { id: 1, pg: 123, pay_method: 'card' }, 'member'],
    ['POST /api/pay/order/create, amount: "abc"', '/api/pay/order/create', { id: 1, amount: 'abc' }, 'member'],
    ['POST /api/pay/order/cancel, reason: {}', '/api/pay/order/cancel', { merchant_uid: 'x', reason: {} }, 'member'],
    [
      'POST /api/pay/webhook, merchant_uid: 42',
      '/api/pay/webhook',
      { imp_uid: 'imp_x', merchant_uid: 42 },
      'anonymous',
    ],
    ['POST /subscribe/info, item_id: "abc"', '/subscribe/info', { item_id: 'abc' }, 'member'],
    ['POST /api/coupon/use, couponCode: []', '/api/coupon/use', { couponId: 1, couponCode: [] }, 'member'],
    ['POST /api/coupon/list, searchName: 7', '/api/coupon/list', { searchName: 7 }, 'member'],
    [
      'POST /api/dic/wordbook/insertWordbookItem, linkUrl: 123',
      '/api/dic/wordbook/insertWordbookItem',
      { pyojaeId: 1, word: '사랑', linkUrl: 123 },
      'member',
    ],
    [
      'POST /api/sys/selectPaymentItems, userCol: false',
      '/api/sys/selectPaymentItems',
      { userCol: false, searchName: 'x' },
      'admin',
    ],
    [
      'POST /api/sys/insertCouponGroupItem, note: 5',
      '/api/sys/insertCouponGroupItem',
      { couponType: 1, couponName: 'n', overlapChecked: true, note: 5, createCount: 1 },
      'admin',
    ],
  ])('%s', async (_name, path, body, who) => {
    const cookie = who === 'member' ? member.cookie : who === 'admin' ? admin.cookie : undefined;
    expectKoreanRefusal(await call(baseUrl, 'POST', path, body, { cookie }));
  });
});

describe('oversized free text (200,000 characters) is refused with a Korean message', () => {
  test.each([
    ['POST /api/pay/order/cancel, reason', '/api/pay/order/cancel', { merchant_uid: 'x', reason: HUGE }, 'member'],
    ['POST /api/pay/order/fail, error_msg', '/api/pay/order/fail', { merchant_uid: 'x', error_msg: HUGE }, 'member'],
    ['POST /api/coupon/use, couponCode', '/api/coupon/use', { couponId: 1, couponCode: HUGE }, 'member'],
    [
      'POST /api/dic/wordbook/insertWordbookItem, linkUrl',
      '/api/dic/wordbook/insertWordbookItem',
      { pyojaeId: 1, word: '사랑', linkUrl: HUGE },
      'member',
    ],
    ['POST /api/sys/order/cancel, reason', '/api/sys/order/cancel', { merchant_uid: 'x', reason: HUGE }, 'admin'],
    [
      'POST /api/sys/updateCouponGroupItem, note',
      '/api/sys/updateCouponGroupItem',
      { couponGroupId: 1, couponName: 'n', note: HUGE },
      'admin',
    ],
  ])('%s', async (_name, path, body, who) => {
    const cookie = who === 'member' ? member.cookie : admin.cookie;
    expectKoreanRefusal(await call(baseUrl, 'POST', path, body, { cookie }));
  });
});

// The administrator coupon detail rule (spec §5): every field has its own message, and the issue
// date must be a day that exists.
import { COUPON_DETAIL_FIELDS, COUPON_MESSAGES as M, couponDetailForm, isCalendarDay } from '../src/rules';

const valid = {
  couponType: '1개월 이용권',
  couponName: '가을 이벤트',
  couponCode: 'ABCD-EFGH-JKMN-PQRS',
  status: 'USING',
  userId: 42,
  issueDate: '2026-11-24',
};

const messages = (values: Record<string, unknown>) => {
  const r = couponDetailForm.safeParse(values);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('couponDetailForm', () => {
  it('when every field is filled, then it passes with the status upper-cased and the user a number', () => {
    expect(couponDetailForm.parse({ ...valid, status: ' complete ', userId: '42' })).toEqual({
      ...valid,
      status: 'COMPLETE',
    });
  });

  it('when every field is empty, then each field answers its own message', () => {
    const empty = { couponType: '', couponName: ' ', couponCode: null, status: '', userId: '', issueDate: '' };
    expect(messages(empty)).toEqual({
      couponType: M.detailType,
      couponName: M.detailName,
      couponCode: M.detailCode,
      status: M.detailStatus,
      userId: M.detailUser,
      issueDate: M.detailIssueDate,
    });
    // Absent keys are the same as empty ones.
    expect(Object.keys(messages({}))).toEqual([...COUPON_DETAIL_FIELDS]);
  });

  it.each([
    ['status', 'PRESENT', M.detailStatus],
    ['status', 'DELETED', M.detailStatus],
    ['userId', 'abc', M.detailUser],
    ['userId', -3, M.detailUser],
    ['userId', 2 ** 31, M.detailUser],
    ['issueDate', '2026-02-30', M.detailIssueDate],
    ['issueDate', '2026-11-24T00:00:00Z', M.detailIssueDate],
    ['issueDate', 20261124, M.detailIssueDate],
  ])('when %s is %p, then it is refused with its message', (field, value, message) => {
    expect(messages({ ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it('isCalendarDay knows leap years', () => {
    expect([isCalendarDay('2028-02-29'), isCalendarDay('2026-02-29'), isCalendarDay('2026-12-31')]).toEqual([
      true,
      false,
      true,
    ]);
  });
});

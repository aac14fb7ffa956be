// The group creation rule is written once: the administrator's form and billing's edge
// report the same first message, in the spec §5 order.
import { COUPON_MESSAGES as M, couponGroupRequest, firstGroupFormError } from '../src/rules';

const ok = { couponType: '1', couponName: '봄 이벤트', overlapChecked: true, note: '', createCount: '3' };

describe('group creation (spec §5)', () => {
  it.each([
    [{ ...ok, couponType: '', couponName: '', createCount: '' }, M.typeRequired],
    [{ ...ok, couponName: '  ', createCount: '0' }, M.kindNameRequired],
    [{ ...ok, createCount: '' }, M.createCountRequired],
    [{ ...ok, createCount: '-3' }, M.createCountPositive],
    [{ ...ok, createCount: '1.5' }, M.createCountPositive],
  ])('when the form is %j, then the form and the edge both say %s', (form, message) => {
    expect(firstGroupFormError(form)).toBe(message);
    const { overlapChecked: _unused, ...body } = form;
    const edge = couponGroupRequest.safeParse(body);
    expect(edge.success ? null : edge.error.issues[0]?.message).toBe(message);
  });

  it('when the name is not checked for duplicates, then only the form stops (the edge refuses a taken name itself)', () => {
    expect(firstGroupFormError({ ...ok, overlapChecked: false, createCount: '' })).toBe(M.overlapUnchecked);
    expect(couponGroupRequest.parse({ ...ok, overlapChecked: undefined })).toEqual({
      couponType: 1,
      couponName: '봄 이벤트',
      note: '',
      createCount: 3,
    });
  });

  it('when the note is left out or null, then it is saved empty; trimmed otherwise', () => {
    const { note: _note, overlapChecked: _flag, ...rest } = ok;
    expect(couponGroupRequest.parse(rest).note).toBe('');
    expect(couponGroupRequest.parse({ ...rest, note: null }).note).toBe('');
    expect(couponGroupRequest.parse({ ...rest, note: ' 메모 ' }).note).toBe('메모');
  });
});

// The shared account rules as the join and password forms see them through react-hook-form:
// first message per field, the recommender's id rule at the recommender field, the
// password repeat required before it is compared.
import { ACCOUNT_MESSAGES as M, changePasswordRequest, joinRequest } from '@syn/kit/rules';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { ruleResolver } from '../src/features/account/ruleForm';

const optionsFor = <V extends FieldValues>(): ResolverOptions<V> => ({
  fields: {},
  shouldUseNativeValidation: false,
  criteriaMode: 'firstError',
  names: [],
});

const messages = (errors: Record<string, { message?: string } | undefined>) =>
  Object.fromEntries(Object.entries(errors).map(([name, error]) => [name, error?.message]));

describe('the join form resolver', () => {
  const valid = {
    name: '김하늘',
    email: 'haneul@example.com',
    phone: '01012345678',
    password: 'long enough',
    passwordConfirm: 'long enough',
    agreePrivacy: true,
    agreeTerms: true,
    recommendUser: '',
    recommendUserId: null as number | null,
  };
  const join = ruleResolver<typeof valid, typeof joinRequest>(joinRequest, {
    shownAt: { recommendUserId: 'recommendUser' },
  });
  const options = optionsFor<typeof valid>();

  it('when every field breaks a rule, then each shows its first message and the recommender id rule sits at the recommender', async () => {
    const r = await join(
      {
        name: '',
        email: 'a@b',
        phone: '010-1234',
        password: 'short',
        passwordConfirm: 'shorter',
        agreePrivacy: false,
        agreeTerms: false,
        recommendUser: 'friend@example.com',
        recommendUserId: null,
      },
      undefined,
      options,
    );
    expect(messages(r.errors)).toEqual({
      name: M.nameRequired,
      email: M.emailInvalid,
      phone: M.phoneDigits,
      password: M.passwordTooShort,
      passwordConfirm: M.passwordMismatch,
      agreePrivacy: M.privacyConsent,
      agreeTerms: M.termsViewed,
      recommendUser: M.recommenderUnchecked,
    });
  });

  it('when the form is valid, then the parsed request comes back (trimmed, recommendType defaulted)', async () => {
    const r = await join({ ...valid, name: ' 김하늘 ' }, undefined, options);
    expect(r.errors).toEqual({});
    expect(r.values).toMatchObject({ name: '김하늘', recommendType: 'NORMAL', recommendUserId: null });
  });
});

describe('the password change resolver', () => {
  const values = { oldPassword: 'old password', newPassword: 'new password', newPasswordConfirm: '' };
  const change = ruleResolver<typeof values, typeof changePasswordRequest>(changePasswordRequest, {
    formRules: (v) => (v.newPasswordConfirm === '' ? { newPasswordConfirm: M.passwordRequired } : {}),
  });
  const opts = optionsFor<typeof values>();

  it('when the repeat is empty, then it asks for the password rather than a mismatch', async () => {
    const r = await change(values, undefined, opts);
    expect(messages(r.errors)).toEqual({ newPasswordConfirm: M.passwordRequired });
  });

  it('when the repeat differs, then it says they do not match; when it matches, then no error', async () => {
    const wrong = await change({ ...values, newPasswordConfirm: 'other' }, undefined, opts);
    expect(messages(wrong.errors)).toEqual({ newPasswordConfirm: M.passwordMismatch });
    const right = await change({ ...values, newPasswordConfirm: 'new password' }, undefined, opts);
    expect(right.errors).toEqual({});
  });

  it('when the old password is missing, then its own message shows first', async () => {
    const r = await change({ ...values, oldPassword: '', newPasswordConfirm: 'new password' }, undefined, opts);
    expect(messages(r.errors)).toEqual({ oldPassword: M.oldPasswordRequired });
  });
});

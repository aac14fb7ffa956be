import { ACCOUNT_MESSAGES as M, changePasswordRequest } from '@syn/kit/rules';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { errorMessage } from '../../app/api';
import { PATHS } from '../../app/paths';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { PageHeading } from '../../ui/PageHeading';
import { notify } from '../../ui/toast';
import { useChangePasswordMutation } from './accountApi';
import { selectUser } from './authSlice';
import { FormStatus, RuleTextField } from './FormFields';
import { goBack, MemberOnly } from './MemberOnly';
import { ruleResolver, useRuleForm } from './ruleForm';
import { signedOutByServer } from './session';

interface ChangePwValues {
  oldPassword: string;
  newPassword: string;
  newPasswordConfirm: string;
}

const resolver = ruleResolver<ChangePwValues, typeof changePasswordRequest>(changePasswordRequest, {
  // Spec §5: the repeat is required ("enter the password") before it is compared.
  formRules: (v) => (v.newPasswordConfirm === '' ? { newPasswordConfirm: M.passwordRequired } : {}),
});
const ORDER = ['oldPassword', 'newPassword', 'newPasswordConfirm'] as const;
const TITLE = '비밀번호 변경';

function ChangePwForm({ userId }: { userId: number }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const form = useRuleForm<ChangePwValues, z.output<typeof changePasswordRequest>>({
    resolver,
    order: ORDER,
    defaultValues: { oldPassword: '', newPassword: '', newPasswordConfirm: '' },
  });
  const [change, { isLoading }] = useChangePasswordMutation();

  const onSubmit = form.onSubmit(async (data) => {
    const result = await change({ userId, ...form.getValues(), ...data });
    if ('error' in result) {
      form.setFailure(
        errorMessage(result.error, '비밀번호를 변경하는 중에 오류가 발생하였습니다. 다시 시도해 주세요.'),
      );
      return;
    }
    // Spec §4: success clears the stored user, logs out and goes to /login (the server ended every session).
    notify.success(result.data.message);
    dispatch(signedOutByServer());
    void navigate(PATHS.login, { replace: true });
  });

  return (
    <section>
      <PageHeading title={TITLE}>{TITLE}</PageHeading>
      <form className="account-form" noValidate onSubmit={onSubmit}>
        <RuleTextField
          form={form}
          label="기존 비밀번호"
          name="oldPassword"
          type="password"
          autoComplete="current-password"
        />
        <RuleTextField
          form={form}
          label="새 비밀번호"
          name="newPassword"
          recheck={['newPassword', 'newPasswordConfirm']}
          type="password"
          autoComplete="new-password"
          hint="8자 이상 입력해 주세요."
        />
        <RuleTextField
          form={form}
          label="새 비밀번호 확인"
          name="newPasswordConfirm"
          type="password"
          autoComplete="new-password"
        />
        <p className="note">비밀번호를 바꾸면 모든 기기에서 로그아웃되며, 새 비밀번호로 다시 로그인해야 합니다.</p>
        <FormStatus message={form.failure} tone="error" />
        <div className="actions">
          <button type="button" className="button" onClick={() => goBack(navigate)}>
            뒤로
          </button>
          <button type="submit" className="button button-primary" disabled={isLoading}>
            변경
          </button>
        </div>
      </form>
    </section>
  );
}

export function ChangePwPage() {
  const user = useAppSelector(selectUser);
  return <MemberOnly title={TITLE}>{user && <ChangePwForm userId={user.id} />}</MemberOnly>;
}

import { ACCOUNT_MESSAGES as M, changePasswordRequest } from '@syn/kit/rules';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../app/api';
import { PATHS } from '../../app/paths';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { PageHeading } from '../../ui/PageHeading';
import { notify } from '../../ui/toast';
import { useChangePasswordMutation } from './accountApi';
import { selectUser } from './authSlice';
import { check, focusField, type FieldErrors } from './forms';
import { FormStatus, TextField } from './FormFields';
import { goBack, MemberOnly } from './MemberOnly';
import { signedOutByServer } from './session';

const FIELDS = ['oldPassword', 'newPassword', 'newPasswordConfirm'] as const;
const TITLE = '비밀번호 변경';

function ChangePwForm({ userId }: { userId: number }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [values, setValues] = useState({ oldPassword: '', newPassword: '', newPasswordConfirm: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [change, { isLoading }] = useChangePasswordMutation();
  const formRef = useRef<HTMLFormElement>(null);
  const set = (name: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const checked = check(changePasswordRequest, values, FIELDS);
    // Spec §5: the repeat is required ("enter the password") before it is compared.
    const repeatMissing = values.newPasswordConfirm === '';
    if (!checked.ok || repeatMissing) {
      const found: FieldErrors = checked.ok ? {} : { ...checked.errors };
      if (repeatMissing) found.newPasswordConfirm = M.passwordRequired;
      setErrors(found);
      focusField(formRef.current, FIELDS.find((name) => found[name]) ?? null);
      return;
    }
    setErrors({});
    const result = await change({ userId, ...values });
    if ('error' in result) {
      setFailure(errorMessage(result.error, '비밀번호를 변경하는 중에 오류가 발생하였습니다. 다시 시도해 주세요.'));
      return;
    }
    // Spec §4: success clears the stored user, logs out and goes to /login (the server ended every session).
    notify.success(result.data.message);
    dispatch(signedOutByServer());
    void navigate(PATHS.login, { replace: true });
  };

  return (
    <section>
      <PageHeading title={TITLE}>{TITLE}</PageHeading>
      <form ref={formRef} className="account-form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label="기존 비밀번호"
          name="oldPassword"
          type="password"
          autoComplete="current-password"
          value={values.oldPassword}
          onChange={set('oldPassword')}
          error={errors.oldPassword}
        />
        <TextField
          label="새 비밀번호"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint="8자 이상 입력해 주세요."
          value={values.newPassword}
          onChange={set('newPassword')}
          error={errors.newPassword}
        />
        <TextField
          label="새 비밀번호 확인"
          name="newPasswordConfirm"
          type="password"
          autoComplete="new-password"
          value={values.newPasswordConfirm}
          onChange={set('newPasswordConfirm')}
          error={errors.newPasswordConfirm}
        />
        <p className="note">비밀번호를 바꾸면 모든 기기에서 로그아웃되며, 새 비밀번호로 다시 로그인해야 합니다.</p>
        <FormStatus message={failure} tone="error" />
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

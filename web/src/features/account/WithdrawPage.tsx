import { withdrawRequest } from '@syn/kit/rules';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../app/api';
import { PATHS } from '../../app/paths';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { PageHeading } from '../../ui/PageHeading';
import { notify } from '../../ui/toast';
import { useWithdrawMutation } from './accountApi';
import { selectUser, type SessionUser } from './authSlice';
import { check, focusField, type FieldErrors } from './forms';
import { CheckField, FormStatus, TextField } from './FormFields';
import { goBack, MemberOnly } from './MemberOnly';
import { signedOutByServer } from './session';

const TITLE = '회원 탈퇴';
const FIELDS = ['userPw', 'reasonMain', 'reasonSub', 'agreement'] as const;

export const WITHDRAW_REASONS = [
  '원하는 유의어를 찾기 어려워요',
  '이용 요금이 부담돼요',
  '다른 사전을 이용하고 있어요',
  '자주 이용하지 않아요',
  '개인 정보가 걱정돼요',
  '기타',
] as const;

function WithdrawForm({ user }: { user: SessionUser }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [userPw, setUserPw] = useState('');
  const [reasonMain, setReasonMain] = useState('');
  const [reasonSub, setReasonSub] = useState('');
  const [agreement, setAgreement] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [withdraw, { isLoading }] = useWithdrawMutation();
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const checked = check(withdrawRequest, { userPw, reasonMain, reasonSub, agreement }, FIELDS);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusField(formRef.current, checked.first);
      return;
    }
    setErrors({});
    const result = await withdraw({
      userId: user.id,
      userPw,
      userEmail: user.userEmail,
      userName: '',
      reasonMain: checked.data.reasonMain,
      reasonSub: checked.data.reasonSub,
      agreement: 'T',
    });
    if ('error' in result) {
      setFailure(errorMessage(result.error, '회원 탈퇴 중에 오류가 발생하였습니다. 다시 시도해 주세요.'));
      return;
    }
    // Spec §4: withdrawal success logs out and goes to /.
    notify.success(result.data.message);
    dispatch(signedOutByServer());
    void navigate(PATHS.root, { replace: true });
  };

  return (
    <section>
      <PageHeading title={TITLE}>{TITLE}</PageHeading>
      <div className="callout callout-warning">
        <p>탈퇴하시면 단어장, 이용권, 쿠폰 등 모든 이용 정보가 삭제되며 되돌릴 수 없습니다.</p>
      </div>
      <form ref={formRef} className="account-form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField label="이메일" name="userEmail" value={user.userEmail} onChange={() => undefined} readOnly />
        <TextField
          label="비밀번호"
          name="userPw"
          type="password"
          autoComplete="current-password"
          value={userPw}
          onChange={setUserPw}
          error={errors.userPw}
        />
        <div className="field">
          <label htmlFor={`${id}-reason`}>탈퇴 사유</label>
          <select
            id={`${id}-reason`}
            name="reasonMain"
            value={reasonMain}
            onChange={(event) => setReasonMain(event.target.value)}
            aria-invalid={errors.reasonMain ? true : undefined}
            aria-describedby={errors.reasonMain ? `${id}-reason-error` : undefined}
          >
            <option value="">탈퇴 사유를 선택해 주세요</option>
            {WITHDRAW_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {reason}
              </option>
            ))}
          </select>
          {errors.reasonMain && (
            <p id={`${id}-reason-error`} className="field-error" role="alert">
              {errors.reasonMain}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-sub`}>남기실 말씀 (선택)</label>
          <textarea
            id={`${id}-sub`}
            name="reasonSub"
            value={reasonSub}
            maxLength={1000}
            onChange={(event) => setReasonSub(event.target.value)}
          />
        </div>
        <CheckField name="agreement" checked={agreement} onChange={setAgreement} error={errors.agreement}>
          위 내용을 확인하였으며 회원 탈퇴에 동의합니다.
        </CheckField>
        <FormStatus message={failure} tone="error" />
        <div className="actions">
          <button type="button" className="button" onClick={() => goBack(navigate)}>
            취소
          </button>
          <button type="submit" className="button button-primary" disabled={isLoading}>
            탈퇴하기
          </button>
        </div>
      </form>
    </section>
  );
}

export function WithdrawPage() {
  const user = useAppSelector(selectUser);
  return <MemberOnly title={TITLE}>{user && <WithdrawForm user={user} />}</MemberOnly>;
}

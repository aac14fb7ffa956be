import { withdrawRequest } from '@syn/kit/rules';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../app/api';
import { PATHS } from '../../app/paths';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PageHeading } from '../../ui/PageHeading';
import { notify } from '../../ui/toast';
import { withUnbrokenDates } from '../../ui/unbrokenDates';
import { useIsUsedRemainQuery, type UsedRemain } from '../payment/paymentApi';
import { useWithdrawMutation } from './accountApi';
import { selectUser, type SessionUser } from './authSlice';
import { check, focusField, type FieldErrors } from './forms';
import { CheckField, FormStatus, ReadOnlyField, TextField } from './FormFields';
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

/** What leaving does to a pass in use, said before the member decides (nothing is refunded by leaving). */
function PassWarning({ usage }: { usage: UsedRemain }) {
  const end = usage.serviceEndDate;
  return (
    <div className="callout callout-warning" role="note" aria-label="이용 중인 이용권">
      <p>
        <strong>이용 중인 이용권이 있습니다</strong>
        {end ? withUnbrokenDates(` (${end}까지, 남은 기간 ${usage.remainDays}일)`) : ''}.
      </p>
      <p>탈퇴하면 남은 이용 기간은 사라지며, 탈퇴로 환불되지는 않습니다.</p>
      <p>환불 가능 기간 안의 결제는 탈퇴하기 전에 ‘결제 정보’에서 결제를 취소하시면 환불받을 수 있습니다.</p>
      {usage.autoRenew && <p>정기 결제는 탈퇴와 함께 해지되어 다음 결제일부터 청구되지 않습니다.</p>}
    </div>
  );
}

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
  const usage = useIsUsedRemainQuery();
  const holdingPass = usage.data?.status === 'valid' ? usage.data : null;
  // The checked form, waiting for the final yes.
  const [confirming, setConfirming] = useState<{ reasonMain: string; reasonSub: string } | null>(null);
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
    setConfirming({ reasonMain: checked.data.reasonMain, reasonSub: checked.data.reasonSub });
  };

  const leave = async (reasons: { reasonMain: string; reasonSub: string }) => {
    const result = await withdraw({
      userId: user.id,
      userPw,
      userEmail: user.userEmail,
      userName: '',
      reasonMain: reasons.reasonMain,
      reasonSub: reasons.reasonSub,
      agreement: 'T',
    });
    setConfirming(null);
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
      {holdingPass && <PassWarning usage={holdingPass} />}
      <form ref={formRef} className="account-form" noValidate onSubmit={(event) => void submit(event)}>
        <ReadOnlyField label="이메일" value={user.userEmail} />
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
          <button type="submit" className="button button-danger" disabled={isLoading}>
            탈퇴하기
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title="정말 탈퇴하시겠습니까?"
        message={
          holdingPass
            ? `남은 이용 기간 ${holdingPass.remainDays}일과 단어장, 쿠폰이 모두 사라지며 되돌릴 수 없습니다.`
            : '단어장과 쿠폰, 이용 기록이 모두 사라지며 되돌릴 수 없습니다.'
        }
        confirmLabel="탈퇴하기"
        busy={isLoading}
        onConfirm={() => {
          if (confirming) void leave(confirming);
        }}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}

export function WithdrawPage() {
  const user = useAppSelector(selectUser);
  return <MemberOnly title={TITLE}>{user && <WithdrawForm user={user} />}</MemberOnly>;
}

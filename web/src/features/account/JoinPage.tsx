import { ACCOUNT_MESSAGES as M, JOIN_FIELDS, joinRequest, recommenderCheck, type JoinRequest } from '@syn/kit/rules';
import { useState } from 'react';
import type { Path } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../app/api';
import { PATHS } from '../../app/paths';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { PageHeading } from '../../ui/PageHeading';
import { notify } from '../../ui/toast';
import { TermsDialog } from '../info/TermsDialog';
import { useCheckRecommendUserInfoMutation, useJoinMutation, type JoinPayload } from './accountApi';
import { recommenderSet, registeredChanged, selectAuth } from './authSlice';
import { FormStatus, RuleCheckField, RuleTextField } from './FormFields';
import { ruleResolver, useRuleForm } from './ruleForm';

/** The form's values: the join request but the recommendation route, which the link decides. */
type JoinValues = Omit<JoinPayload, 'recommendType'>;

/** The recommender's id rule (recommendUserId) is shown at the recommender field. */
const resolver = ruleResolver<JoinValues, typeof joinRequest>(joinRequest, {
  shownAt: { recommendUserId: 'recommendUser' },
});
const ORDER = JOIN_FIELDS.flatMap((name) =>
  name === 'recommendUserId' ? [] : [name as Path<JoinValues>],
) as readonly Path<JoinValues>[];

export function JoinPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const auth = useAppSelector(selectAuth);
  const form = useRuleForm<JoinValues, JoinRequest>({
    resolver,
    order: ORDER,
    defaultValues: {
      name: '',
      email: '',
      phone: '',
      password: '',
      passwordConfirm: '',
      agreePrivacy: false,
      agreeTerms: false,
      recommendUser: auth.recommendUser,
      recommendUserId: null,
    },
  });
  const [termsOpen, setTermsOpen] = useState(false);
  const [recommenderNote, setRecommenderNote] = useState<string | null>(null);
  const [join, { isLoading }] = useJoinMutation();
  const [checkRecommender, { isLoading: checking }] = useCheckRecommendUserInfoMutation();
  const recommendUserId = form.watch('recommendUserId');

  // Spec §4: after registering, /join goes to /login.
  if (auth.registered) return <Navigate to={PATHS.login} replace />;

  const onRecommenderCheck = async () => {
    setRecommenderNote(null);
    const checked = recommenderCheck.safeParse({ recommendUser: form.getValues('recommendUser') });
    if (!checked.success) {
      // Empty field: the hint that a recommender is optional.
      form.clearErrors('recommendUser');
      setRecommenderNote(checked.error.issues[0]?.message ?? M.recommenderBlank);
      return;
    }
    const result = await checkRecommender(checked.data);
    if ('error' in result) {
      form.setValue('recommendUserId', null);
      form.setError('recommendUser', { message: errorMessage(result.error, M.recommenderInvalid) });
      return;
    }
    form.setValue('recommendUserId', result.data.userInfo);
    form.clearErrors('recommendUser');
    setRecommenderNote(result.data.message);
  };

  const onSubmit = form.onSubmit(async (data) => {
    const recommendType =
      auth.recommendUser !== '' && data.recommendUser === auth.recommendUser ? auth.recommendType : 'NORMAL';
    const result = await join({ ...data, recommendType });
    if ('error' in result) {
      form.setFailure(errorMessage(result.error, '회원 가입 중에 오류가 발생하였습니다. 다시 시도해 주세요.'));
      return;
    }
    notify.success(result.data.message);
    dispatch(recommenderSet({ recommendUser: '', recommendType: 'NORMAL' }));
    dispatch(registeredChanged(true));
    navigate(PATHS.login, { replace: true });
  });

  return (
    <section>
      <PageHeading title="회원 가입">회원 가입</PageHeading>
      <p className="lead">이메일로 가입하시면 단어장, 검색 기록, 친구 추천을 이용하실 수 있습니다.</p>
      <form className="account-form" noValidate onSubmit={onSubmit}>
        <RuleTextField form={form} label="이름" name="name" autoComplete="name" />
        <RuleTextField form={form} label="이메일" name="email" type="email" inputMode="email" autoComplete="email" />
        <RuleTextField
          form={form}
          label="연락처"
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          hint="‘-’ 없이 숫자만 입력해 주세요."
        />
        <RuleTextField
          form={form}
          label="비밀번호"
          name="password"
          // The confirmation is checked against the password, so both may change.
          recheck={['password', 'passwordConfirm']}
          type="password"
          autoComplete="new-password"
          hint="8자 이상 입력해 주세요."
        />
        <RuleTextField
          form={form}
          label="비밀번호 확인"
          name="passwordConfirm"
          type="password"
          autoComplete="new-password"
        />
        <RuleTextField
          form={form}
          label="추천인 (선택)"
          name="recommendUser"
          type="text"
          autoComplete="off"
          hint={recommendUserId !== null ? <span className="status-ok">{recommenderNote}</span> : recommenderNote}
          placeholder="추천인 이메일"
          onEdit={() => {
            form.setValue('recommendUserId', null);
            setRecommenderNote(null);
          }}
          action={
            <button type="button" className="button" onClick={() => void onRecommenderCheck()} disabled={checking}>
              추천인 확인
            </button>
          }
        />
        <RuleCheckField
          form={form}
          name="agreePrivacy"
          action={
            // A new tab keeps what has been typed here.
            <Link className="button button-small" to={PATHS.privacy} target="_blank" rel="noopener">
              개인정보 처리방침 보기<span className="sr-only"> (새 창)</span>
            </Link>
          }
        >
          서비스 제공을 위한 개인정보 이용에 동의합니다. (필수)
          <br />
          {/* What consent must tell (개인정보 보호법 §15②): items, purpose, period, the right to refuse. */}
          <span className="field-hint">
            수집 항목: 이메일 주소, 이름, 휴대전화 번호, 비밀번호 · 목적: 회원 관리와 서비스 제공 · 보유 기간: 회원 탈퇴
            시까지(법령에 따라 보관하는 기록은 제외). 동의하지 않을 수 있으나, 동의하지 않으면 가입할 수 없습니다.
          </span>
        </RuleCheckField>
        {/* The tick is the reader's word that they have seen the terms (spec §5); the button beside it shows them. */}
        <RuleCheckField
          form={form}
          name="agreeTerms"
          action={
            <button
              type="button"
              className="button button-small"
              aria-haspopup="dialog"
              onClick={() => setTermsOpen(true)}
            >
              이용약관 보기
            </button>
          }
        >
          이용약관을 확인하였으며 동의합니다. (필수) 만&nbsp;14세 미만은 법정대리인의 동의가 필요합니다.
        </RuleCheckField>
        <FormStatus message={form.failure} tone="error" />
        <button type="submit" className="button button-primary" disabled={isLoading}>
          가입하기
        </button>
      </form>
      <p>
        이미 회원이신가요? <Link to={PATHS.login}>로그인</Link>
      </p>
      <TermsDialog open={termsOpen} onClose={() => setTermsOpen(false)} />
    </section>
  );
}

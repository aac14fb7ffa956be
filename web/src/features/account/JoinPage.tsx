import { ACCOUNT_MESSAGES as M, JOIN_FIELDS, joinRequest, recommenderCheck } from '@syn/kit/rules';
import { useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../app/api';
import { PATHS } from '../../app/paths';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { PageHeading } from '../../ui/PageHeading';
import { notify } from '../../ui/toast';
import { TermsDialog } from '../info/TermsDialog';
import { useCheckRecommendUserInfoMutation, useJoinMutation } from './accountApi';
import { recommenderSet, registeredChanged, selectAuth } from './authSlice';
import { check, focusField, type FieldErrors } from './forms';
import { CheckField, FormStatus, TextField } from './FormFields';

/** The recommender's rule (recommendUserId) is shown at the recommender field. */
const FIELDS = JOIN_FIELDS.map((name) => (name === 'recommendUserId' ? 'recommendUser' : name));

export function JoinPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const auth = useAppSelector(selectAuth);
  const [values, setValues] = useState({
    name: '',
    email: '',
    phone: '',
    password: '',
    passwordConfirm: '',
  });
  const [agreePrivacy, setAgreePrivacy] = useState(false);
  const [agreeTerms, setAgreeTerms] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [recommendUser, setRecommendUser] = useState(auth.recommendUser);
  const [recommendUserId, setRecommendUserId] = useState<number | null>(null);
  const [recommenderNote, setRecommenderNote] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [join, { isLoading }] = useJoinMutation();
  const [checkRecommender, { isLoading: checking }] = useCheckRecommendUserInfoMutation();
  const formRef = useRef<HTMLFormElement>(null);

  // Spec §4: after registering, /join goes to /login.
  if (auth.registered) return <Navigate to={PATHS.login} replace />;

  interface Draft {
    form: typeof values;
    privacy: boolean;
    terms: boolean;
    recommender: string;
    recommenderId: number | null;
  }
  const draft = (): Draft => ({
    form: values,
    privacy: agreePrivacy,
    terms: agreeTerms,
    recommender: recommendUser,
    recommenderId: recommendUserId,
  });

  const payloadOf = ({ form, privacy, terms, recommender, recommenderId }: Draft) => ({
    ...form,
    agreePrivacy: privacy,
    agreeTerms: terms,
    recommendUser: recommender.trim(),
    recommendUserId: recommenderId,
    recommendType:
      auth.recommendUser !== '' && recommender.trim() === auth.recommendUser ? auth.recommendType : 'NORMAL',
  });

  /** The recommender's id rule is shown at the recommender field. */
  const shownErrors = (found: FieldErrors): FieldErrors => {
    const { recommendUserId: recommenderError, ...rest } = found;
    return { ...rest, ...(recommenderError ? { recommendUser: recommenderError } : {}) };
  };

  /**
   * After an edit, the edited fields that show an error are checked again: the error goes as
   * soon as the value is valid, and follows the value while it is not. Other fields are left
   * alone until the next submit, so nobody is scolded halfway through typing.
   */
  const recheck = (next: Draft, fields: readonly string[]) => {
    const checked = check(joinRequest, payloadOf(next), FIELDS);
    const now = checked.ok ? {} : shownErrors(checked.errors);
    setErrors((shown) => {
      const updated = { ...shown };
      for (const name of fields) if (shown[name] !== undefined) updated[name] = now[name];
      return updated;
    });
  };

  const set = (name: keyof typeof values) => (value: string) => {
    const form = { ...values, [name]: value };
    setValues(form);
    // The confirmation is checked against the password, so both may change.
    recheck({ ...draft(), form }, name === 'password' ? ['password', 'passwordConfirm'] : [name]);
  };

  const onRecommenderCheck = async () => {
    setRecommenderNote(null);
    const checked = check(recommenderCheck, { recommendUser }, ['recommendUser']);
    if (!checked.ok) {
      // Empty field: the hint that a recommender is optional.
      setErrors((e) => ({ ...e, recommendUser: undefined }));
      setRecommenderNote(checked.errors.recommendUser ?? M.recommenderBlank);
      return;
    }
    const result = await checkRecommender(checked.data);
    if ('error' in result) {
      setRecommendUserId(null);
      setErrors((e) => ({ ...e, recommendUser: errorMessage(result.error, M.recommenderInvalid) }));
      return;
    }
    setRecommendUserId(result.data.userInfo);
    setErrors((e) => ({ ...e, recommendUser: undefined }));
    setRecommenderNote(result.data.message);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const checked = check(joinRequest, payloadOf(draft()), FIELDS);
    if (!checked.ok) {
      setErrors(shownErrors(checked.errors));
      focusField(formRef.current, checked.first === 'recommendUserId' ? 'recommendUser' : checked.first);
      return;
    }
    setErrors({});
    const result = await join({ ...checked.data, passwordConfirm: values.passwordConfirm });
    if ('error' in result) {
      setFailure(errorMessage(result.error, '회원 가입 중에 오류가 발생하였습니다. 다시 시도해 주세요.'));
      return;
    }
    notify.success(result.data.message);
    dispatch(recommenderSet({ recommendUser: '', recommendType: 'NORMAL' }));
    dispatch(registeredChanged(true));
    navigate(PATHS.login, { replace: true });
  };

  return (
    <section>
      <PageHeading title="회원 가입">회원 가입</PageHeading>
      <p className="lead">이메일로 가입하시면 단어장, 검색 기록, 친구 추천을 이용하실 수 있습니다.</p>
      <form ref={formRef} className="account-form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label="이름"
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={set('name')}
          error={errors.name}
        />
        <TextField
          label="이메일"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
        />
        <TextField
          label="연락처"
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          hint="‘-’ 없이 숫자만 입력해 주세요."
          value={values.phone}
          onChange={set('phone')}
          error={errors.phone}
        />
        <TextField
          label="비밀번호"
          name="password"
          type="password"
          autoComplete="new-password"
          hint="8자 이상 입력해 주세요."
          value={values.password}
          onChange={set('password')}
          error={errors.password}
        />
        <TextField
          label="비밀번호 확인"
          name="passwordConfirm"
          type="password"
          autoComplete="new-password"
          value={values.passwordConfirm}
          onChange={set('passwordConfirm')}
          error={errors.passwordConfirm}
        />
        <TextField
          label="추천인 (선택)"
          name="recommendUser"
          type="text"
          autoComplete="off"
          hint={recommendUserId !== null ? <span className="status-ok">{recommenderNote}</span> : recommenderNote}
          placeholder="추천인 이메일"
          value={recommendUser}
          onChange={(value) => {
            setRecommendUser(value);
            setRecommendUserId(null);
            setRecommenderNote(null);
            recheck({ ...draft(), recommender: value, recommenderId: null }, ['recommendUser']);
          }}
          error={errors.recommendUser}
          action={
            <button type="button" className="button" onClick={() => void onRecommenderCheck()} disabled={checking}>
              추천인 확인
            </button>
          }
        />
        <CheckField
          name="agreePrivacy"
          checked={agreePrivacy}
          onChange={(checked) => {
            setAgreePrivacy(checked);
            recheck({ ...draft(), privacy: checked }, ['agreePrivacy']);
          }}
          error={errors.agreePrivacy}
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
        </CheckField>
        <CheckField
          name="agreeTerms"
          checked={agreeTerms}
          onChange={(checked) => {
            // The tick is the reader's word that they have seen the terms (spec §5); the button beside it shows them.
            setAgreeTerms(checked);
            recheck({ ...draft(), terms: checked }, ['agreeTerms']);
          }}
          error={errors.agreeTerms}
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
        </CheckField>
        <FormStatus message={failure} tone="error" />
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

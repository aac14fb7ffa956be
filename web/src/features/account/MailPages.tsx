import { ACCOUNT_MESSAGES as M, changeByMailRequest, emailRequest, mailLink } from '@syn/kit/rules';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../app/api';
import { MAIL_LINK_PARAMS, PATHS } from '../../app/paths';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { Loader } from '../../ui/Loader';
import { PageHeading } from '../../ui/PageHeading';
import { notify } from '../../ui/toast';
import {
  useCertifyMutation,
  useChangePasswordByMailMutation,
  useConfirmEmailMutation,
  useFindMutation,
  type MessageResult,
} from './accountApi';
import { emailAuthenticatedChanged, passwordChangedByMail, selectAuth } from './authSlice';
import { check, focusField, type FieldErrors } from './forms';
import { FormStatus, TextField } from './FormFields';

const REQUEST_FAILED = '요청을 처리하는 중에 오류가 발생하였습니다. 다시 시도해 주세요.';

type EmailCall = (arg: { email: string }) => Promise<{ data: MessageResult } | { error: unknown }>;

/** One email field and a button: password-reset request and (re)sending the verification mail. */
function EmailRequestForm({ call, busy, buttonLabel }: { call: EmailCall; busy: boolean; buttonLabel: string }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<{ message: string; tone: 'error' | 'success' } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setResult(null);
    const checked = check(emailRequest, { email }, ['email']);
    if (!checked.ok) {
      setError(checked.errors.email);
      focusField(formRef.current, 'email');
      return;
    }
    setError(undefined);
    const answer = await call(checked.data);
    if ('error' in answer) setResult({ message: errorMessage(answer.error, REQUEST_FAILED), tone: 'error' });
    else setResult({ message: answer.data.message, tone: 'success' });
  };
  return (
    <form ref={formRef} className="account-form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label="이메일"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        error={error}
      />
      <FormStatus message={result?.message ?? null} tone={result?.tone ?? 'success'} />
      <button type="submit" className="button button-primary" disabled={busy}>
        {buttonLabel}
      </button>
    </form>
  );
}

export function FindPage() {
  const [find, { isLoading }] = useFindMutation();
  return (
    <section>
      <PageHeading title="비밀번호 찾기">비밀번호 찾기</PageHeading>
      <p className="lead">가입한 이메일을 입력하시면 비밀번호를 새로 정하는 링크를 메일로 보내 드립니다.</p>
      <EmailRequestForm call={(arg) => find(arg)} busy={isLoading} buttonLabel="재설정 메일 받기" />
      <p>
        <Link to={PATHS.login}>로그인으로 돌아가기</Link>
      </p>
    </section>
  );
}

/** Spec §2.1: a signed-in (so verified) member leaves the verification pages for the previous path or /. */
function useLeaveWhenSignedIn(): boolean {
  const { authenticated } = useAppSelector(selectAuth);
  const navigate = useNavigate();
  useEffect(() => {
    if (!authenticated) return;
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(PATHS.root, { replace: true });
  }, [authenticated, navigate]);
  return authenticated;
}

function VerificationMailPage({ title }: { title: string }) {
  const [certify, { isLoading }] = useCertifyMutation();
  const leaving = useLeaveWhenSignedIn();
  if (leaving) return <Loader />;
  return (
    <section>
      <PageHeading title={title}>{title}</PageHeading>
      <p className="lead">
        가입한 이메일을 입력하시면 인증 메일을 다시 보내 드립니다. 메일의 링크를 누르면 인증이 끝납니다.
      </p>
      <EmailRequestForm call={(arg) => certify(arg)} busy={isLoading} buttonLabel="인증 메일 받기" />
      <p>
        <Link to={PATHS.login}>로그인으로 돌아가기</Link>
      </p>
    </section>
  );
}

export const RecertifyPage = () => <VerificationMailPage title="인증 메일 다시 받기" />;
export const CertifyPage = () => <VerificationMailPage title="이메일 인증" />;
export const CertifyEmailPage = CertifyPage;

/** id and key of a mail link, or null (after telling the user and going to /login) when one is missing. */
function useMailLink(): { secretId: string; secretKey: string } | null {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const parsed = mailLink.safeParse({
    secretId: params.get(MAIL_LINK_PARAMS.id) ?? '',
    secretKey: params.get(MAIL_LINK_PARAMS.key) ?? '',
  });
  const valid = parsed.success ? parsed.data : null;
  const told = useRef(false);
  useEffect(() => {
    if (valid || told.current) return;
    told.current = true;
    notify.warn(M.badLink);
    void navigate(PATHS.login, { replace: true });
  }, [valid, navigate]);
  return valid;
}

export function ConfirmEmailPage() {
  const link = useMailLink();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [confirm] = useConfirmEmailMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const sent = useRef(false);
  const secretId = link?.secretId;
  const secretKey = link?.secretKey;

  // Automatic on arrival (spec §2.3); the link works once, so it is sent once.
  useEffect(() => {
    if (!secretId || !secretKey || sent.current) return;
    sent.current = true;
    void confirm({ secretId, secretKey }).then((result) => {
      if ('error' in result) {
        setFailure(errorMessage(result.error, REQUEST_FAILED));
        return;
      }
      notify.success(result.data.message);
      dispatch(emailAuthenticatedChanged(true));
      void navigate(PATHS.login, { replace: true });
    });
  }, [secretId, secretKey, confirm, dispatch, navigate]);

  return (
    <section>
      <PageHeading title="이메일 확인">이메일 확인</PageHeading>
      {failure ? (
        <>
          <FormStatus message={failure} tone="error" />
          <p className="actions">
            <Link className="button button-primary" to={PATHS.recertify}>
              인증 메일 다시 받기
            </Link>
            <Link className="button" to={PATHS.login}>
              로그인
            </Link>
          </p>
        </>
      ) : (
        <p role="status">이메일 인증을 확인하고 있습니다…</p>
      )}
    </section>
  );
}

export function ChangePwByMailPage() {
  const link = useMailLink();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [passwordConfirm, setPasswordConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [change, { isLoading }] = useChangePasswordByMailMutation();
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!link) return;
    setFailure(null);
    const checked = check(changeByMailRequest, { ...link, password, passwordConfirm }, [
      'secretId',
      'secretKey',
      'password',
      'passwordConfirm',
    ]);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusField(formRef.current, checked.first);
      return;
    }
    setErrors({});
    const result = await change({ ...link, password, passwordConfirm });
    if ('error' in result) {
      setFailure(errorMessage(result.error, REQUEST_FAILED));
      return;
    }
    notify.success(result.data.message);
    dispatch(passwordChangedByMail(true));
    void navigate(PATHS.login, { replace: true });
  };

  return (
    <section>
      <PageHeading title="새 비밀번호 설정">새 비밀번호 설정</PageHeading>
      <p className="lead">앞으로 사용할 새 비밀번호를 입력해 주세요.</p>
      <form ref={formRef} className="account-form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label="새 비밀번호"
          name="password"
          type="password"
          autoComplete="new-password"
          hint="8자 이상 입력해 주세요."
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <TextField
          label="새 비밀번호 확인"
          name="passwordConfirm"
          type="password"
          autoComplete="new-password"
          value={passwordConfirm}
          onChange={setPasswordConfirm}
          error={errors.passwordConfirm}
        />
        <FormStatus message={failure} tone="error" />
        <button type="submit" className="button button-primary" disabled={isLoading || !link}>
          비밀번호 변경
        </button>
      </form>
    </section>
  );
}

import { loginRequest } from '@syn/kit/rules';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../app/api';
import { PATHS } from '../../app/paths';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { PageHeading } from '../../ui/PageHeading';
import { notify } from '../../ui/toast';
import { useLoginMutation, useUpdateUserConnectInfoMutation } from './accountApi';
import { selectAuth } from './authSlice';
import { ChoiceDialog } from './ChoiceDialog';
import { deviceVerdict, localAuthKey } from './deviceKey';
import { check, focusField, type FieldErrors } from './forms';
import { FormStatus, TextField } from './FormFields';
import { fromOf } from './MemberOnly';
import { abandonLogin, signedIn } from './session';
import { readLastLoginEmail, writeAuthKey, type StoredUser } from './storedUser';

const FIELDS = ['email', 'password'] as const;
const CONNECT_INFO_FAILED = '접속 정보가 올바르지 않습니다. 다시 시도해 주세요.';

export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { registered, emailAuthenticated, changed } = useAppSelector(selectAuth);
  const [email, setEmail] = useState(readLastLoginEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<{ message: string; resendPath: string | null } | null>(null);
  const [pending, setPending] = useState<{ user: StoredUser; key: string } | null>(null);
  const [login, { isLoading }] = useLoginMutation();
  const [claim, { isLoading: claiming }] = useUpdateUserConnectInfoMutation();
  const formRef = useRef<HTMLFormElement>(null);

  const proceed = (user: StoredUser, key: string) => {
    dispatch(signedIn({ ...user, curKey: key }));
    navigate(fromOf(location.state), { replace: true });
  };

  /** Makes this browser the member's current device (updateUserConnectInfo), then goes on. */
  const claimDevice = async (user: StoredUser, key: string) => {
    const result = await claim({ userId: user.id, userAuthKey: key });
    if ('error' in result) {
      notify.error(errorMessage(result.error, CONNECT_INFO_FAILED));
      setPending(null);
      await dispatch(abandonLogin());
      return;
    }
    writeAuthKey(result.data.authKey);
    setPending(null);
    proceed(user, result.data.authKey);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const checked = check(loginRequest, { email, password }, FIELDS);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusField(formRef.current, checked.first);
      return;
    }
    setErrors({});
    const result = await login(checked.data);
    if ('error' in result) {
      const data = (result.error as { data?: { resendPath?: unknown } }).data;
      setFailure({
        message: errorMessage(result.error, '로그인 중에 오류가 발생하였습니다. 다시 시도해 주세요.'),
        resendPath: typeof data?.resendPath === 'string' ? PATHS.recertify : null,
      });
      return;
    }
    const user = result.data;
    if (!user) {
      setFailure({ message: '사용자 정보가 올바르지 않습니다. 웹 종료 후 다시 시도해 주세요.', resendPath: null });
      return;
    }
    const key = localAuthKey();
    // Every new session claims its device (the server gives paid content only to the current one);
    // the member is asked first only when another device's live session holds the account.
    if (deviceVerdict(user.curKey, key) === 'duplicate') setPending({ user, key });
    else await claimDevice(user, key);
  };

  const notice = registered
    ? '가입하신 이메일로 인증 메일을 보냈습니다. 메일의 링크로 인증을 마친 뒤 로그인해 주세요.'
    : emailAuthenticated
      ? '이메일 인증이 완료되었습니다. 로그인해 주세요.'
      : changed
        ? '비밀번호가 변경되었습니다. 새 비밀번호로 로그인해 주세요.'
        : null;

  return (
    <section>
      <PageHeading title="로그인">로그인</PageHeading>
      <FormStatus message={notice} tone="success" />
      <form ref={formRef} className="account-form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label="이메일"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="username"
          value={email}
          onChange={setEmail}
          error={errors.email}
        />
        <TextField
          label="비밀번호"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        {failure && (
          <div className="callout callout-warning" role="alert">
            <p>{failure.message}</p>
            {failure.resendPath && <Link to={failure.resendPath}>인증 메일 다시 받기</Link>}
          </div>
        )}
        <button type="submit" className="button button-primary" disabled={isLoading || claiming}>
          로그인
        </button>
      </form>
      <ul className="form-links">
        <li>
          <Link to={PATHS.join}>회원 가입</Link>
        </li>
        <li>
          <Link to={PATHS.recertify}>인증 메일 다시 받기</Link>
        </li>
        <li>
          <Link to={PATHS.find}>비밀번호 찾기</Link>
        </li>
      </ul>
      <ChoiceDialog
        open={pending !== null}
        title="중복 로그인"
        confirmLabel="이 기기에서 계속"
        cancelLabel="로그인 취소"
        busy={claiming}
        onConfirm={() => {
          if (pending) void claimDevice(pending.user, pending.key);
        }}
        onCancel={() => {
          setPending(null);
          void dispatch(abandonLogin());
        }}
      >
        <p>다른 기기에서 이 계정으로 로그인되어 있습니다.</p>
        <p>
          [이 기기에서 계속]을 누르면 다른 기기는 로그아웃됩니다. [로그인 취소]를 누르면 이 기기에서는 로그인하지
          않습니다.
        </p>
      </ChoiceDialog>
    </section>
  );
}

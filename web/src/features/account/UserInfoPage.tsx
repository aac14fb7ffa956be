import { ACCOUNT_MESSAGES as M, legacyLookupRequest, profileRequest } from '@syn/kit/rules';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../app/api';
import { PATHS } from '../../app/paths';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { Loader } from '../../ui/Loader';
import { PageHeading } from '../../ui/PageHeading';
import { notify } from '../../ui/toast';
import {
  useCombinePrevUserInfoMutation,
  useGetUserInfoQuery,
  useSearchPrevUserInfoMutation,
  useUpdateUserProfileMutation,
  type AccountUser,
  type LegacyHistory,
  type PayHistoryItem,
} from './accountApi';
import { selectUser } from './authSlice';
import { check, focusField, type FieldErrors } from './forms';
import { CheckField, FormStatus, ReadOnlyField, TextField } from './FormFields';
import { MemberOnly } from './MemberOnly';
import { logout } from './session';

const TITLE = '내 정보';
const LOAD_FAILED = '데이터를 불러오는 중에 오류가 발생하였습니다. 다시 시도해 주세요.';
/** Spec §8 "no period to convert or already converted" (the service answers the same text). */
const NOTHING_TO_CONVERT = '전환할 기간이 없거나 이미 전환되었습니다.';
const DAY_MS = 24 * 3600 * 1000;

function ProfileForm({ user }: { user: AccountUser }) {
  const [userName, setUserName] = useState(user.userName);
  const [userPhone, setUserPhone] = useState(user.userPhone);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<{ message: string; tone: 'error' | 'success' } | null>(null);
  const [save, { isLoading }] = useUpdateUserProfileMutation();
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setResult(null);
    const checked = check(profileRequest, { userName, userPhone }, ['userName', 'userPhone']);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusField(formRef.current, checked.first);
      return;
    }
    setErrors({});
    const answer = await save(checked.data);
    if ('error' in answer) setResult({ message: errorMessage(answer.error, LOAD_FAILED), tone: 'error' });
    else setResult({ message: answer.data.message, tone: 'success' });
  };

  return (
    <form ref={formRef} className="account-form" noValidate onSubmit={(event) => void submit(event)}>
      <ReadOnlyField label="이메일" value={user.userEmail} />
      <TextField
        label="이름"
        name="userName"
        autoComplete="name"
        value={userName}
        onChange={setUserName}
        error={errors.userName}
      />
      <TextField
        label="연락처"
        name="userPhone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        hint="‘-’ 없이 숫자만 입력해 주세요."
        value={userPhone}
        onChange={setUserPhone}
        error={errors.userPhone}
      />
      <FormStatus message={result?.message ?? null} tone={result?.tone ?? 'success'} />
      <button type="submit" className="button button-primary" disabled={isLoading}>
        정보 수정
      </button>
    </form>
  );
}

/** Spec §4 legacy period: N expired; Y with TRANSFER null shows the days left; Y with TRANSFER Y merged. */
function legacyState(item: PayHistoryItem, today: number): string {
  if (item.CURSTAT !== 'Y') return '기간 만료';
  if (item.TRANSFER === 'Y') return '통합 완료';
  const end = Date.parse(`${item.EDATE.slice(0, 10)}T00:00:00Z`);
  const days = Number.isNaN(end) ? 0 : Math.max(0, Math.floor((end - today) / DAY_MS));
  return `남은 기간 ${days}일`;
}

function LegacyMergePanel({ userId }: { userId: number }) {
  const [legacyId, setLegacyId] = useState('');
  const [legacyPw, setLegacyPw] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [loaded, setLoaded] = useState<{ id: string; history: LegacyHistory } | null>(null);
  const [agreement, setAgreement] = useState(false);
  const [agreementError, setAgreementError] = useState<string | undefined>();
  const [search, { isLoading: searching }] = useSearchPrevUserInfoMutation();
  const [combine, { isLoading: combining }] = useCombinePrevUserInfoMutation();
  const formRef = useRef<HTMLFormElement>(null);
  const now = new Date();
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());

  const lookUp = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = check(legacyLookupRequest, { userId: legacyId, userPw: legacyPw }, ['userId', 'userPw']);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusField(formRef.current, checked.first === 'userId' ? 'legacyId' : 'legacyPw');
      return;
    }
    setErrors({});
    const answer = await search(checked.data);
    if ('error' in answer) {
      setLoaded(null);
      notify.error(
        errorMessage(answer.error, '이전 서비스 정보를 불러오는 중에 오류가 발생하였습니다. 다시 시도해 주세요.'),
      );
      return;
    }
    setLoaded({ id: checked.data.userId, history: answer.data });
  };

  const merge = async () => {
    // Spec §5: loaded data, a positive remaining-day sum, then the agreement.
    if (!loaded) {
      notify.warn('이전 서비스 정보를 먼저 조회해 주세요.');
      return;
    }
    if (loaded.history.remainedDay <= 0) {
      notify.warn(NOTHING_TO_CONVERT);
      return;
    }
    if (!agreement) {
      setAgreementError(M.legacyAgreement);
      return;
    }
    setAgreementError(undefined);
    const items = loaded.history.results.payHistoryItems;
    const answer = await combine({
      userId,
      prevUserId: loaded.id,
      remainedDay: loaded.history.remainedDay,
      startDate: items[0]?.SDATE ?? '',
      endDate: items[items.length - 1]?.EDATE ?? '',
      agreement: 'T',
    });
    if ('error' in answer) {
      notify.error(errorMessage(answer.error, '기간 통합 중에 오류가 발생하였습니다. 다시 시도해 주세요.'));
      return;
    }
    notify.success(answer.data.message);
    setAgreement(false);
    // The periods as they are now (the merged one reads 통합 완료), not as they were before the merge.
    const fresh = await search({ userId: loaded.id, userPw: legacyPw });
    setLoaded(
      'error' in fresh
        ? { ...loaded, history: { ...loaded.history, remainedDay: 0 } }
        : { id: loaded.id, history: fresh.data },
    );
  };

  const items = loaded?.history.results.payHistoryItems ?? [];
  return (
    <section className="account-panel" aria-labelledby="legacy-title">
      <h2 id="legacy-title">이전 서비스 기간 통합</h2>
      <p>
        이전 ‘기본 유의어 사전’ 앱에서 남은 이용 기간을 이 서비스로 옮길 수 있습니다. 남은 기간에 1개월을 더해 드립니다.
      </p>
      <form ref={formRef} className="account-form" noValidate onSubmit={(event) => void lookUp(event)}>
        <TextField
          label="이전 서비스 아이디"
          name="legacyId"
          autoComplete="off"
          value={legacyId}
          onChange={setLegacyId}
          error={errors.userId}
        />
        <TextField
          label="이전 서비스 비밀번호"
          name="legacyPw"
          type="password"
          autoComplete="off"
          value={legacyPw}
          onChange={setLegacyPw}
          error={errors.userPw}
        />
        <button type="submit" className="button" disabled={searching}>
          이용 기간 조회
        </button>
      </form>
      {loaded && (
        <>
          <div className="table-scroll">
            <table className="table">
              <caption className="sr-only">이전 서비스 이용 기간</caption>
              <thead>
                <tr>
                  <th scope="col">시작일</th>
                  <th scope="col">종료일</th>
                  <th scope="col">상태</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={`${item.SDATE}-${item.EDATE}`}>
                    <td>{item.SDATE.slice(0, 10)}</td>
                    <td>{item.EDATE.slice(0, 10)}</td>
                    <td>{legacyState(item, today)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p role="status">
            옮길 수 있는 기간: <strong>{loaded.history.remainedDay}일</strong>
          </p>
          <CheckField name="legacyAgreement" checked={agreement} onChange={setAgreement} error={agreementError}>
            이전 서비스의 남은 기간을 이 계정으로 통합하는 데 동의합니다. 통합한 기간은 되돌릴 수 없습니다.
          </CheckField>
          <p>
            <button type="button" className="button button-primary" onClick={() => void merge()} disabled={combining}>
              기간 통합
            </button>
          </p>
        </>
      )}
    </section>
  );
}

function UserInfo({ userId }: { userId: number }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { data: user, error, isLoading } = useGetUserInfoQuery(userId, { refetchOnMountOrArgChange: true });
  useEffect(() => {
    if (error) notify.error(errorMessage(error, LOAD_FAILED));
  }, [error]);
  return (
    <section>
      <PageHeading title={TITLE}>{TITLE}</PageHeading>
      <p className="actions account-shortcuts">
        <button
          type="button"
          className="button"
          onClick={() => {
            void dispatch(logout());
            void navigate(PATHS.root);
          }}
        >
          로그아웃
        </button>
        <Link className="button" to={PATHS.changePw}>
          비밀번호 변경
        </Link>
      </p>
      {isLoading && <Loader />}
      {error !== undefined && <FormStatus message={errorMessage(error, LOAD_FAILED)} tone="error" />}
      {user && (
        <>
          {user.status === 'none' && (
            <div className="callout callout-warning" role="note">
              <p>현재 이용 중인 이용권이 없습니다. 이용권을 구매하시면 모든 유의어를 보실 수 있습니다.</p>
              <Link to={PATHS.payment}>이용권 구매하기</Link>
            </div>
          )}
          <ProfileForm user={user} />
          <LegacyMergePanel userId={userId} />
        </>
      )}
    </section>
  );
}

export function UserInfoPage() {
  const user = useAppSelector(selectUser);
  return <MemberOnly title={TITLE}>{user && <UserInfo userId={user.id} />}</MemberOnly>;
}

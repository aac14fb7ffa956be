import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../../app/api';
import { PATHS } from '../../../app/paths';
import { routeInfo } from '../../../app/routeTable';
import { Loader } from '../../../ui/Loader';
import { PageHeading } from '../../../ui/PageHeading';
import { notify } from '../../../ui/toast';
import { GradeBadge } from './UserListPage';
import { ADMIN_USER_TEXTS as T, EMAIL_STATES, kstDate, PERMISSIONS } from './texts';
import { useUpdateUserMutation, useUserDetailQuery } from './usersApi';
import './users.css';

const emailStateLabel = (v: string) => EMAIL_STATES.find((s) => s.value === v)?.label ?? v;
const permissionLabel = (grade: number) => PERMISSIONS.find((p) => p.value === grade)?.label ?? String(grade);

/** /mgrUser/UserDetail/{id} (spec §2.5 item 2): read-only facts, verification and permission selectors, save. */
export function UserDetailPage() {
  const { title } = routeInfo('mgrUserDetail');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const userId = /^\d{1,10}$/.test(id) && Number(id) > 0 ? Number(id) : 0;
  const { data, error, isFetching } = useUserDetailQuery(userId, { skip: userId === 0 });
  const [update, updating] = useUpdateUserMutation();
  const [checkEmail, setCheckEmail] = useState<'T' | 'F'>('F');
  const [grade, setGrade] = useState(1);
  const user = data?.data;

  useEffect(() => {
    if (user) {
      setCheckEmail(user.CHECK_EMAIL);
      setGrade(user.GRADE === 0 ? 0 : 1);
    }
  }, [user]);
  useEffect(() => {
    if (error) notify.error(errorMessage(error, T.loadError));
  }, [error]);

  const save = async () => {
    // Spec §5: saving needs the user id.
    if (!user || userId === 0) {
      notify.warn(T.userInvalid);
      return;
    }
    try {
      // Unlike the original screen, the chosen permission is sent too.
      const result = await update({ userId, userCheckEmail: checkEmail, grade }).unwrap();
      notify.success(result.message);
    } catch (err) {
      notify.error(errorMessage(err, T.updateError));
    }
  };

  return (
    <section className="admin-page">
      <PageHeading title={title}>{title}</PageHeading>
      {userId === 0 ? (
        <p className="callout callout-warning" role="alert">
          {T.userInvalid}
        </p>
      ) : !user && isFetching ? (
        <Loader />
      ) : user ? (
        <>
          <dl className="user-detail">
            <div>
              <dt>이메일</dt>
              <dd>{user.USEREMAIL}</dd>
            </div>
            <div>
              <dt>이름</dt>
              <dd>{user.USERNAME}</dd>
            </div>
            <div>
              <dt>연락처</dt>
              <dd>{user.PHONENUMBER || '-'}</dd>
            </div>
            <div>
              <dt>이메일 인증</dt>
              <dd data-testid="email-state">{emailStateLabel(user.CHECK_EMAIL)}</dd>
            </div>
            <div>
              <dt>권한</dt>
              <dd>{permissionLabel(user.GRADE)}</dd>
            </div>
            <div>
              <dt>등급</dt>
              <dd>
                <GradeBadge status={user.STATUS} />
              </dd>
            </div>
            <div>
              <dt>가입일</dt>
              <dd>{kstDate(user.CREATED_DATE)}</dd>
            </div>
          </dl>
          <div className="user-filter">
            <div className="user-field">
              <label htmlFor="user-check-email">이메일 인증 변경</label>
              <select
                id="user-check-email"
                value={checkEmail}
                onChange={(e) => setCheckEmail(e.target.value === 'T' ? 'T' : 'F')}
              >
                {EMAIL_STATES.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="user-field">
              <label htmlFor="user-grade">권한 변경</label>
              <select id="user-grade" value={grade} onChange={(e) => setGrade(Number(e.target.value) === 0 ? 0 : 1)}>
                {PERMISSIONS.map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </>
      ) : (
        <p className="callout callout-warning" role="alert">
          {T.empty}
        </p>
      )}
      <div className="actions">
        <button
          type="button"
          className="button"
          onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(PATHS.mgrUser))}
        >
          뒤로
        </button>
        <button
          type="button"
          className="button button-primary"
          onClick={() => void save()}
          disabled={updating.isLoading}
        >
          저장
        </button>
      </div>
    </section>
  );
}

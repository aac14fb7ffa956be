import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../app/api';
import { mgrUserDetailPath, mgrUserOrderDetailPath } from '../../../app/paths';
import { routeInfo } from '../../../app/routeTable';
import { DataTable } from '../../../ui/DataTable';
import { PageHeading } from '../../../ui/PageHeading';
import { notify } from '../../../ui/toast';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { SearchHistoryDialog } from './SearchHistoryDialog';
import { ADMIN_USER_TEXTS as T, kstDate, SEARCH_COLUMNS, STATUS_FILTERS } from './texts';
import { useDeleteUserMutation, useSearchUsersQuery, type AdminUserRow, type UserSearchParams } from './usersApi';
import './users.css';

/** Spec §9: admin lists show 10 a page. */
const PAGE_SIZE = 10;
const numberFormat = new Intl.NumberFormat('ko-KR');
const n = (value: number) => numberFormat.format(value);

type Filters = Pick<UserSearchParams, 'userStatus' | 'userCol' | 'searchName'>;

/** Orange "basic" for a member whose pass is in use (STATUS START), grey "free" otherwise. */
export function GradeBadge({ status }: { status: string }) {
  return status === 'START' ? (
    <span className="badge badge-basic">기본</span>
  ) : (
    <span className="badge badge-muted">무료</span>
  );
}

/** /mgrUser (spec §2.5 item 1). */
export function UserListPage() {
  const { title } = routeInfo('mgrUser');
  const navigate = useNavigate();
  const [form, setForm] = useState<Filters>({ userStatus: 'ALL', userCol: 'email', searchName: '' });
  const [filters, setFilters] = useState<Filters>(form);
  const [page, setPage] = useState(1);
  const [history, setHistory] = useState<{ id: number; email: string } | null>(null);
  const [toDelete, setToDelete] = useState<AdminUserRow | null>(null);
  const { data, error, isFetching } = useSearchUsersQuery({ ...filters, pageSize: PAGE_SIZE, pageNum: page - 1 });
  const [deleteUser, deleting] = useDeleteUserMutation();

  useEffect(() => {
    if (error) notify.error(errorMessage(error, T.loadError));
  }, [error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...form, searchName: form.searchName.trim() });
    setPage(1);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      const result = await deleteUser(toDelete.ID).unwrap();
      notify.success(result.message);
      setToDelete(null);
    } catch (err) {
      notify.error(errorMessage(err, T.deleteError));
    }
  };

  const totalPages = data ? Math.ceil(data.searchTotal / PAGE_SIZE) : 0;
  return (
    <section className="admin-page">
      <PageHeading title={title}>{title}</PageHeading>
      <form className="user-filter" onSubmit={submit} aria-label="회원 검색">
        <div className="user-field">
          <label htmlFor="user-status">회원 상태</label>
          <select
            id="user-status"
            value={form.userStatus}
            onChange={(e) => {
              const userStatus = e.target.value as Filters['userStatus'];
              setForm((f) => ({ ...f, userStatus }));
              // The status filter applies at once; the keyword waits for the search button.
              setFilters((f) => ({ ...f, userStatus }));
              setPage(1);
            }}
          >
            {STATUS_FILTERS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <div className="user-field">
          <label htmlFor="user-col">검색 항목</label>
          <select
            id="user-col"
            value={form.userCol}
            onChange={(e) => setForm((f) => ({ ...f, userCol: e.target.value as Filters['userCol'] }))}
          >
            {SEARCH_COLUMNS.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <div className="user-field user-field-grow">
          <label htmlFor="user-keyword">검색어</label>
          <input
            id="user-keyword"
            type="search"
            value={form.searchName}
            maxLength={100}
            onChange={(e) => setForm((f) => ({ ...f, searchName: e.target.value }))}
          />
        </div>
        <button type="submit" className="button button-primary">
          검색
        </button>
      </form>

      {data && (
        <dl className="user-totals" aria-label="회원 수">
          <div>
            <dt>검색 결과</dt>
            <dd data-testid="search-total">{n(data.searchTotal)}명</dd>
          </div>
          <div>
            <dt>전체</dt>
            <dd>{n(data.userTotal)}명</dd>
          </div>
          <div>
            <dt>유료</dt>
            <dd>{n(data.paidTotal)}명</dd>
          </div>
          <div>
            <dt>무료</dt>
            <dd>{n(data.freeTotal)}명</dd>
          </div>
        </dl>
      )}

      <DataTable
        loading={!data && isFetching}
        rows={data?.datas ?? []}
        rowKey={(user) => user.ID}
        empty={T.empty}
        emptyAs="row"
        className="user-table"
        caption="회원 목록"
        columns={[
          { header: 'No.', label: 'No.', numeric: true, cell: (_user, index) => (page - 1) * PAGE_SIZE + index + 1 },
          { header: '이메일', label: '이메일', className: 'cell-title', cell: (user) => user.USEREMAIL },
          { header: '이름', label: '이름', cell: (user) => user.USERNAME },
          {
            header: '등급',
            label: '등급',
            cell: (user) => (
              <span>
                <GradeBadge status={user.STATUS} />
              </span>
            ),
          },
          { header: '가입일', label: '가입일', cell: (user) => kstDate(user.CREATED_DATE) },
          // Short visible words keep the four buttons on one line; each name still says whose and what.
          {
            header: '관리',
            label: '관리',
            className: 'cell-actions',
            cell: (user) => (
              <div className="user-actions">
                <button
                  type="button"
                  className="button button-small"
                  onClick={() => navigate(mgrUserDetailPath(user.ID))}
                  aria-label={`${user.USEREMAIL} 상세`}
                >
                  상세
                </button>
                <button
                  type="button"
                  className="button button-small"
                  onClick={() => navigate(mgrUserOrderDetailPath(user.ID))}
                  aria-label={`${user.USEREMAIL} 주문 정보`}
                >
                  주문
                </button>
                <button
                  type="button"
                  className="button button-small"
                  onClick={() => setHistory({ id: user.ID, email: user.USEREMAIL })}
                  aria-label={`${user.USEREMAIL} 사전 이용 정보`}
                >
                  사전 이용
                </button>
                <button
                  type="button"
                  className="button button-small button-danger"
                  onClick={() => setToDelete(user)}
                  aria-label={`${user.USEREMAIL} 회원 삭제`}
                >
                  삭제
                </button>
              </div>
            ),
          },
        ]}
        pager={{ page, totalPages, onChange: setPage, window: { siblings: 2 }, label: '회원 목록 페이지' }}
      />

      <SearchHistoryDialog user={history} onClose={() => setHistory(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title="회원 삭제"
        message={toDelete ? T.deleteConfirm(toDelete.USEREMAIL) : ''}
        confirmLabel="삭제"
        busy={deleting.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}

import {
  ADMIN_COUPON_STATUSES,
  BILLING_MESSAGES,
  COUPON_DETAIL_FIELDS,
  COUPON_MESSAGES as M,
  couponDetailForm,
  createCount as createCountRule,
} from '@syn/kit/rules';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../app/api';
import { PATHS } from '../../../app/paths';
import { routeInfo } from '../../../app/routeTable';
import { useAppSelector } from '../../../app/store';
import { DataTable } from '../../../ui/DataTable';
import { Loader } from '../../../ui/Loader';
import { PageHeading } from '../../../ui/PageHeading';
import { listPager } from '../../../ui/Pager';
import { notify } from '../../../ui/toast';
import { selectUser } from '../../account/authSlice';
import { check, type FieldErrors } from '../../account/forms';
import type { FoundUser } from '../../coupon/couponApi';
import '../../coupon/coupon.css';
import './couponDetail.css';
import { todayKst } from '../../coupon/texts';
import { UserSearch } from '../../coupon/UserSearch';
import {
  ADMIN_STATUS_WORDS,
  COUPON_LOAD_ERROR,
  NO_COUPON,
  useDeleteCouponMutation,
  useGroupCouponsQuery,
  useInsertCouponsMutation,
  useUpdateCouponMutation,
  type AdminCouponRow,
} from './adminCouponApi';

const PAGE_SIZE = 10;
/** A coupon whose member withdrew: nobody holds it, and who it was is erased. */
const WITHDRAWN_MEMBER = BILLING_MESSAGES.withdrawnMember;
/** Who holds the coupon, as the admin screens say it: a withdrawn member's email is gone. */
const couponUserText = (c: AdminCouponRow) => (c.OWNER_WITHDRAWN ? WITHDRAWN_MEMBER : c.USEREMAIL);
export const couponDetailPath = (groupId: number, couponId: number) =>
  `${PATHS.mgrCouponListDetail}?groupId=${groupId}&couponId=${couponId}`;

function NoGroup({ title }: { title: string }) {
  return (
    <section className="admin-page">
      <PageHeading title={title}>{title}</PageHeading>
      <p className="callout callout-warning">{M.groupNotFound}</p>
      <Link to={PATHS.mgrCoupon}>쿠폰 그룹 목록으로</Link>
    </section>
  );
}

/** /mgrCoupon/List?groupId= (spec §2.5 item 8). */
export function MgrCouponListPage() {
  const { title } = routeInfo('mgrCouponList');
  const navigate = useNavigate();
  const groupId = Number(useSearchParams()[0].get('groupId'));
  const adminId = useAppSelector(selectUser)?.id ?? 0;
  const [status, setStatus] = useState('ALL');
  const [page, setPage] = useState(1);
  // Spec §9: the default create-more count is 1.
  const [count, setCount] = useState('1');
  const list = useGroupCouponsQuery(
    { couponGroupId: groupId, couponStatus: status, pageSize: PAGE_SIZE, pageNum: page - 1 },
    { skip: !(groupId > 0) },
  );
  const [insert, inserting] = useInsertCouponsMutation();
  const [remove] = useDeleteCouponMutation();
  useEffect(() => {
    if (list.error) notify.error(errorMessage(list.error, COUPON_LOAD_ERROR));
  }, [list.error]);
  if (!(groupId > 0) || (list.isError && !list.data)) return <NoGroup title={title} />;
  if (!list.data) return <Loader />;
  const { group, datas: rows, totalCount: total } = list.data;

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createCountRule.safeParse(count);
    if (!parsed.success) return notify.warn(parsed.error.issues[0]?.message ?? M.createCountRequired);
    try {
      const r = await insert({ userId: adminId, couponGroupId: groupId, createCount: parsed.data }).unwrap();
      notify.success(r.message);
    } catch (err) {
      notify.error(errorMessage(err, COUPON_LOAD_ERROR));
    }
  };
  const del = async (c: AdminCouponRow) => {
    try {
      notify.success((await remove({ couponId: c.ID, groupId }).unwrap()).message);
    } catch (err) {
      notify.error(errorMessage(err, COUPON_LOAD_ERROR));
    }
  };

  return (
    <section className="admin-page">
      <PageHeading title={title}>{title}</PageHeading>
      <dl className="coupon-summary" aria-label="쿠폰 그룹">
        <dt>쿠폰 종류</dt>
        <dd>{group.product.NAME}</dd>
        <dt>그룹명</dt>
        <dd data-testid="group-name">{group.COUPON_NAME}</dd>
        <dt>쿠폰 수 / 사용 수</dt>
        <dd>
          {group.TOTAL_COUNT} / {group.USED_COUNT}
        </dd>
      </dl>
      <form className="coupon-filter" onSubmit={(e) => void create(e)} noValidate>
        <div className="coupon-field">
          <label htmlFor="list-status">쿠폰 상태</label>
          <select
            id="list-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            <option value="ALL">전체</option>
            {Object.entries(ADMIN_STATUS_WORDS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="coupon-field">
          <label htmlFor="list-count">추가 생성 수</label>
          <input id="list-count" inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value)} />
        </div>
        <button type="submit" className="button button-primary" disabled={inserting.isLoading}>
          쿠폰 생성
        </button>
        <button type="button" className="button" onClick={() => navigate(PATHS.mgrCoupon)}>
          그룹 목록
        </button>
      </form>
      {/* A plain table (no cards on a phone): a row opens the coupon's detail. */}
      <DataTable
        stack={false}
        rows={rows}
        rowKey={(c) => c.ID}
        rowProps={(c) => ({
          className: 'clickable-row',
          tabIndex: 0,
          'data-testid': `admin-coupon-${c.ID}`,
          onClick: () => navigate(couponDetailPath(groupId, c.ID)),
          onKeyDown: (e) => {
            if (e.target === e.currentTarget && e.key === 'Enter') navigate(couponDetailPath(groupId, c.ID));
          },
        })}
        empty={NO_COUPON}
        count={`총 ${total}건 (행을 누르면 상세 정보가 열립니다)`}
        regionLabel="쿠폰 표"
        className="coupon-table"
        caption="쿠폰 목록"
        columns={[
          { header: 'No.', cell: (_c, index) => total - (page - 1) * PAGE_SIZE - index },
          { header: '쿠폰 코드', className: 'coupon-code', cell: (c) => c.COUPON_CODE },
          { header: '상태', cell: (c) => ADMIN_STATUS_WORDS[c.STATUS] ?? c.STATUS },
          { header: '사용자', cell: (c) => couponUserText(c) ?? '-' },
          { header: '사용일', cell: (c) => c.USED_DATE ?? '-' },
          { header: '만료일', cell: (c) => c.EXPIRED_DATE ?? '-' },
          {
            header: '삭제',
            cell: (c) => (
              <button
                type="button"
                className="button button-small"
                onClick={(e) => {
                  e.stopPropagation();
                  void del(c);
                }}
                aria-label={`${c.COUPON_CODE} 삭제`}
              >
                삭제
              </button>
            ),
          },
        ]}
        pager={listPager({ page, total, pageSize: PAGE_SIZE, onChange: setPage, label: '쿠폰 페이지' })}
      />
    </section>
  );
}

type DetailField = (typeof COUPON_DETAIL_FIELDS)[number];

/** /mgrCoupon/List/Detail?groupId=&couponId= (spec §2.5 item 9). */
export function MgrCouponListDetailPage() {
  const { title } = routeInfo('mgrCouponListDetail');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const groupId = Number(params.get('groupId'));
  const couponId = Number(params.get('couponId'));
  const ids = useId();
  const found = useGroupCouponsQuery(
    { couponGroupId: groupId, couponStatus: 'ALL', pageSize: 1, pageNum: 0, couponId },
    { skip: !(groupId > 0 && couponId > 0) },
  );
  const [status, setStatus] = useState<string | null>(null);
  const [chosen, setChosen] = useState<FoundUser | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [update, updating] = useUpdateCouponMutation();
  const statusRef = useRef<HTMLSelectElement>(null);
  const userHeadingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDListElement>(null);
  const coupon = found.data?.datas[0];
  if (found.isLoading) return <Loader />;
  if (!coupon) return <NoGroup title={title} />;
  const currentStatus = status ?? (coupon.STATUS === 'PRESENT' ? 'COMPLETE' : coupon.STATUS);
  const user = chosen ? `${chosen.USEREMAIL} (${chosen.USERNAME})` : couponUserText(coupon);
  const issue = chosen ? todayKst() : coupon.ISSUE_DATE;

  /** The six values the spec's save checks (spec §5), as the screen holds them. */
  const valuesOf = (next: { status: string; chosen: FoundUser | null }) => ({
    couponType: coupon.product.NAME,
    couponName: coupon.COUPON_NAME,
    couponCode: coupon.COUPON_CODE,
    status: next.status,
    userId: next.chosen?.ID ?? coupon.USER_ID ?? '',
    // Spec §2.5 item 9: a user chosen here is issued the coupon today.
    issueDate: next.chosen ? todayKst() : (coupon.ISSUE_DATE ?? ''),
  });

  /** A message shown at a field goes as soon as that field is right, and follows it while it is not. */
  const recheck = (next: { status: string; chosen: FoundUser | null }) => {
    const checked = check(couponDetailForm, valuesOf(next), COUPON_DETAIL_FIELDS);
    const now = checked.ok ? {} : checked.errors;
    setErrors((shown) => {
      const updated: FieldErrors = {};
      for (const name of Object.keys(shown)) if (shown[name] !== undefined) updated[name] = now[name];
      return updated;
    });
  };

  const choose = (u: FoundUser) => {
    // Spec §2.5 item 9: choosing a user assigns the coupon as USING, issued today.
    setChosen(u);
    setStatus('USING');
    recheck({ status: 'USING', chosen: u });
  };
  const changeStatus = (value: string) => {
    setStatus(value);
    recheck({ status: value, chosen });
  };
  const focusFirst = (name: string | null) => {
    if (name === 'status') statusRef.current?.focus();
    else if (name === 'userId' || name === 'issueDate') userHeadingRef.current?.focus();
    else if (name) summaryRef.current?.focus();
  };
  const save = async () => {
    const checked = check(couponDetailForm, valuesOf({ status: currentStatus, chosen }), COUPON_DETAIL_FIELDS);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirst(checked.first);
      return;
    }
    setErrors({});
    const { status: nextStatus, userId, issueDate } = checked.data;
    try {
      const r = await update({ couponId: coupon.ID, status: nextStatus, userId, issueDate }).unwrap();
      notify.success(r.message);
      setChosen(null);
      setStatus(null);
    } catch (err) {
      notify.error(errorMessage(err, COUPON_LOAD_ERROR));
    }
  };

  const errorId = (name: DetailField) => `${ids}-${name}-error`;
  const fieldError = (name: DetailField) =>
    errors[name] ? (
      <p id={errorId(name)} className="coupon-detail-error" role="alert">
        {errors[name]}
      </p>
    ) : null;
  const fact = (
    name: DetailField,
    label: string,
    value: string | null,
    extra?: { className?: string; testId?: string },
  ) => (
    <div className="coupon-detail-fact">
      <dt>{label}</dt>
      <dd className={extra?.className} data-testid={extra?.testId}>
        {value ?? '-'}
        {fieldError(name)}
      </dd>
    </div>
  );
  return (
    <section className="admin-page">
      <PageHeading title={title}>{title}</PageHeading>
      <dl className="coupon-summary coupon-detail-summary" aria-label="쿠폰 정보" ref={summaryRef} tabIndex={-1}>
        {fact('couponType', '쿠폰 종류', coupon.product.NAME)}
        {fact('couponName', '쿠폰명', coupon.COUPON_NAME)}
        {fact('couponCode', '쿠폰 코드', coupon.COUPON_CODE, { className: 'coupon-code' })}
        {fact('userId', '사용자', user, { testId: 'detail-user' })}
        {fact('issueDate', '발급일', issue, { testId: 'detail-issue-date' })}
        <div className="coupon-detail-fact">
          <dt>사용일</dt>
          <dd>{coupon.USED_DATE ?? '-'}</dd>
        </div>
      </dl>
      <div className="coupon-field coupon-detail-status">
        <label htmlFor={`${ids}-status`}>쿠폰 상태</label>
        <select
          id={`${ids}-status`}
          ref={statusRef}
          value={currentStatus}
          onChange={(e) => changeStatus(e.target.value)}
          aria-invalid={errors.status ? true : undefined}
          aria-describedby={errors.status ? errorId('status') : undefined}
        >
          <option value="">상태 선택</option>
          {/* Korean labels only; the code stays in the title for whoever needs it. */}
          {ADMIN_COUPON_STATUSES.map((value) => (
            <option key={value} value={value} title={value}>
              {ADMIN_STATUS_WORDS[value]}
            </option>
          ))}
        </select>
        {fieldError('status')}
      </div>
      <h2 ref={userHeadingRef} tabIndex={-1}>
        사용자 지정
      </h2>
      <UserSearch onChoose={choose} minLength={1} loadError={COUPON_LOAD_ERROR} />
      <div className="coupon-actions">
        <button type="button" className="button" onClick={() => navigate(`${PATHS.mgrCouponList}?groupId=${groupId}`)}>
          뒤로
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={updating.isLoading}
          onClick={() => void save()}
        >
          저장
        </button>
      </div>
    </section>
  );
}

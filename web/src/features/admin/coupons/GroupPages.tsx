import { COUPON_MESSAGES as M, couponGroupName, firstGroupFormError, overlapName } from '@syn/kit/rules';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../../app/api';
import { mgrCouponEditPath, PATHS } from '../../../app/paths';
import { routeInfo } from '../../../app/routeTable';
import { useAppSelector } from '../../../app/store';
import { DataTable } from '../../../ui/DataTable';
import { Loader } from '../../../ui/Loader';
import { PageHeading } from '../../../ui/PageHeading';
import { listPager } from '../../../ui/Pager';
import { notify } from '../../../ui/toast';
import { selectUser } from '../../account/authSlice';
import '../../coupon/coupon.css';
import {
  ADMIN_STATUS_WORDS,
  COUPON_LOAD_ERROR,
  COUPON_TYPES,
  NO_COUPON,
  useCheckCouponOverlapMutation,
  useCouponGroupsQuery,
  useInsertCouponGroupMutation,
  useUpdateCouponGroupMutation,
} from './adminCouponApi';

/** Spec §9: admin lists 10 a page. */
const PAGE_SIZE = 10;
const GROUP_DELETE_NOTE = '쿠폰 그룹 삭제는 지원하지 않습니다. 삭제 버튼을 눌러도 그룹과 쿠폰은 그대로 유지됩니다.';

export const couponListPath = (groupId: number) => `${PATHS.mgrCouponList}?groupId=${groupId}`;

/** /mgrCoupon (spec §2.5 item 6). */
export function MgrCouponPage() {
  const { title } = routeInfo('mgrCoupon');
  const navigate = useNavigate();
  const [status, setStatus] = useState('ALL');
  const [keyword, setKeyword] = useState('');
  const [searchName, setSearchName] = useState('');
  const [page, setPage] = useState(1);
  const groups = useCouponGroupsQuery({ couponStatus: status, searchName, pageSize: PAGE_SIZE, pageNum: page - 1 });
  useEffect(() => {
    if (groups.error) notify.error(errorMessage(groups.error, COUPON_LOAD_ERROR));
  }, [groups.error]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearchName(keyword.trim());
    setPage(1);
  };
  const total = groups.data?.totalCount ?? 0;
  const rows = groups.data?.datas ?? [];
  return (
    <section className="admin-page">
      <PageHeading title={title}>{title}</PageHeading>
      <form className="coupon-filter" onSubmit={submit} role="search" aria-label="쿠폰 그룹 검색">
        <div className="coupon-field">
          <label htmlFor="group-status">쿠폰 상태</label>
          <select
            id="group-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            <option value="ALL">전체</option>
            {Object.entries(ADMIN_STATUS_WORDS).map(([value, label]) => (
              <option key={value} value={value}>
                {label} 쿠폰이 있는 그룹
              </option>
            ))}
          </select>
        </div>
        <div className="coupon-field coupon-field-grow">
          <label htmlFor="group-keyword">그룹명</label>
          <input id="group-keyword" type="search" value={keyword} onChange={(e) => setKeyword(e.target.value)} />
        </div>
        <button type="submit" className="button">
          검색
        </button>
        <Link className="button button-primary" to={PATHS.mgrCouponCreate}>
          쿠폰 그룹 만들기
        </Link>
      </form>
      <p className="note">{GROUP_DELETE_NOTE}</p>
      <DataTable
        stack={false}
        loading={groups.isLoading}
        rows={rows}
        rowKey={(g) => g.ID}
        empty={NO_COUPON}
        count={`총 ${total}건`}
        regionLabel="쿠폰 그룹 표"
        className="coupon-table"
        caption="쿠폰 그룹 목록"
        columns={[
          { header: 'No.', cell: (_g, index) => total - (page - 1) * PAGE_SIZE - index },
          {
            header: '그룹명',
            cell: (g) => (
              <>
                {g.COUPON_NAME}
                <br />
                <span className="muted">{g.product.NAME}</span>
              </>
            ),
          },
          { header: '쿠폰 수', cell: (g) => g.TOTAL_COUNT },
          { header: '사용 수', cell: (g) => g.USED_COUNT },
          { header: '생성일', cell: (g) => g.CREATE_DATE },
          {
            header: '관리',
            cell: (g) => (
              <div className="coupon-actions">
                <button
                  type="button"
                  className="button button-small button-primary"
                  onClick={() => navigate(couponListPath(g.ID))}
                  aria-label={`${g.COUPON_NAME} 쿠폰 목록`}
                >
                  목록
                </button>
                <button
                  type="button"
                  className="button button-small"
                  onClick={() => navigate(mgrCouponEditPath(g.ID))}
                  aria-label={`${g.COUPON_NAME} 수정`}
                >
                  수정
                </button>
                <button
                  type="button"
                  className="button button-small"
                  onClick={() => notify.info(GROUP_DELETE_NOTE)}
                  aria-label={`${g.COUPON_NAME} 삭제 (동작하지 않음)`}
                >
                  삭제
                </button>
              </div>
            ),
          },
        ]}
        pager={listPager({ page, total, pageSize: PAGE_SIZE, onChange: setPage, label: '쿠폰 그룹 페이지' })}
      />
    </section>
  );
}

/** Name with the duplicate check of spec §8: error true clears the flag, success sets it. */
function useOverlap(groupId?: number) {
  const [checked, setChecked] = useState(false);
  const [check] = useCheckCouponOverlapMutation();
  const run = async (name: string) => {
    const parsed = overlapName.safeParse(name);
    if (!parsed.success) {
      notify.warn(M.overlapNameRequired);
      return;
    }
    try {
      const r = await check({ couponName: parsed.data, groupId }).unwrap();
      if (r.error) {
        setChecked(false);
        notify.warn(r.message);
      } else {
        setChecked(true);
        notify.success(r.message);
      }
    } catch (err) {
      setChecked(false);
      notify.error(errorMessage(err, COUPON_LOAD_ERROR));
    }
  };
  return { checked, setChecked, run };
}

/** /mgrCoupon/Create (spec §2.5 item 7). */
export function MgrCouponCreatePage() {
  const { title } = routeInfo('mgrCouponCreate');
  const navigate = useNavigate();
  const adminId = useAppSelector(selectUser)?.id ?? 0;
  const [couponType, setCouponType] = useState('');
  const [couponName, setCouponName] = useState('');
  const [note, setNote] = useState('');
  // Spec §9: the default count in group creation is 0.
  const [createCount, setCreateCount] = useState('0');
  const overlap = useOverlap();
  const [insert, inserting] = useInsertCouponGroupMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = firstGroupFormError({ couponType, couponName, overlapChecked: overlap.checked, note, createCount });
    if (problem) {
      notify.warn(problem);
      return;
    }
    try {
      const r = await insert({
        userId: adminId,
        couponType: Number(couponType),
        couponName: couponName.trim(),
        note,
        createCount: Number(createCount),
      }).unwrap();
      notify.success(r.message);
      navigate(couponListPath(r.groupId));
    } catch (err) {
      notify.error(errorMessage(err, COUPON_LOAD_ERROR));
    }
  };

  return (
    <section className="admin-page">
      <PageHeading title={title}>{title}</PageHeading>
      <form className="coupon-form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="coupon-field">
          <label htmlFor="coupon-type">쿠폰 종류</label>
          <select id="coupon-type" value={couponType} onChange={(e) => setCouponType(e.target.value)}>
            <option value="">선택해 주세요</option>
            {COUPON_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <div className="coupon-field">
          <label htmlFor="coupon-name">쿠폰 종류명</label>
          <div className="coupon-inline">
            <input
              id="coupon-name"
              value={couponName}
              maxLength={100}
              onChange={(e) => {
                setCouponName(e.target.value);
                overlap.setChecked(false);
              }}
            />
            <button type="button" className="button" onClick={() => void overlap.run(couponName)}>
              중복 확인
            </button>
          </div>
          <p className="hint" aria-live="polite">
            {overlap.checked ? '중복 확인 완료' : '중복 확인이 필요합니다.'}
          </p>
        </div>
        <div className="coupon-field">
          <label htmlFor="coupon-note">메모</label>
          <textarea id="coupon-note" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        </div>
        <div className="coupon-field">
          <label htmlFor="coupon-made">생성된 쿠폰 수</label>
          <input id="coupon-made" value="0" readOnly />
        </div>
        <div className="coupon-field">
          <label htmlFor="coupon-count">생성할 쿠폰 수</label>
          <input
            id="coupon-count"
            inputMode="numeric"
            value={createCount}
            onChange={(e) => setCreateCount(e.target.value)}
          />
        </div>
        <div className="coupon-actions">
          <button type="button" className="button" onClick={() => navigate(PATHS.mgrCoupon)}>
            뒤로
          </button>
          <button type="submit" className="button button-primary" disabled={inserting.isLoading}>
            생성
          </button>
        </div>
      </form>
    </section>
  );
}

/** /mgrCoupon/Edit/:groupId: name (with the duplicate check when changed) and note. */
export function MgrCouponEditPage() {
  const { title } = routeInfo('mgrCouponEdit');
  const navigate = useNavigate();
  const groupId = Number(useParams().groupId);
  const found = useCouponGroupsQuery(
    { couponStatus: 'ALL', searchName: '', pageSize: 1, pageNum: 0, groupId },
    { skip: !(groupId > 0) },
  );
  const group = found.data?.datas[0];
  const [couponName, setCouponName] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const overlap = useOverlap(groupId);
  const [update, updating] = useUpdateCouponGroupMutation();
  if (found.isLoading) return <Loader />;
  if (!group) {
    return (
      <section className="admin-page">
        <PageHeading title={title}>{title}</PageHeading>
        <p className="callout callout-warning">{M.groupNotFound}</p>
        <Link to={PATHS.mgrCoupon}>쿠폰 그룹 목록으로</Link>
      </section>
    );
  }
  const name = couponName ?? group.COUPON_NAME;
  const memo = note ?? group.NOTE;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const named = couponGroupName.safeParse(name);
    if (!named.success) return notify.warn(named.error.issues[0]?.message ?? M.kindNameRequired);
    if (named.data !== group.COUPON_NAME && !overlap.checked) return notify.warn(M.overlapUnchecked);
    try {
      const r = await update({ couponGroupId: groupId, couponName: named.data, note: memo }).unwrap();
      notify.success(r.message);
      navigate(PATHS.mgrCoupon);
    } catch (err) {
      notify.error(errorMessage(err, COUPON_LOAD_ERROR));
    }
  };
  return (
    <section className="admin-page">
      <PageHeading title={title}>{title}</PageHeading>
      <form className="coupon-form" onSubmit={(e) => void save(e)} noValidate>
        <div className="coupon-field">
          <label htmlFor="edit-type">쿠폰 종류</label>
          <input id="edit-type" value={group.product.NAME} readOnly />
        </div>
        <div className="coupon-field">
          <label htmlFor="edit-name">쿠폰 종류명</label>
          <div className="coupon-inline">
            <input
              id="edit-name"
              value={name}
              maxLength={100}
              onChange={(e) => {
                setCouponName(e.target.value);
                overlap.setChecked(false);
              }}
            />
            <button type="button" className="button" onClick={() => void overlap.run(name)}>
              중복 확인
            </button>
          </div>
        </div>
        <div className="coupon-field">
          <label htmlFor="edit-note">메모</label>
          <textarea id="edit-note" value={memo} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        </div>
        <div className="coupon-field">
          <label htmlFor="edit-made">생성된 쿠폰 수</label>
          <input id="edit-made" value={String(group.TOTAL_COUNT)} readOnly />
        </div>
        <div className="coupon-actions">
          <button type="button" className="button" onClick={() => navigate(PATHS.mgrCoupon)}>
            뒤로
          </button>
          <button type="submit" className="button button-primary" disabled={updating.isLoading}>
            저장
          </button>
        </div>
      </form>
    </section>
  );
}

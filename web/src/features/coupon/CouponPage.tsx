import { couponSearchName } from '@syn/kit/rules';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../app/api';
import { PATHS } from '../../app/paths';
import { routeInfo } from '../../app/routeTable';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { PageHeading } from '../../ui/PageHeading';
import { listPager } from '../../ui/Pager';
import { notify } from '../../ui/toast';
import { withUnbrokenDates } from '../../ui/unbrokenDates';
import { RequireMember } from '../payment/RequireMember';
import { useCouponListQuery, useUseCouponMutation, type MemberCoupon } from './couponApi';
import { COUPON_STATE_WORDS, COUPON_TEXT as M, couponViewOf, todayKst } from './texts';
import './coupon.css';

const TITLE = routeInfo('coupon').title;
/** Spec §9: coupons 10 a page. */
const PAGE_SIZE = 10;

/** /coupon: my coupons, paged, with a name search; use and gift only while usable (spec §4). */
export function CouponPage() {
  return <RequireMember title={TITLE}>{(userId) => <Coupons userId={userId} />}</RequireMember>;
}

function Coupons({ userId }: { userId: number }) {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [searchName, setSearchName] = useState<string | undefined>(undefined);
  const list = useCouponListQuery({ userId, pageSize: PAGE_SIZE, pageNum: page - 1, searchName });
  const [useCoupon, using] = useUseCouponMutation();
  const [useResult, setUseResult] = useState<string | null>(null);
  const today = todayKst();

  useEffect(() => {
    if (list.isError) notify.error(errorMessage(list.error, M.couponLoadError));
  }, [list.isError, list.error]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const checked = couponSearchName.safeParse(keyword);
    if (!checked.success) {
      notify.warn(checked.error.issues[0]?.message ?? M.searchNameRequired);
      return;
    }
    setSearchName(checked.data);
    setPage(1);
  };

  const use = async (c: MemberCoupon) => {
    try {
      const done = await useCoupon({ userId, couponId: c.ID, couponCode: c.COUPON_CODE }).unwrap();
      notify.success(M.couponUsed);
      // Where the days went (after the current pass, the next renewal date) is too long for a
      // 3-second toast: it stays on the page.
      setUseResult(done.message && done.message !== M.couponUsed ? done.message : null);
    } catch (err) {
      notify.error(errorMessage(err, M.couponLoadError));
    }
  };

  const total = list.data?.totalCount ?? 0;
  const rows = list.data?.datas ?? [];
  const columns: Array<DataColumn<MemberCoupon>> = [
    {
      header: '쿠폰명',
      className: 'cell-title',
      cell: (c) => (
        <>
          {c.COUPON_NAME}
          <br />
          <span className="muted">{c.PRODUCT_NAME}</span>
        </>
      ),
    },
    {
      header: '쿠폰 코드',
      label: '쿠폰 코드',
      // Monospace on the code alone: the font has no Hangul for the label.
      cell: (c) => <span className="coupon-code">{c.COUPON_CODE}</span>,
    },
    { header: '발급일', label: '발급일', cell: (c) => c.ISSUE_DATE ?? '-' },
    { header: '만료일', label: '만료일', cell: (c) => c.EXPIRED_DATE ?? '-' },
    { header: '상태', label: '상태', cell: (c) => COUPON_STATE_WORDS[couponViewOf(c.STATUS, c.EXPIRED_DATE, today)] },
    {
      header: '사용 / 선물',
      className: 'cell-actions',
      cell: (c) => {
        const usable = couponViewOf(c.STATUS, c.EXPIRED_DATE, today) === 'usable';
        return (
          <div className="coupon-actions">
            <button
              type="button"
              className="button button-small button-primary"
              disabled={!usable || using.isLoading}
              onClick={() => void use(c)}
              aria-label={`${c.COUPON_NAME} 쿠폰 사용`}
            >
              사용
            </button>
            <button
              type="button"
              className="button button-small"
              disabled={!usable}
              onClick={() => navigate(PATHS.couponGift, { state: { coupon: c } })}
              aria-label={`${c.COUPON_NAME} 쿠폰 선물`}
            >
              선물
            </button>
          </div>
        );
      },
    },
  ];
  return (
    <section>
      <PageHeading title={TITLE}>{TITLE}</PageHeading>
      {useResult && (
        <p className="callout coupon-use-result" role="status" data-testid="coupon-use-result">
          {withUnbrokenDates(useResult)}
        </p>
      )}
      <form className="coupon-filter" role="search" aria-label="쿠폰 검색" onSubmit={search}>
        <div className="coupon-field coupon-field-grow">
          <label htmlFor="coupon-search">쿠폰명</label>
          <input
            id="coupon-search"
            type="search"
            value={keyword}
            maxLength={100}
            onChange={(e) => setKeyword(e.target.value)}
          />
        </div>
        <button type="submit" className="button button-primary">
          검색
        </button>
        {searchName !== undefined && (
          <button
            type="button"
            className="button"
            onClick={() => {
              setKeyword('');
              setSearchName(undefined);
              setPage(1);
            }}
          >
            전체 보기
          </button>
        )}
      </form>
      {/* One card per coupon on a phone (ui/stackTable.css): nothing hides behind a sideways scroll. */}
      <DataTable
        loading={list.isLoading}
        rows={rows}
        rowKey={(c) => c.ID}
        rowProps={(c) => ({ 'data-testid': `coupon-${c.ID}` })}
        empty={M.noCoupons}
        count={`총 ${total}건`}
        regionLabel="내 쿠폰 표"
        className="coupon-table"
        caption="내 쿠폰"
        columns={columns}
        pager={listPager({ page, total, pageSize: PAGE_SIZE, onChange: setPage, label: '쿠폰 목록 페이지' })}
      />
    </section>
  );
}

import { couponSearchName } from '@syn/kit/rules';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../app/api';
import { PATHS } from '../../app/paths';
import { routeInfo } from '../../app/routeTable';
import { Loader } from '../../ui/Loader';
import { PageHeading } from '../../ui/PageHeading';
import { CellLabel } from '../../ui/StackTable';
import { Pager } from '../../ui/Pager';
import { notify } from '../../ui/toast';
import { RequireMember } from '../payment/RequireMember';
import { useCouponListQuery, useUseCouponMutation, type MemberCoupon } from './couponApi';
import { COUPON_STATE_WORDS, COUPON_TEXT as M, couponViewOf, todayKst } from './texts';
import './coupon.css';

const TITLE = routeInfo('coupon').title;
/** Spec §9: coupons 10 a page. */
const PAGE_SIZE = 10;

/** A narrow screen must not break a date at its hyphens ("2027-01-" / "08입니다"). */
function withUnbrokenDates(text: string) {
  return text.split(/(\d{4}-\d{2}-\d{2})/).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

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
      {list.isLoading ? (
        <Loader />
      ) : rows.length === 0 ? (
        <p className="muted">{M.noCoupons}</p>
      ) : (
        <>
          <p className="result-count">총 {total}건</p>
          <div className="table-scroll" tabIndex={0} role="region" aria-label="내 쿠폰 표">
            {/* One card per coupon on a phone (ui/stackTable.css): nothing hides behind a sideways scroll. */}
            <table className="table coupon-table stack-table" role="table">
              <caption className="sr-only">내 쿠폰</caption>
              <thead role="rowgroup">
                <tr role="row">
                  <th scope="col" role="columnheader">
                    쿠폰명
                  </th>
                  <th scope="col" role="columnheader">
                    쿠폰 코드
                  </th>
                  <th scope="col" role="columnheader">
                    발급일
                  </th>
                  <th scope="col" role="columnheader">
                    만료일
                  </th>
                  <th scope="col" role="columnheader">
                    상태
                  </th>
                  <th scope="col" role="columnheader">
                    사용 / 선물
                  </th>
                </tr>
              </thead>
              <tbody role="rowgroup">
                {rows.map((c) => {
                  const view = couponViewOf(c.STATUS, c.EXPIRED_DATE, today);
                  const usable = view === 'usable';
                  return (
                    <tr key={c.ID} data-testid={`coupon-${c.ID}`} role="row">
                      <td role="cell" className="cell-title">
                        {c.COUPON_NAME}
                        <br />
                        <span className="muted">{c.PRODUCT_NAME}</span>
                      </td>
                      <td role="cell">
                        <CellLabel>쿠폰 코드</CellLabel>
                        {/* Monospace on the code alone: the font has no Hangul for the label. */}
                        <span className="coupon-code">{c.COUPON_CODE}</span>
                      </td>
                      <td role="cell">
                        <CellLabel>발급일</CellLabel>
                        {c.ISSUE_DATE ?? '-'}
                      </td>
                      <td role="cell">
                        <CellLabel>만료일</CellLabel>
                        {c.EXPIRED_DATE ?? '-'}
                      </td>
                      <td role="cell">
                        <CellLabel>상태</CellLabel>
                        {COUPON_STATE_WORDS[view]}
                      </td>
                      <td role="cell" className="cell-actions">
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
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            totalPages={Math.ceil(total / PAGE_SIZE)}
            onChange={setPage}
            window={{ siblings: 2 }}
            label="쿠폰 목록 페이지"
          />
        </>
      )}
    </section>
  );
}

import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PATHS } from '../../../app/paths';
import { routeInfo } from '../../../app/routeTable';
import { Loader } from '../../../ui/Loader';
import { PageHeading } from '../../../ui/PageHeading';
import { Pager } from '../../../ui/Pager';
import { notify } from '../../../ui/toast';
import { orderWord, usageWord, won } from '../../payment/payMethods';
import { PAYMENT_SEARCH_COLUMNS, useSelectPaymentItemsQuery } from './adminPaymentsApi';
import { ADMIN_PAYMENT_TEXTS as T } from './texts';
import '../../payment/payment.css';

const TITLE = routeInfo('mgrPayment').title;
const PAGE_SIZE = 10;

export function paymentDetailPath(merchantUid: string): string {
  return `${PATHS.mgrPaymentDetail}?${new URLSearchParams({ merchant_uid: merchantUid }).toString()}`;
}

/** Spec §2.5 item 4: search column + keyword, 10 a page. The search lives in the URL so "back" keeps it. */
export function MgrPaymentPage() {
  const [params, setParams] = useSearchParams();
  const userCol = params.get('userCol') ?? PAYMENT_SEARCH_COLUMNS[0].value;
  const searchName = params.get('searchName') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [col, setCol] = useState(userCol);
  const [keyword, setKeyword] = useState(searchName);
  const ids = { col: useId(), keyword: useId() };
  const list = useSelectPaymentItemsQuery({ userCol, searchName, pageNum: page - 1, pageSize: PAGE_SIZE });

  useEffect(() => {
    if (list.isError) notify.error(T.paymentLoadError);
  }, [list.isError]);

  const search = (e: FormEvent) => {
    e.preventDefault();
    setParams({ userCol: col, searchName: keyword.trim(), page: '1' });
  };
  const goPage = (n: number) => setParams({ userCol, searchName, page: String(n) });

  const rows = list.data?.datas ?? [];
  const total = list.data?.totalCount ?? 0;

  return (
    <section>
      <PageHeading title={TITLE}>{TITLE}</PageHeading>
      <form className="filter-bar" role="search" onSubmit={search}>
        <label className="sr-only" htmlFor={ids.col}>
          검색 항목
        </label>
        <select id={ids.col} value={col} onChange={(e) => setCol(e.target.value)}>
          {PAYMENT_SEARCH_COLUMNS.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor={ids.keyword}>
          검색어
        </label>
        <input
          id={ids.keyword}
          type="search"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          placeholder="검색어"
        />
        <button type="submit" className="button button-primary">
          검색
        </button>
      </form>
      {list.isLoading ? (
        <Loader />
      ) : rows.length === 0 ? (
        <p className="muted">{T.noPayments}</p>
      ) : (
        <>
          <p className="result-count">총 {total}건</p>
          <div className="table-scroll pay-scroll" tabIndex={0} role="region" aria-label="결제 목록 표">
            <table className="table pay-table">
              <caption className="sr-only">결제 목록</caption>
              <thead>
                <tr>
                  <th scope="col">주문번호</th>
                  <th scope="col">상품명</th>
                  <th scope="col">결제</th>
                  <th scope="col">주문</th>
                  <th scope="col">이용</th>
                  <th scope="col">환불</th>
                  <th scope="col">이메일</th>
                  <th scope="col">사용자</th>
                  <th scope="col">결제일</th>
                  <th scope="col">상세</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.MERCHANT_UID}>
                    <td>{row.MERCHANT_UID}</td>
                    <td>
                      {row.NAME}
                      <span className="muted"> ({won(row.AMOUNT)})</span>
                    </td>
                    <td>{row.P_STATUS}</td>
                    <td>{orderWord(row.O_STATUS)}</td>
                    <td>{usageWord(row.U_STATUS)}</td>
                    <td>{row.REFUND ?? '-'}</td>
                    <td>{row.USEREMAIL ?? '-'}</td>
                    <td>{row.USERNAME ?? '-'}</td>
                    <td>{row.CREATE_DATE ?? '-'}</td>
                    <td className="actions-cell">
                      <Link className="button button-small" to={paymentDetailPath(row.MERCHANT_UID)}>
                        상세<span className="sr-only"> {row.MERCHANT_UID}</span>
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            totalPages={Math.ceil(total / PAGE_SIZE)}
            onChange={goPage}
            window={{ siblings: 2 }}
            label="결제 목록 페이지"
          />
        </>
      )}
    </section>
  );
}

import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PATHS } from '../../../app/paths';
import { routeInfo } from '../../../app/routeTable';
import { Loader } from '../../../ui/Loader';
import { PageHeading } from '../../../ui/PageHeading';
import { Pager } from '../../../ui/Pager';
import { CellLabel } from '../../../ui/StackTable';
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

/** An email that may wrap before its `@` rather than anywhere inside the address. */
function breakableEmail(email: string | null | undefined) {
  if (!email) return '-';
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
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
            {/* Ten columns of the spec in eight: order number under the product, the name under the email. */}
            <table className="table admin-pay-table stack-table" role="table">
              <caption className="sr-only">결제 목록</caption>
              <thead role="rowgroup">
                <tr role="row">
                  <th scope="col" role="columnheader">
                    상품명 <span className="th-sub">주문번호</span>
                  </th>
                  <th scope="col" role="columnheader">
                    결제
                  </th>
                  <th scope="col" role="columnheader">
                    주문
                  </th>
                  <th scope="col" role="columnheader">
                    이용
                  </th>
                  <th scope="col" role="columnheader">
                    환불
                  </th>
                  <th scope="col" role="columnheader">
                    이메일 <span className="th-sub">사용자</span>
                  </th>
                  <th scope="col" role="columnheader">
                    결제일
                  </th>
                  <th scope="col" role="columnheader">
                    상세
                  </th>
                </tr>
              </thead>
              <tbody role="rowgroup">
                {rows.map((row) => (
                  <tr key={row.MERCHANT_UID} role="row">
                    <td role="cell" className="cell-title">
                      <CellLabel>상품명</CellLabel>
                      <span>
                        {row.NAME}
                        <span className="muted"> ({won(row.AMOUNT)})</span>
                        <span className="cell-sub">{row.MERCHANT_UID}</span>
                      </span>
                    </td>
                    <td role="cell" className="cell-status">
                      <CellLabel>결제 상태</CellLabel>
                      {row.P_STATUS}
                    </td>
                    <td role="cell" className="cell-status">
                      <CellLabel>주문 상태</CellLabel>
                      {orderWord(row.O_STATUS)}
                    </td>
                    <td role="cell" className="cell-status">
                      <CellLabel>이용 상태</CellLabel>
                      {usageWord(row.U_STATUS)}
                    </td>
                    <td role="cell" className="cell-status">
                      <CellLabel>환불</CellLabel>
                      {row.REFUND ?? '-'}
                    </td>
                    <td role="cell" className="cell-person">
                      <CellLabel>이메일·사용자</CellLabel>
                      <span>
                        <span className="cell-email">{breakableEmail(row.USEREMAIL)}</span>
                        <span className="cell-sub">{row.USERNAME ?? '-'}</span>
                      </span>
                    </td>
                    <td role="cell" className="cell-date">
                      <CellLabel>결제일</CellLabel>
                      {row.CREATE_DATE ?? '-'}
                    </td>
                    <td role="cell" className="actions-cell cell-actions">
                      <CellLabel>상세</CellLabel>
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

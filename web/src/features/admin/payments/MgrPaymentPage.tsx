import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PATHS } from '../../../app/paths';
import { routeInfo } from '../../../app/routeTable';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { PageHeading } from '../../../ui/PageHeading';
import { listPager } from '../../../ui/Pager';
import { notify } from '../../../ui/toast';
import { orderWord, usageWord, won } from '../../payment/payMethods';
import { PAYMENT_SEARCH_COLUMNS, useSelectPaymentItemsQuery, type AdminPaymentRow } from './adminPaymentsApi';
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

/** A card names a status column in full where the table's header has room for one word only. */
const PAYMENT_COLUMNS: Array<DataColumn<AdminPaymentRow>> = [
  {
    header: (
      <>
        상품명 <span className="th-sub">주문번호</span>
      </>
    ),
    label: '상품명',
    className: 'cell-title',
    cell: (row) => (
      <span>
        {row.NAME}
        <span className="muted"> ({won(row.AMOUNT)})</span>
        <span className="cell-sub">{row.MERCHANT_UID}</span>
      </span>
    ),
  },
  { header: '결제', label: '결제 상태', className: 'cell-status', cell: (row) => row.P_STATUS },
  { header: '주문', label: '주문 상태', className: 'cell-status', cell: (row) => orderWord(row.O_STATUS) },
  { header: '이용', label: '이용 상태', className: 'cell-status', cell: (row) => usageWord(row.U_STATUS) },
  { header: '환불', label: '환불', className: 'cell-status', cell: (row) => row.REFUND ?? '-' },
  {
    header: (
      <>
        이메일 <span className="th-sub">사용자</span>
      </>
    ),
    label: '이메일·사용자',
    className: 'cell-person',
    cell: (row) => (
      <span>
        <span className="cell-email">{breakableEmail(row.USEREMAIL)}</span>
        <span className="cell-sub">{row.USERNAME ?? '-'}</span>
      </span>
    ),
  },
  { header: '결제일', label: '결제일', className: 'cell-date', cell: (row) => row.CREATE_DATE ?? '-' },
  {
    header: '상세',
    label: '상세',
    className: 'actions-cell cell-actions',
    cell: (row) => (
      <Link className="button button-small" to={paymentDetailPath(row.MERCHANT_UID)}>
        상세<span className="sr-only"> {row.MERCHANT_UID}</span>
      </Link>
    ),
  },
];

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
      {/* Ten columns of the spec in eight: order number under the product, the name under the email. */}
      <DataTable
        loading={list.isLoading}
        rows={rows}
        rowKey={(row) => row.MERCHANT_UID}
        empty={T.noPayments}
        count={`총 ${total}건`}
        regionLabel="결제 목록 표"
        scrollClassName="pay-scroll"
        className="admin-pay-table"
        caption="결제 목록"
        columns={PAYMENT_COLUMNS}
        pager={listPager({ page, total, pageSize: PAGE_SIZE, onChange: goPage, label: '결제 목록 페이지' })}
      />
    </section>
  );
}

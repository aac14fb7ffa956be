import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { PATHS } from '../../app/paths';
import { routeInfo } from '../../app/routeTable';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { PageHeading } from '../../ui/PageHeading';
import { withUnbrokenDates } from '../../ui/unbrokenDates';
import { listPager } from '../../ui/Pager';
import { notify } from '../../ui/toast';
import { usageWord } from './payMethods';
import { useIsUsedQuery, useUsedListQuery, type UsedItem } from './paymentApi';
import { RequireMember } from './RequireMember';
import { PAYMENT_TEXTS } from './texts';
import './payment.css';

const TITLE = routeInfo('usage').title;
const PAGE_SIZE = 10;

const USAGE_COLUMNS: Array<DataColumn<UsedItem>> = [
  { header: '이용권', label: '이용권', className: 'cell-title', cell: (row) => row.NAME },
  { header: '시작일', label: '시작일', cell: (row) => row.START_DATE ?? '-' },
  { header: '종료일', label: '종료일', cell: (row) => row.END_DATE ?? '-' },
  {
    header: '상태',
    label: '상태',
    cell: (row) => (
      <>
        {usageWord(row.STATUS)}
        {row.STATUS === 'LOCK' && row.LOCK_DATE ? ` (${row.LOCK_DATE})` : ''}
      </>
    ),
  },
];

export function UsagePage() {
  return <RequireMember title={TITLE}>{(userId) => <Usage userId={userId} />}</RequireMember>;
}

function Usage({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const list = useUsedListQuery({ userId, pageNum: page - 1, pageSize: PAGE_SIZE });
  const current = useIsUsedQuery(userId);

  useEffect(() => {
    if (list.isError) notify.error(PAYMENT_TEXTS.loadError);
  }, [list.isError]);

  const total = list.data?.total ?? 0;
  const rows = list.data?.datas ?? [];
  const used = current.data?.used;

  return (
    <section>
      <PageHeading title={TITLE}>{TITLE}</PageHeading>
      <div className="banner">
        {used ? (
          <p>
            현재 이용권: <strong>{used.NAME}</strong> · 이용 기간{' '}
            {withUnbrokenDates(`${used.START_DATE ?? ''} ~ ${used.END_DATE ?? ''}`)} · {usageWord(used.STATUS)}
          </p>
        ) : (
          <p>
            이용 중인 이용권이 없습니다. <Link to={PATHS.payment}>이용권 구매하기</Link>
          </p>
        )}
      </div>
      <DataTable
        loading={list.isLoading}
        rows={rows}
        rowKey={(row) => row.PASS_ID}
        empty={PAYMENT_TEXTS.noUsage}
        count={`총 ${total}건`}
        regionLabel="이용 내역 표"
        scrollClassName="pay-scroll"
        className="pay-table"
        caption="이용 내역"
        columns={USAGE_COLUMNS}
        pager={listPager({ page, total, pageSize: PAGE_SIZE, onChange: setPage, label: '이용 내역 페이지' })}
      />
    </section>
  );
}

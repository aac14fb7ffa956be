import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { PATHS } from '../../app/paths';
import { routeInfo } from '../../app/routeTable';
import { Loader } from '../../ui/Loader';
import { PageHeading } from '../../ui/PageHeading';
import { Pager } from '../../ui/Pager';
import { CellLabel } from '../../ui/StackTable';
import { notify } from '../../ui/toast';
import { usageWord } from './payMethods';
import { useIsUsedQuery, useUsedListQuery } from './paymentApi';
import { RequireMember } from './RequireMember';
import { PAYMENT_TEXTS } from './texts';
import './payment.css';

const TITLE = routeInfo('usage').title;
const PAGE_SIZE = 10;

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
            현재 이용권: <strong>{used.NAME}</strong> ({used.START_DATE} ~ {used.END_DATE}, {usageWord(used.STATUS)})
          </p>
        ) : (
          <p>
            이용 중인 이용권이 없습니다. <Link to={PATHS.payment}>이용권 구매하기</Link>
          </p>
        )}
      </div>
      {list.isLoading ? (
        <Loader />
      ) : rows.length === 0 ? (
        <p className="muted">{PAYMENT_TEXTS.noUsage}</p>
      ) : (
        <>
          <p className="result-count">총 {total}건</p>
          <div className="table-scroll pay-scroll" tabIndex={0} role="region" aria-label="이용 내역 표">
            <table className="table pay-table stack-table" role="table">
              <caption className="sr-only">이용 내역</caption>
              <thead role="rowgroup">
                <tr role="row">
                  <th scope="col" role="columnheader">
                    이용권
                  </th>
                  <th scope="col" role="columnheader">
                    시작일
                  </th>
                  <th scope="col" role="columnheader">
                    종료일
                  </th>
                  <th scope="col" role="columnheader">
                    상태
                  </th>
                </tr>
              </thead>
              <tbody role="rowgroup">
                {rows.map((row) => (
                  <tr key={row.PASS_ID} role="row">
                    <td role="cell" className="cell-title">
                      <CellLabel>이용권</CellLabel>
                      {row.NAME}
                    </td>
                    <td role="cell">
                      <CellLabel>시작일</CellLabel>
                      {row.START_DATE ?? '-'}
                    </td>
                    <td role="cell">
                      <CellLabel>종료일</CellLabel>
                      {row.END_DATE ?? '-'}
                    </td>
                    <td role="cell">
                      <CellLabel>상태</CellLabel>
                      {usageWord(row.STATUS)}
                      {row.STATUS === 'LOCK' && row.LOCK_DATE ? ` (${row.LOCK_DATE})` : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            totalPages={Math.ceil(total / PAGE_SIZE)}
            onChange={setPage}
            window={{ siblings: 2 }}
            label="이용 내역 페이지"
          />
        </>
      )}
    </section>
  );
}

import { useEffect, useState } from 'react';
import { errorMessage } from '../../../app/api';
import { Dialog } from '../../../ui/Dialog';
import { DataTable } from '../../../ui/DataTable';
import { notify } from '../../../ui/toast';
import { ADMIN_USER_TEXTS as T } from './texts';
import { useUserSearchHistoryQuery } from './usersApi';

const PAGE_SIZE = 10;
const numberFormat = new Intl.NumberFormat('ko-KR');

/** "Dictionary usage info": the member's recent searches, kept by the statistics service. */
export function SearchHistoryDialog({
  user,
  onClose,
}: {
  user: { id: number; email: string } | null;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const userId = user?.id ?? 0;
  const { data, error, isFetching } = useUserSearchHistoryQuery(
    { userId, pageSize: PAGE_SIZE, pageNum: page - 1 },
    { skip: user === null },
  );
  useEffect(() => setPage(1), [userId]);
  useEffect(() => {
    if (error) notify.error(errorMessage(error, T.historyError));
  }, [error]);
  return (
    <Dialog open={user !== null} onClose={onClose} title="사전 이용 정보">
      {user && (
        <>
          <p>
            <strong>{user.email}</strong> 회원의 최근 사전 검색입니다.
            {data && <> 지금까지 검색 {numberFormat.format(data.searchTotal)}회.</>}
          </p>
          <DataTable
            stack={false}
            loading={!data && isFetching}
            rows={data?.datas ?? []}
            rowKey={(row, index) => `${row.SEARCH_DATE}-${index}`}
            empty={T.historyEmpty}
            emptyAs="row"
            caption="최근 사전 검색"
            columns={[
              { header: '검색어', cell: (row) => row.WORD },
              { header: '결과 수', numeric: true, cell: (row) => numberFormat.format(row.RESULT_CNT) },
              { header: '검색 일시', cell: (row) => row.SEARCH_DATE },
            ]}
            // One page needs no pager.
            pager={
              data && data.totalPages > 1
                ? { page, totalPages: data.totalPages, onChange: setPage, label: '검색 기록 페이지' }
                : undefined
            }
          />
        </>
      )}
    </Dialog>
  );
}

import { useEffect, useState } from 'react';
import { errorMessage } from '../../../app/api';
import { Dialog } from '../../../ui/Dialog';
import { Loader } from '../../../ui/Loader';
import { Pager } from '../../../ui/Pager';
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
          {!data && isFetching ? (
            <Loader />
          ) : (
            <div className="table-scroll">
              <table className="table">
                <caption className="sr-only">최근 사전 검색</caption>
                <thead>
                  <tr>
                    <th scope="col">검색어</th>
                    <th scope="col" className="number">
                      결과 수
                    </th>
                    <th scope="col">검색 일시</th>
                  </tr>
                </thead>
                <tbody>
                  {data && data.datas.length > 0 ? (
                    data.datas.map((row, index) => (
                      <tr key={`${row.SEARCH_DATE}-${index}`}>
                        <td>{row.WORD}</td>
                        <td className="number">{numberFormat.format(row.RESULT_CNT)}</td>
                        <td>{row.SEARCH_DATE}</td>
                      </tr>
                    ))
                  ) : (
                    <tr>
                      <td colSpan={3}>{T.historyEmpty}</td>
                    </tr>
                  )}
                </tbody>
              </table>
            </div>
          )}
          {data && data.totalPages > 1 && (
            <Pager page={page} totalPages={data.totalPages} onChange={setPage} label="검색 기록 페이지" />
          )}
        </>
      )}
    </Dialog>
  );
}

import { ACCOUNT_MESSAGES } from '@syn/kit/rules';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../app/api';
import { DataTable } from '../../ui/DataTable';
import { notify } from '../../ui/toast';
import { useCouponUserSearchQuery, type FoundUser } from './couponApi';

/** Spec §9: the target-user search shows 5 a page. */
const PAGE_SIZE = 5;

/**
 * Recipient / user search (spec §2.4): column selector, keyword (Enter searches), No., email,
 * name; clicking a row (or Enter on it) chooses the user. Members see masked results.
 */
export function UserSearch({
  onChoose,
  minLength,
  loadError,
}: {
  onChoose: (user: FoundUser) => void;
  /** Members must type at least 2 characters (the server says so too). */
  minLength: number;
  loadError: string;
}) {
  const id = useId();
  const [col, setCol] = useState<'email' | 'name'>('email');
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState<{ userCol: 'email' | 'name'; searchName: string } | null>(null);
  const [page, setPage] = useState(1);
  const result = useCouponUserSearchQuery(query ? { ...query, pageSize: PAGE_SIZE, pageNum: page - 1 } : skipToken);
  useEffect(() => {
    if (result.error) notify.error(errorMessage(result.error, loadError));
  }, [result.error, loadError]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const searchName = keyword.trim();
    if ([...searchName].length < minLength) {
      notify.warn(minLength > 1 ? ACCOUNT_MESSAGES.searchNameShort : '검색어를 입력해 주세요.');
      return;
    }
    setQuery({ userCol: col, searchName });
    setPage(1);
  };
  const rows = result.data?.datas ?? [];
  const total = result.data?.searchTotal ?? 0;
  return (
    <div className="coupon-user-search">
      <form className="coupon-filter" onSubmit={submit} role="search" aria-label="사용자 검색">
        <div className="coupon-field">
          <label htmlFor={`${id}-col`}>검색 항목</label>
          <select id={`${id}-col`} value={col} onChange={(e) => setCol(e.target.value as 'email' | 'name')}>
            <option value="email">이메일</option>
            <option value="name">사용자명</option>
          </select>
        </div>
        <div className="coupon-field coupon-field-grow">
          <label htmlFor={`${id}-keyword`}>검색어</label>
          <input
            id={`${id}-keyword`}
            type="search"
            value={keyword}
            maxLength={100}
            onChange={(e) => setKeyword(e.target.value)}
          />
        </div>
        <button type="submit" className="button">
          검색
        </button>
      </form>
      {query && !result.isFetching && rows.length === 0 && !result.error && (
        <p className="muted">검색된 사용자가 없습니다.</p>
      )}
      {rows.length > 0 && (
        <DataTable
          stack={false}
          rows={rows}
          rowKey={(u) => u.ID}
          rowProps={(u) => ({
            className: 'clickable-row',
            tabIndex: 0,
            onClick: () => onChoose(u),
            onKeyDown: (e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                onChoose(u);
              }
            },
            'aria-label': `${u.USEREMAIL} (${u.USERNAME}) 선택`,
          })}
          // Never shown: the "no user found" line above waits for a finished search.
          empty={null}
          className="coupon-table"
          caption="사용자 검색 결과 (행을 눌러 선택)"
          columns={[
            { header: 'No.', cell: (_u, index) => total - (page - 1) * PAGE_SIZE - index },
            { header: '이메일', cell: (u) => u.USEREMAIL },
            { header: '사용자명', cell: (u) => u.USERNAME },
          ]}
          pager={{ page, totalPages: Math.ceil(total / PAGE_SIZE), onChange: setPage, label: '사용자 검색 페이지' }}
        />
      )}
    </div>
  );
}

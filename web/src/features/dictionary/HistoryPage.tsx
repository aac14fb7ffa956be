import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../app/api';
import { dictionaryDetailPath } from '../../app/paths';
import { Loader } from '../../ui/Loader';
import { PageHeading } from '../../ui/PageHeading';
import { notify } from '../../ui/toast';
import { useHistoryItemsQuery } from './dictionaryApi';
import './dictionary.css';

const LOAD_FAILED = '검색 기록을 불러오는 중에 오류가 발생하였습니다. 다시 시도해 주세요.';

/** The session's history (spec §2.1, §9): kept by the server, so it survives a reload. */
export function HistoryPage() {
  const { data, isLoading, isError, error } = useHistoryItemsQuery(undefined, { refetchOnMountOrArgChange: true });
  useEffect(() => {
    if (isError) notify.error(errorMessage(error, LOAD_FAILED));
  }, [isError, error]);
  return (
    <section className="dictionary-history">
      <PageHeading title="검색 기록">검색 기록</PageHeading>
      <p className="muted">이번 접속에서 찾아본 낱말을 최근 것부터 10개까지 보여 드립니다.</p>
      {isLoading ? (
        <Loader label="검색 기록을 불러오는 중입니다…" />
      ) : isError ? (
        <p role="alert" className="callout callout-warning">
          {errorMessage(error, LOAD_FAILED)}
        </p>
      ) : !data || data.length === 0 ? (
        <p className="muted">아직 찾아본 낱말이 없습니다.</p>
      ) : (
        <ol className="result-list history-list">
          {data.map((entry) => (
            <li key={entry.id}>
              <Link
                to={entry.linkUrl.startsWith('/') ? entry.linkUrl : dictionaryDetailPath(entry.id)}
                state={{ word: entry.word, hanja: entry.hanja, linkUrl: entry.linkUrl }}
              >
                <span className="result-word">{entry.word}</span>
                {entry.hanja ? (
                  <span className="result-hanja" lang="ko-Hani">
                    {entry.hanja}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

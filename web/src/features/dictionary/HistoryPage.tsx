import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../app/api';
import { dictionaryDetailPath } from '../../app/paths';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Loader } from '../../ui/Loader';
import { PageHeading } from '../../ui/PageHeading';
import { notify } from '../../ui/toast';
import { useClearHistoryItemsMutation, useDeleteHistoryItemMutation, useHistoryItemsQuery } from './dictionaryApi';
import './dictionary.css';

const LOAD_FAILED = '검색 기록을 불러오는 중에 오류가 발생하였습니다. 다시 시도해 주세요.';
const DELETE_FAILED = '검색 기록을 지우는 중에 오류가 발생하였습니다. 다시 시도해 주세요.';

/**
 * The session's history (spec §2.1, §9): kept by the server, so it survives a reload, and a
 * login carries a visitor's list into the member's session. One entry or all can be deleted.
 */
export function HistoryPage() {
  const { data, isLoading, isError, error } = useHistoryItemsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [deleteItem, { isLoading: deleting }] = useDeleteHistoryItemMutation();
  const [clearAll, { isLoading: clearing }] = useClearHistoryItemsMutation();
  const [confirmingClear, setConfirmingClear] = useState(false);
  useEffect(() => {
    if (isError) notify.error(errorMessage(error, LOAD_FAILED));
  }, [isError, error]);

  const remove = async (id: number) => {
    try {
      notify.success((await deleteItem(id).unwrap()).message);
    } catch (err) {
      notify.error(errorMessage(err, DELETE_FAILED));
    }
  };

  const confirmClear = async () => {
    try {
      notify.success((await clearAll().unwrap()).message);
    } catch (err) {
      notify.error(errorMessage(err, DELETE_FAILED));
    } finally {
      setConfirmingClear(false);
    }
  };

  const entries = data ?? [];
  return (
    <section className="dictionary-history">
      <PageHeading title="검색 기록">검색 기록</PageHeading>
      <p className="muted">
        찾아본 낱말을 최근 것부터 10개까지 보여 드립니다. 로그인하기 전에 찾아본 낱말은 로그인한 뒤에도 남습니다.
      </p>
      {isLoading ? (
        <Loader label="검색 기록을 불러오는 중입니다…" />
      ) : isError ? (
        <p role="alert" className="callout callout-warning">
          {errorMessage(error, LOAD_FAILED)}
        </p>
      ) : entries.length === 0 ? (
        <p className="muted">아직 찾아본 낱말이 없습니다.</p>
      ) : (
        <>
          <div className="history-toolbar">
            <p className="history-count" aria-live="polite">
              찾아본 낱말 <strong>{entries.length}</strong>개
            </p>
            <button
              type="button"
              className="button button-small history-clear"
              onClick={() => setConfirmingClear(true)}
              disabled={clearing}
            >
              전체 삭제
            </button>
          </div>
          <ol className="history-list">
            {entries.map((entry) => (
              <li key={entry.id} className="history-item">
                <Link
                  className="history-word"
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
                <button
                  type="button"
                  className="button button-small history-delete"
                  onClick={() => void remove(entry.id)}
                  disabled={deleting}
                  aria-label={`${entry.word} 검색 기록 삭제`}
                >
                  삭제
                </button>
              </li>
            ))}
          </ol>
        </>
      )}
      <ConfirmDialog
        open={confirmingClear}
        title="검색 기록 전체 삭제"
        message={`찾아본 낱말 ${entries.length}개를 검색 기록에서 모두 지웁니다. 지운 기록은 되돌릴 수 없습니다.`}
        confirmLabel="모두 삭제"
        busy={clearing}
        onConfirm={() => void confirmClear()}
        onCancel={() => setConfirmingClear(false)}
      />
    </section>
  );
}

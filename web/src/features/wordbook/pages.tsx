import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../app/api';
import { dictionaryDetailPath, PATHS } from '../../app/paths';
import { routeInfo } from '../../app/routeTable';
import { useAppSelector } from '../../app/store';
import { Loader } from '../../ui/Loader';
import { PageHeading } from '../../ui/PageHeading';
import { Pager } from '../../ui/Pager';
import { LIST_PAGER_SIBLINGS } from '../../ui/pagerWindow';
import { notify } from '../../ui/toast';
import { selectAuth } from '../account/authSlice';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import {
  downloadWordbook,
  useDeleteWordbookItemMutation,
  useSearchWordbookItemsQuery,
  WORDBOOK_MESSAGES,
  type ExportFormat,
  type WordbookItem,
} from './wordbookApi';
import { deleteConfirmMessage } from './texts';
import './wordbook.css';

function pageFromQuery(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** /dictionary/Wordbook: the member's saved words, 10 a page, newest first (spec §2.3, §9). */
export function WordbookPage() {
  const { title } = routeInfo('wordbook');
  const { authenticated, user } = useAppSelector(selectAuth);
  return (
    <section className="wordbook" aria-labelledby="wordbook-title">
      <PageHeading title={title}>
        <span id="wordbook-title">{title}</span>
      </PageHeading>
      {authenticated && user ? (
        <WordbookList userId={user.id} />
      ) : (
        <div className="callout">
          <p>로그인 후 이용해 주세요. 단어장은 회원만 쓸 수 있습니다.</p>
          <p className="actions">
            <Link className="button button-primary" to={PATHS.login}>
              로그인
            </Link>
            <Link className="button" to={PATHS.join}>
              회원 가입
            </Link>
          </p>
        </div>
      )}
    </section>
  );
}

function WordbookList({ userId }: { userId: number }) {
  const [params, setParams] = useSearchParams();
  const page = pageFromQuery(params.get('page'));
  const { data, isLoading, isFetching, isError, error } = useSearchWordbookItemsQuery({ userId, pageNum: page - 1 });
  const [deleteItem, { isLoading: deleting }] = useDeleteWordbookItemMutation();
  const [target, setTarget] = useState<WordbookItem | null>(null);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);

  const setPage = (next: number) => {
    setParams(next <= 1 ? {} : { page: String(next) });
  };

  useEffect(() => {
    if (isError) notify.error(errorMessage(error, WORDBOOK_MESSAGES.loadFailed));
  }, [isError, error]);

  // After deleting the last word of the last page, show the page before it.
  const lastPage = data?.totalPages ?? 0;
  useEffect(() => {
    if (lastPage > 0 && page > lastPage) setParams(lastPage <= 1 ? {} : { page: String(lastPage) });
  }, [lastPage, page, setParams]);

  const confirmDelete = async () => {
    if (!target) return;
    try {
      const result = await deleteItem({ userId, itemId: target.ID }).unwrap();
      notify.success(result.message);
    } catch (err) {
      notify.error(errorMessage(err, WORDBOOK_MESSAGES.deleteFailed));
    } finally {
      setTarget(null);
    }
  };

  const exportAs = async (format: ExportFormat) => {
    setExporting(format);
    try {
      await downloadWordbook(format);
    } catch (err) {
      notify.error(err instanceof Error && err.message ? err.message : WORDBOOK_MESSAGES.exportFailed);
    } finally {
      setExporting(null);
    }
  };

  if (isLoading) return <Loader />;
  if (isError || !data) {
    return (
      <div className="callout callout-warning" role="alert">
        <p>{WORDBOOK_MESSAGES.loadFailed}</p>
      </div>
    );
  }

  const items = data.wordBookItems;
  return (
    <>
      <div className="wordbook-toolbar">
        <p className="wordbook-count" aria-live="polite">
          저장한 단어 <strong>{data.totalElements.toLocaleString('ko-KR')}</strong>개
        </p>
        <div className="actions" role="group" aria-label="단어장 내보내기">
          <button
            type="button"
            className="button button-small"
            onClick={() => void exportAs('csv')}
            disabled={exporting !== null || data.totalElements === 0}
          >
            CSV로 내보내기
          </button>
          <button
            type="button"
            className="button button-small"
            onClick={() => void exportAs('anki')}
            disabled={exporting !== null || data.totalElements === 0}
          >
            Anki로 내보내기
          </button>
        </div>
      </div>
      {items.length === 0 ? (
        <div className="wordbook-empty">
          <p>단어장에 저장한 단어가 없습니다.</p>
          <p className="note">사전에서 단어를 찾아 상세 화면의 ‘단어장에 담기’ 버튼을 누르면 여기에 모입니다.</p>
          <Link className="button button-primary" to={PATHS.root}>
            사전 검색으로 가기
          </Link>
        </div>
      ) : (
        <ul className="wordbook-list" aria-busy={isFetching}>
          {items.map((item) => (
            <li key={item.ID} className="wordbook-item">
              <Link
                className="wordbook-word"
                to={dictionaryDetailPath(item.WORD_ID)}
                state={{ word: item.WORD, hanja: item.HANJA, linkUrl: item.LINK_URL }}
              >
                <span className="wordbook-hangul">{item.WORD}</span>
                {item.HANJA ? <span className="wordbook-hanja">{item.HANJA}</span> : null}
              </Link>
              <button
                type="button"
                className="button button-small wordbook-delete"
                onClick={() => setTarget(item)}
                aria-label={`${item.WORD} 삭제`}
              >
                삭제
              </button>
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={page}
        totalPages={data.totalPages}
        onChange={setPage}
        window={{ siblings: LIST_PAGER_SIBLINGS }}
        label="단어장 페이지"
      />
      <ConfirmDialog
        open={target !== null}
        title="단어 삭제"
        message={target ? deleteConfirmMessage(target.WORD) : ''}
        confirmLabel="삭제"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setTarget(null)}
      />
    </>
  );
}

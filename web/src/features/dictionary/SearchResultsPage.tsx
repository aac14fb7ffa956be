import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { dictionaryDetailPath, PATHS } from '../../app/paths';
import { useAppDispatch } from '../../app/store';
import { Loader } from '../../ui/Loader';
import { PageHeading } from '../../ui/PageHeading';
import { Pager } from '../../ui/Pager';
import { LIST_PAGER_SIBLINGS } from '../../ui/pagerWindow';
import { notify } from '../../ui/toast';
import { useSearchHeadwordsQuery } from './dictionaryApi';
import { searchPageChanged, searchStarted } from './dictionarySlice';
import { headwordLabel } from './format';
import { SearchHints } from './SearchHints';
import { SuggestSearchBar } from './SuggestSearchBar';
import './dictionary.css';

/** Spec §9: ten results a page. */
export const SEARCH_PAGE_SIZE = 10;
/** Spec §8. */
export const SEARCH_FAILED = '사전 검색중에 오류가 발생하였습니다. 다시 시도해 주세요.';

/** `?searchWord=…&page=N` (1-based in the address bar, zero-based in the call). */
function pageFrom(params: URLSearchParams): number {
  const n = Number(params.get('page') ?? '1');
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export function SearchResultsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const searchWord = (params.get('searchWord') ?? '').trim();
  const page = pageFrom(params);
  const { data, isFetching, isError } = useSearchHeadwordsQuery(
    { searchWord, pageSize: SEARCH_PAGE_SIZE, pageNum: page - 1 },
    { skip: searchWord === '' },
  );

  useEffect(() => {
    dispatch(searchStarted(searchWord));
    dispatch(searchPageChanged(page - 1));
  }, [dispatch, searchWord, page]);

  useEffect(() => {
    if (isError) notify.error(SEARCH_FAILED);
  }, [isError]);

  const go = (keyword: string, target = 1) => {
    const query = new URLSearchParams({ searchWord: keyword });
    if (target > 1) query.set('page', String(target));
    void navigate(`${PATHS.dictionary}?${query.toString()}`);
  };

  const items = data?.results.wordInfoItems ?? [];
  return (
    <section className="dictionary-results">
      <PageHeading title="검색 결과">검색 결과</PageHeading>
      <SuggestSearchBar initialValue={searchWord} onSearch={(keyword) => go(keyword)} />
      {searchWord === '' ? (
        <p className="muted">찾을 낱말을 입력해 주세요.</p>
      ) : isFetching && !data ? (
        <Loader label="검색 중입니다…" />
      ) : isError ? (
        <p role="alert" className="callout callout-warning">
          {SEARCH_FAILED}
        </p>
      ) : data && data.totalElements === 0 ? (
        <>
          <p className="muted" role="status">
            ‘{searchWord}’에 맞는 낱말이 없습니다. 초성이나 다른 낱말로 찾아보세요.
          </p>
          <SearchHints results={data.results} onSearch={(keyword) => go(keyword)} />
        </>
      ) : data ? (
        <>
          <SearchHints results={data.results} onSearch={(keyword) => go(keyword)} />
          <p className="muted" role="status">
            ‘{searchWord}’ 검색 결과 {data.totalElements.toLocaleString('ko-KR')}건
          </p>
          {items.length > 0 ? (
            <ol className="result-list" start={(page - 1) * SEARCH_PAGE_SIZE + 1} aria-busy={isFetching}>
              {items.map((item) => (
                <li key={item.ID}>
                  <Link
                    to={dictionaryDetailPath(item.ID)}
                    state={{ word: item.WORD, hanja: item.HANJA ?? '', linkUrl: dictionaryDetailPath(item.ID) }}
                  >
                    <span className="result-word">{item.WORD}</span>
                    {item.HANJA ? (
                      <span className="result-hanja" lang="ko-Hani">
                        {item.HANJA}
                      </span>
                    ) : null}
                    {item.SENSE ? <span className="result-sense">{item.SENSE}</span> : null}
                    <span className="sr-only"> — {headwordLabel(item)} 유의어 보기</span>
                  </Link>
                </li>
              ))}
            </ol>
          ) : (
            <p className="muted">이 페이지에는 결과가 없습니다.</p>
          )}
          <Pager
            page={page}
            totalPages={data.totalPages}
            onChange={(target) => go(searchWord, target)}
            window={{ siblings: LIST_PAGER_SIBLINGS }}
            label="검색 결과 페이지"
          />
        </>
      ) : null}
    </section>
  );
}

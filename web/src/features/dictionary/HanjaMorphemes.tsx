import { useState } from 'react';
import { Link } from 'react-router-dom';
import { dictionaryDetailPath } from '../../app/paths';
import { Loader } from '../../ui/Loader';
import { Pager } from '../../ui/Pager';
import { useHanjaItemsQuery } from './dictionaryApi';

export const HANJA_PAGE_SIZE = 10;
const HAN = /\p{Script=Han}/u;

/** One character's list: the other headwords that share it, paged. */
function HanjaList({ ch, selfId }: { ch: string; selfId: number | null }) {
  const [page, setPage] = useState(1);
  const { data, isFetching, isError } = useHanjaItemsQuery({ hanja: ch, pageSize: HANJA_PAGE_SIZE, pageNum: page - 1 });
  if (isError) return <p className="muted">‘{ch}’ 자가 든 낱말을 불러오지 못했습니다.</p>;
  if (!data) return isFetching ? <Loader label="불러오는 중입니다…" /> : null;
  const others = data.results.wordInfoItems.filter((w) => w.ID !== selfId);
  return (
    <div className="hanja-list" aria-live="polite">
      <p className="muted">
        ‘<span lang="ko-Hani">{ch}</span>’ 자가 든 낱말 {data.totalElements.toLocaleString('ko-KR')}개
      </p>
      {others.length > 0 ? (
        <ul className="hanja-words">
          {others.map((w) => (
            <li key={w.ID}>
              <Link to={dictionaryDetailPath(w.ID)} state={{ word: w.WORD, hanja: w.HANJA ?? '' }}>
                {w.WORD}
                {w.HANJA ? (
                  <span className="result-hanja" lang="ko-Hani">
                    {w.HANJA}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">이 낱말 말고는 없습니다.</p>
      )}
      <Pager page={page} totalPages={data.totalPages} onChange={setPage} label={`‘${ch}’ 자가 든 낱말 페이지`} />
    </div>
  );
}

/** Each hanja character of a headword as a button that lists the headwords sharing it. */
export function HanjaMorphemes({ hanja, selfId }: { hanja: string; selfId: number | null }) {
  const chars = [...new Set(Array.from(hanja).filter((c) => HAN.test(c)))];
  const [open, setOpen] = useState<string | null>(null);
  if (chars.length === 0) return null;
  return (
    <section className="hanja-morphemes" aria-label="한자별 낱말">
      <h2 className="hanja-heading">한자로 찾기</h2>
      <div className="hanja-chars">
        {chars.map((c) => (
          <button
            key={c}
            type="button"
            className="hanja-char"
            lang="ko-Hani"
            aria-pressed={open === c}
            aria-label={`‘${c}’ 자가 든 낱말 보기`}
            onClick={() => setOpen(open === c ? null : c)}
          >
            {c}
          </button>
        ))}
      </div>
      {open ? <HanjaList key={open} ch={open} selfId={selfId} /> : null}
    </section>
  );
}

import { pagerWindow, type PagerWindowOptions } from './pagerWindow';

export interface PagerProps {
  /** Current page, 1-based (convert from zero-based `pageNum` at the call site). */
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** Default: a window of 3 numbers. List screens pass `{ siblings: 2 }`. */
  window?: PagerWindowOptions;
  label?: string;
}

/** First, previous, numbered window, next, last (spec §2.2). */
export function Pager({ page, totalPages, onChange, window: windowOptions, label = '페이지 이동' }: PagerProps) {
  if (totalPages < 1) return null;
  const current = Math.min(Math.max(1, page), totalPages);
  const numbers = pagerWindow(current, totalPages, windowOptions);
  const atStart = current <= 1;
  const atEnd = current >= totalPages;
  const go = (target: number) => {
    if (target !== current) onChange(target);
  };
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" onClick={() => go(1)} disabled={atStart} aria-label="첫 페이지">
        «
      </button>
      <button type="button" onClick={() => go(current - 1)} disabled={atStart} aria-label="이전 페이지">
        ‹
      </button>
      {numbers.map((n) => (
        <button
          key={n}
          type="button"
          className="pager-number"
          onClick={() => go(n)}
          aria-current={n === current ? 'page' : undefined}
        >
          {n}
          <span className="sr-only"> 페이지</span>
        </button>
      ))}
      <button type="button" onClick={() => go(current + 1)} disabled={atEnd} aria-label="다음 페이지">
        ›
      </button>
      <button type="button" onClick={() => go(totalPages)} disabled={atEnd} aria-label="마지막 페이지">
        »
      </button>
    </nav>
  );
}

/** A list screen's pager (spec §2.2): `total` rows `pageSize` a page, two numbers either side of the current one. */
export function listPager({
  page,
  total,
  pageSize,
  onChange,
  label,
}: {
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
  label: string;
}): PagerProps {
  return { page, totalPages: Math.ceil(total / pageSize), onChange, window: { siblings: 2 }, label };
}

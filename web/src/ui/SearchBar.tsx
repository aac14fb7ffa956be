import { useId, useState, type FormEvent } from 'react';
import { notify } from './toast';

/** Spec §5, "Search: keyword required". */
export const EMPTY_KEYWORD_MESSAGE = '검색할 내용을 입력해 주세요.';

export interface SearchBarProps {
  initialValue?: string;
  onSearch: (keyword: string) => void;
}

/** Keyword field and search button (spec §2.2). */
export function SearchBar({ initialValue = '', onSearch }: SearchBarProps) {
  const [keyword, setKeyword] = useState(initialValue);
  const inputId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = keyword.trim();
    if (trimmed === '') {
      notify.warn(EMPTY_KEYWORD_MESSAGE);
      return;
    }
    onSearch(trimmed);
  };
  return (
    <form className="search-bar" role="search" onSubmit={submit}>
      <label htmlFor={inputId} className="sr-only">
        검색어
      </label>
      <input
        id={inputId}
        type="search"
        name="searchWord"
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        placeholder="찾을 낱말을 입력하세요"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={50}
      />
      <button type="submit" className="button button-primary">
        검색
      </button>
    </form>
  );
}

import { checkSearchWord } from '@syn/kit/rules/plain';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { dictionaryDetailPath } from '../../app/paths';
import { notify } from '../../ui/toast';
import { useSuggestHeadwordsQuery, type WordInfoItem } from './dictionaryApi';
import { headwordLabel } from './format';

export interface SuggestSearchBarProps {
  initialValue?: string;
  onSearch: (keyword: string) => void;
  /** Focus the field on mount (the `/` key brought the person here to type). */
  autoFocus?: boolean;
}

/** How long typing must pause before suggestions are asked for. */
const SUGGEST_DELAY_MS = 150;

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The search bar of spec §2.2 with suggestions as the user types (WAI-ARIA combobox:
 * arrows move, Enter opens the highlighted headword or searches, Escape closes).
 */
export function SuggestSearchBar({ initialValue = '', onSearch, autoFocus = false }: SuggestSearchBarProps) {
  const [keyword, setKeyword] = useState(initialValue);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const inputId = useId();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const query = useDebounced(keyword.trim(), SUGGEST_DELAY_MS);
  const { data } = useSuggestHeadwordsQuery(query, { skip: query === '' || !open });
  const suggestions: WordInfoItem[] = open && query !== '' ? (data ?? []) : [];
  const expanded = suggestions.length > 0;

  useEffect(() => setKeyword(initialValue), [initialValue]);
  useEffect(() => setActive(-1), [query]);
  // An effect, not the autoFocus attribute: it runs after the page heading's effect has taken focus.
  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  const choose = (item: WordInfoItem) => {
    setOpen(false);
    setKeyword(item.WORD);
    void navigate(dictionaryDetailPath(item.ID), {
      state: { word: item.WORD, hanja: item.HANJA ?? '', linkUrl: dictionaryDetailPath(item.ID) },
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const picked = active >= 0 ? suggestions[active] : undefined;
    if (picked) {
      choose(picked);
      return;
    }
    const checked = checkSearchWord(keyword);
    if (!checked.ok) {
      notify.warn(checked.message);
      return;
    }
    setOpen(false);
    onSearch(checked.word);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      setOpen(false);
      return;
    }
    if (!expanded || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    event.preventDefault();
    const step = event.key === 'ArrowDown' ? 1 : -1;
    // -1 (the typed text) and each suggestion, round and round.
    const positions = suggestions.length + 1;
    setActive((current) => ((current + 1 + step + positions) % positions) - 1);
  };

  const activeItem = active >= 0 && active < suggestions.length ? suggestions[active] : undefined;

  return (
    <form className="search-bar suggest-search" role="search" onSubmit={submit}>
      <label htmlFor={inputId} className="sr-only">
        검색어
      </label>
      <div className="suggest-field">
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          name="searchWord"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeItem ? `${listId}-${activeItem.ID}` : undefined}
          value={keyword}
          onChange={(event) => {
            setKeyword(event.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => window.setTimeout(() => setOpen(false), 150)}
          placeholder="찾을 낱말을 입력하세요"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={50}
          aria-keyshortcuts="/"
          data-search-shortcut=""
        />
        <ul id={listId} role="listbox" aria-label="추천 낱말" className="suggest-list" hidden={!expanded}>
          {suggestions.map((item, index) => (
            <li
              key={item.ID}
              id={`${listId}-${item.ID}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => {
                // Keep the input focused so the blur does not close the list before the click.
                event.preventDefault();
                choose(item);
              }}
            >
              {headwordLabel(item)}
            </li>
          ))}
        </ul>
        {/* Shown to keyboard users while the field is empty and unfocused (CSS); aria-keyshortcuts tells screen readers. */}
        <kbd className="search-shortcut-hint" aria-hidden="true">
          /
        </kbd>
      </div>
      <button type="submit" className="button button-primary">
        검색
      </button>
    </form>
  );
}

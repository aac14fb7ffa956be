import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { PATHS } from './paths';

/** Marks the dictionary search field that the `/` key focuses (SuggestSearchBar sets it). */
export const SEARCH_SHORTCUT_ATTRIBUTE = 'data-search-shortcut';

/** State handed to the home page when `/` was pressed on a page without a search field. */
export interface FocusSearchState {
  focusSearch: true;
}

export function wantsSearchFocus(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Partial<FocusSearchState>).focusSearch === true;
}

/** Where a typed `/` belongs to what the person is writing, not to the page. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])') !== null;
}

/**
 * `/` focuses the dictionary search field from anywhere on the page. A page
 * without one opens the home search instead, unless it holds a form: a stray
 * key must not throw away what someone has filled in.
 */
export function useSearchShortcut(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.defaultPrevented || event.isComposing) return;
      // Shift is allowed: some keyboard layouts need it to type `/` at all.
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      // A modal (dialog, menu drawer) owns the keyboard while it is open.
      if (document.querySelector('dialog[open], [aria-modal="true"]')) return;
      const field = document.querySelector<HTMLInputElement>(`input[${SEARCH_SHORTCUT_ATTRIBUTE}]`);
      if (field) {
        event.preventDefault();
        field.focus();
        field.select();
        return;
      }
      if (document.querySelector('main form')) return;
      event.preventDefault();
      const state: FocusSearchState = { focusSearch: true };
      void navigate(PATHS.root, { state });
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navigate]);
}

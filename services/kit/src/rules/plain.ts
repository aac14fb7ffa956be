// Rules and messages that need no schema library, for code every page loads (the search bar, the
// member-only guard): importing them from here keeps zod out of the web app's first download.
// The barrel (./index) re-exports them beside the schemas that use the same bounds.

/** Spec §5 Search: keyword required. */
export const SEARCH_REQUIRED = '검색할 내용을 입력해 주세요.';

/**
 * The longest search word served (the spec names no limit): longer than any headword or phrase
 * someone looks up, and short enough that a query never bloats statistics or an outbox row.
 */
export const SEARCH_WORD_MAX = 100;
export const SEARCH_TOO_LONG = `검색어는 ${SEARCH_WORD_MAX}자 이하로 입력해 주세요.`;

/** What is wrong with an already trimmed search word, or null when it may be searched. */
export function searchWordProblem(trimmed: string): string | null {
  if (trimmed.length < 1) return SEARCH_REQUIRED;
  if (trimmed.length > SEARCH_WORD_MAX) return SEARCH_TOO_LONG;
  return null;
}

/** The search box's check: the trimmed word to search, or the message to show. */
export function checkSearchWord(value: string): { ok: true; word: string } | { ok: false; message: string } {
  const word = value.trim();
  const problem = searchWordProblem(word);
  return problem === null ? { ok: true, word } : { ok: false, message: problem };
}

/**
 * Spec §6/§8 name three sign-in situations with messages of their own; each says what the member
 * can do about it, so they are never folded into one.
 */
export const SIGN_IN_MESSAGES = {
  /** "login required": a visitor opens a member screen (nobody is signed in in this browser). */
  loginRequired: '로그인 후 이용해 주세요.',
  /** "user info absent, login first": the payment screens find no saved member to restore (spec §2.1). */
  userInfoAbsent: '사용자 정보가 없습니다. 로그인 후 이용해 주세요.',
  /** "member authentication required": the server got a member's call without a signed-in session (401). */
  memberAuthRequired: '회원 인증이 필요합니다. 다시 로그인해 주세요.',
} as const;

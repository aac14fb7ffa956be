// Korean messages the dictionary answers with (spec §5, §8; ARCHITECTURE rule 5).
export { SEARCH_REQUIRED } from '@syn/kit/rules';

export const MESSAGES = {
  pageNumInvalid: '페이지 번호가 올바르지 않습니다.',
  pageSizeInvalid: '한 페이지에 보여 줄 개수가 올바르지 않습니다.',
  headwordIdInvalid: '단어 정보가 올바르지 않습니다.',
  headwordNotFound: '찾으시는 낱말이 사전에 없습니다. 다른 낱말로 검색해 주세요.',
  /** Same words as the account service's, so both say the same thing about a duplicate login. */
  hanjaInvalid: '한자 한 글자를 보내 주세요.',
  historyItemInvalid: '지울 검색 기록이 올바르지 않습니다.',
  historyItemDeleted: '검색 기록에서 지웠습니다.',
  historyCleared: '검색 기록을 모두 지웠습니다.',
  historyClearUnconfirmed: '검색 기록을 모두 지우려면 확인이 필요합니다.',
} as const;

// What the wordbook answers, in Korean (spec §6, §8; ARCHITECTURE rule 5).
export const MESSAGES = {
  /** Spec §6: visitors cannot save to the wordbook. */
  membersOnly: '회원 가입 후 이용해 주세요.',
  saved: '단어장에 저장하였습니다.',
  alreadySaved: '이미 단어장에 저장된 단어입니다.',
  deleted: '단어장에서 삭제하였습니다.',
  itemNotFound: '단어장에 없는 항목입니다.',
  itemIdInvalid: '삭제할 항목 정보가 올바르지 않습니다.',
  headwordIdInvalid: '단어 정보가 올바르지 않습니다.',
  headwordNotFound: '사전에 없는 단어는 단어장에 저장할 수 없습니다.',
  wordInvalid: '저장할 단어가 올바르지 않습니다.',
  pageNumInvalid: '페이지 번호가 올바르지 않습니다.',
  pageSizeInvalid: '한 페이지에 보여 줄 개수가 올바르지 않습니다.',
  formatInvalid: '내보내기 형식이 올바르지 않습니다. (csv 또는 anki)',
  dictionaryUnavailable: '사전 정보를 확인할 수 없습니다. 잠시 후 다시 시도해 주세요.',
} as const;

import { SITE } from '../../app/site';
import type { WordInfoItem } from './dictionaryApi';

/** 사랑방 (舍廊房), or 배 — 과일 for a homograph without hanja. */
export function headwordLabel(item: Pick<WordInfoItem, 'WORD' | 'HANJA' | 'SENSE'>): string {
  const hanja = item.HANJA ? ` (${item.HANJA})` : '';
  const sense = !item.HANJA && item.SENSE ? ` — ${item.SENSE}` : '';
  return `${item.WORD}${hanja}${sense}`;
}

/** Spec §9: share sends the first 10 similar words, comma-joined. */
export const SHARE_LIMIT = 10;
export const SIMILAR = '비슷한말';

export function shareText(similarWords: readonly string[]): string {
  return similarWords.slice(0, SHARE_LIMIT).join(', ');
}

export interface ShareMessage {
  title: string;
  /** The words with what they are: the headword and the category. */
  text: string;
  /** Absolute, so the link works wherever the message is pasted. */
  url: string;
  /** One block for the clipboard, where there is no separate link field. */
  clipboard: string;
}

/** What the detail page shares: ‘사랑 (愛)’의 비슷한말: 애정, 연모 and a link back to the entry. */
export function shareMessage(
  headword: Pick<WordInfoItem, 'WORD' | 'HANJA' | 'SENSE'>,
  category: string,
  words: readonly string[],
  url: string,
): ShareMessage {
  const text = `‘${headwordLabel(headword)}’의 ${category}: ${shareText(words)}`;
  return { title: `${headword.WORD}의 ${category} | ${SITE.serviceName}`, text, url, clipboard: `${text}\n${url}` };
}

/** The external dictionaries of the detail page (spec §3 linkType natmal | opendic). */
export const EXTERNAL_SITES = {
  natmal: {
    name: '표준국어대사전',
    url: (word: string) =>
      `https://stdict.korean.go.kr/search/searchResult.do?searchKeyword=${encodeURIComponent(word)}`,
  },
  opendic: {
    name: '우리말샘',
    url: (word: string) => `https://opendict.korean.go.kr/search/searchResult?query=${encodeURIComponent(word)}`,
  },
} as const;
export type ExternalSite = keyof typeof EXTERNAL_SITES;

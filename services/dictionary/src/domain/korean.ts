// Korean index keys that nori does not give (prefixes, 초성, jamo, substrings), computed here
// with es-hangul; nori's stems are indexed by Elasticsearch itself (word.nori, see store/mapping.ts).
import { disassemble, getChoseong } from 'es-hangul';

/** Longest substring indexed for "contains"; longer queries match all their n-grams of this length. */
export const MAX_INFIX_LENGTH = 4;
/** Longest query we look at; anything past it is cut off. */
export const MAX_QUERY_LENGTH = 50;

const CHOSEONG_ONLY = /^[\u3131-\u314e]+$/u;
const ENDS_WITH_LONE_JAMO = /[\u3131-\u3163]$/u;
const HAN = /\p{Script=Han}/u;

/** Splits by code point so a rare CJK character outside the BMP stays whole. */
export function chars(text: string): string[] {
  return Array.from(text);
}

/** Every prefix of `text`, whole text included: 사랑 → [사, 사랑]. */
export function prefixesOf(text: string): string[] {
  const cs = chars(text);
  const out: string[] = [];
  for (let i = 1; i <= cs.length; i += 1) out.push(cs.slice(0, i).join(''));
  return out;
}

/** Distinct substrings of 1..maxLength characters: the "contains" keys. */
export function infixesOf(text: string, maxLength = MAX_INFIX_LENGTH): string[] {
  const cs = chars(text);
  const out = new Set<string>();
  for (let start = 0; start < cs.length; start += 1) {
    for (let len = 1; len <= maxLength && start + len <= cs.length; len += 1) {
      out.add(cs.slice(start, start + len).join(''));
    }
  }
  return [...out];
}

/** Initial consonants of the Hangul syllables: 사랑 → ㅅㄹ. */
export function choseongOf(text: string): string {
  return getChoseong(text);
}

/** Full jamo decomposition: 사랑 → ㅅㅏㄹㅏㅇ. */
export function jamoOf(text: string): string {
  return disassemble(text);
}

/** A query made only of initial consonants, such as ㅅㄹ. */
export function isChoseongQuery(query: string): boolean {
  return CHOSEONG_ONLY.test(query);
}

/** A query whose last letter is still being composed, such as 사ㄹ. */
export function endsWithLoneJamo(query: string): boolean {
  return ENDS_WITH_LONE_JAMO.test(query);
}

export function containsHan(text: string): boolean {
  return HAN.test(text);
}

/** Punctuation and symbols: pasted text brings them along (사랑!!, "이용약관"에서), headwords have none. */
const PUNCTUATION = /[\p{P}\p{S}]/gu;
const HANGUL_SYLLABLE = /[\uac00-\ud7a3]/u;

/**
 * Normalises a user's query: NFC (so decomposed input from some keyboards matches),
 * no whitespace (headwords have none: 아름 답다 is 아름답다), no punctuation or symbols
 * (사랑!! is 사랑), at most MAX_QUERY_LENGTH characters.
 */
export function normalizeQuery(raw: string): string {
  return chars(raw.normalize('NFC').replace(/\s+/gu, '').replace(PUNCTUATION, '')).slice(0, MAX_QUERY_LENGTH).join('');
}

/**
 * Whether nori's analysis can say anything about a normalised query: it holds a whole Hangul
 * syllable, is not 초성 and is not a syllable still being typed (사ㄹ).
 */
export function worthAnalysing(query: string): boolean {
  return HANGUL_SYLLABLE.test(query) && !isChoseongQuery(query) && !endsWithLoneJamo(query);
}

export interface HeadwordKeys {
  /** Prefixes of the word and of its hanja. */
  prefixes: string[];
  choseong: string;
  /** Prefixes of the 초성 string, so ㅅ and ㅅㄹ both find 사랑. */
  choseongPrefixes: string[];
  /** Jamo decomposition, for a syllable still being composed (사ㄹ) and typo tolerance. */
  jamo: string;
  /** Substrings of the word and of its hanja, up to MAX_INFIX_LENGTH. */
  infixes: string[];
}

export function headwordKeys(word: string, hanja: string | null): HeadwordKeys {
  const choseong = choseongOf(word);
  const prefixes = prefixesOf(word);
  const infixes = infixesOf(word);
  if (hanja) {
    prefixes.push(...prefixesOf(hanja));
    infixes.push(...infixesOf(hanja));
  }
  return {
    prefixes: [...new Set(prefixes)],
    choseong,
    choseongPrefixes: prefixesOf(choseong),
    jamo: jamoOf(word),
    infixes: [...new Set(infixes)],
  };
}

/**
 * The terms a "contains" query must all match: the query itself when it is short
 * enough to be an indexed infix, otherwise each of its MAX_INFIX_LENGTH-grams.
 */
export function containsTerms(query: string): string[] {
  const cs = chars(query);
  if (cs.length <= MAX_INFIX_LENGTH) return [query];
  const out = new Set<string>();
  for (let i = 0; i + MAX_INFIX_LENGTH <= cs.length; i += 1) out.add(cs.slice(i, i + MAX_INFIX_LENGTH).join(''));
  return [...out];
}

// One-jamo typos on the 2-beolsik keyboard: most slips hit the key beside
// the one meant, or miss or add the shift (ㅅ/ㅆ, ㅐ/ㅒ). Those spellings of a query are tried before
// any other one-edit spelling (a weighted edit distance, with the keyboard as the weight).
const KEY_ROWS = ['ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔ', 'ㅁㄴㅇㄹㅎㅗㅓㅏㅣ', 'ㅋㅌㅊㅍㅠㅜㅡ'];
const SHIFTED: ReadonlyArray<readonly [string, string]> = [
  ['ㅂ', 'ㅃ'],
  ['ㅈ', 'ㅉ'],
  ['ㄷ', 'ㄸ'],
  ['ㄱ', 'ㄲ'],
  ['ㅅ', 'ㅆ'],
  ['ㅐ', 'ㅒ'],
  ['ㅔ', 'ㅖ'],
];
const SYLLABLE_CHO = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const SYLLABLE_JUNG = 'ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ';
const SYLLABLE_JONG = ' ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ';

/** Keys a finger slips to from this jamo: its neighbours in the row, and the same key with(out) shift. */
function slipsOf(jamo: string): string[] {
  const out: string[] = [];
  for (const row of KEY_ROWS) {
    const i = row.indexOf(jamo);
    if (i < 0) continue;
    if (i > 0) out.push(row.charAt(i - 1));
    if (i + 1 < row.length) out.push(row.charAt(i + 1));
  }
  for (const [plain, shifted] of SHIFTED) {
    if (jamo === plain) out.push(shifted);
    if (jamo === shifted) {
      out.push(plain);
      // A shifted key's neighbours are the plain key's neighbours.
      out.push(...slipsOf(plain).filter((j) => j !== jamo));
    }
  }
  return out;
}

/** Most keyboard spellings tried for one query. */
export const MAX_KEYBOARD_TYPOS = 120;

/**
 * The spellings of a query that differ from it by one jamo typed on a key next to the one meant (사잔
 * → 사전 by ㅏ/ㅓ, 겨회 → 교회 by ㅕ/ㅛ), on any syllable, the first one included. Only Hangul
 * syllables are changed; the query itself is not among them.
 */
export function keyboardTypos(query: string): string[] {
  const cs = chars(query);
  const out = new Set<string>();
  cs.forEach((ch, i) => {
    const code = (ch.codePointAt(0) ?? 0) - 0xac00;
    if (code < 0 || code > 11171) return;
    const parts = [
      SYLLABLE_CHO.charAt(Math.floor(code / 588)),
      SYLLABLE_JUNG.charAt(Math.floor((code % 588) / 28)),
      SYLLABLE_JONG.charAt(code % 28),
    ];
    parts.forEach((jamo, k) => {
      if (jamo === ' ') return;
      for (const slip of slipsOf(jamo)) {
        const next = [...parts];
        next[k] = slip;
        const c = SYLLABLE_CHO.indexOf(next[0] ?? '');
        const v = SYLLABLE_JUNG.indexOf(next[1] ?? '');
        const t = SYLLABLE_JONG.indexOf(next[2] ?? '');
        if (c < 0 || v < 0 || t < 0) continue;
        out.add([...cs.slice(0, i), String.fromCodePoint(0xac00 + c * 588 + v * 28 + t), ...cs.slice(i + 1)].join(''));
      }
    });
  });
  out.delete(query);
  return [...out].slice(0, MAX_KEYBOARD_TYPOS);
}

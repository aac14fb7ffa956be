// How the fields of 국립국어원 exports (우리말샘, 표준국어대사전) map onto our dataset format.
// The README (services/dictionary/README.md, "Converting 우리말샘 and 표준국어대사전") lists
// these tables; keep the two in step.
import type { Category } from '../../domain/categories';
import { containsHan } from '../../domain/korean';

/**
 * Relation types of the exports (relation_info / lexical_info `type`), without spaces,
 * to our categories. A relation reads "the target is a <type> of this headword" in the
 * exports as in our format, so no type needs flipping.
 */
export const RELATION_TYPE_MAP: Readonly<Record<string, Category>> = {
  비슷한말: '비슷한말',
  유의어: '비슷한말',
  동의어: '비슷한말',
  반대말: '반대말',
  반의어: '반대말',
  높임말: '높임말',
  낮춤말: '낮춤말',
  준말: '준말',
  본말: '본말',
  방언: '방언',
  지역어: '방언',
  상위어: '상위어',
  하위어: '하위어',
  참고어휘: '참고어',
  참고어: '참고어',
  // Sound-symbolic size and strength variants (졸졸/줄줄, 빙빙/삥삥): a reader compares
  // them, but the nuance differs, so they are not offered as 비슷한말.
  큰말: '참고어',
  작은말: '참고어',
  센말: '참고어',
  여린말: '참고어',
  거센말: '참고어',
  // 원말: the form a word changed from (빈자떡 → 빈대떡), not an unabbreviated form.
  원말: '참고어',
  관련어: '관련어',
  부분어: '관련어',
  전체어: '관련어',
};

/**
 * Types deliberately not mapped: historical or North Korean forms, misspellings and
 * variant spellings are not what a thesaurus offers. Anything neither here nor in the
 * map is dropped too and reported by name, so a new type in a later export shows up.
 */
export const DROPPED_RELATION_TYPES: readonly string[] = ['옛말', '북한어', '잘못', '비표준어', '이형태', '동음이의어'];

export function relationCategory(type: string): Category | null {
  return RELATION_TYPE_MAP[type.replace(/\s+/gu, '')] ?? null;
}

/** Export parts of speech to ours; 어미, 접사 and phrases have no thesaurus entry. */
export const POS_MAP: Readonly<Record<string, string>> = {
  명사: '명사',
  의존명사: '의존명사',
  대명사: '대명사',
  수사: '수사',
  동사: '동사',
  형용사: '형용사',
  부사: '부사',
  관형사: '관형사',
  감탄사: '감탄사',
  보조동사: '보조 용언',
  보조형용사: '보조 용언',
  조사: '조사',
};

/** Parts of speech whose entries are bound forms, left out. */
export const DROPPED_POS: readonly string[] = ['어미', '접사'];

export type PosResult = { pos: string | null } | { drop: string };

/** 「명사」, "명사·부사", "의존 명사" → 명사 / 의존명사; the first part of speech wins. */
export function mapPos(raw: string | null): PosResult {
  if (raw === null) return { pos: null };
  const first =
    raw
      .replace(/[「」[\]]/gu, '')
      .split(/[·ㆍ,/]/u)[0]
      ?.replace(/\s+/gu, '') ?? '';
  if (first === '' || first === '품사없음') return { pos: null };
  if (DROPPED_POS.includes(first)) return { drop: `part of speech ${first}` };
  return { pos: POS_MAP[first] ?? null };
}

/** Units that are single words; 구, 관용구 and 속담 are phrases, left out. */
export const WORD_UNITS: readonly string[] = ['어휘', '단어'];

/** Entry and sense types that are not headwords of today's standard language. */
export const DROPPED_SENSE_TYPES: readonly string[] = ['옛말', '북한어'];

export interface CleanWord {
  word: string;
  /** The homograph number written after the word (stdict `가01`, `대-21`), if any. */
  supNo: number | null;
}

/**
 * Strips the headword markup: `-` (affix boundary or compound parts), `^` (spacing
 * inside a compound) and a trailing homograph number. Returns null for bound forms
 * (a leading or trailing `-`), which are affixes and endings.
 */
export function cleanWord(raw: string): CleanWord | { bound: true } {
  const text = raw.normalize('NFC').trim();
  const m = /^(.*?)(\d+)$/u.exec(text);
  const body = m ? (m[1] ?? '') : text;
  const supNo = m ? Number(m[2]) : null;
  if (body.startsWith('-') || body.endsWith('-')) return { bound: true };
  return { word: body.replace(/[-^]/gu, '').replace(/\s+/gu, ' ').trim(), supNo };
}

export interface OriginalLanguage {
  original: string;
  type: string;
}

/**
 * The hanja spelling from original_language_info: the first alternative (a `/(병기)`
 * element separates alternatives, 伽倻 / 伽耶), its segments joined when every segment
 * is 한자 or a Korean part (偏狹 + 하다 → 偏狹하다). Loanword parts (영어 …) give no
 * hanja: the field is for Sino-Korean spellings only.
 */
export function hanjaOf(origins: readonly OriginalLanguage[]): string | null {
  const first: OriginalLanguage[] = [];
  for (const o of origins) {
    if (o.type.includes('병기')) break;
    first.push(o);
  }
  if (!first.some((o) => o.type === '한자')) return null;
  if (!first.every((o) => o.type === '한자' || o.type === '고유어' || /^[\p{Script=Hangul}\s^-]*$/u.test(o.original)))
    return null;
  const hanja = first
    .map((o) => o.original)
    .join('')
    .normalize('NFC')
    .replace(/[\s^-]/gu, '');
  return hanja.length >= 1 && hanja.length <= 40 && containsHan(hanja) ? hanja : null;
}

/** A short note from a definition, to tell homographs apart: its first clause, at most 30 characters. */
export function senseNote(definition: string | null): string | null {
  if (definition === null) return null;
  const plain = definition
    .replace(/<[^>]*>/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  const clause = (plain.split(/[.;]|(?<=[^\d]),/u)[0] ?? '').trim();
  if (clause === '') return null;
  const chars = Array.from(clause);
  return chars.length <= 30 ? clause : `${chars.slice(0, 29).join('')}…`;
}

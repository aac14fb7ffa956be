// What nori's analysis of a query means for the dictionary: from the morphemes Elasticsearch's
// `_analyze` returns (each with its part-of-speech tag, mecab-ko-dic's tag set) to the headwords
// the query may stand for, each with the part of speech a headword must have to count. Pure: the
// request lives in store/read.ts. Particles, endings, -시- and compounds are nori's work; this
// file only reads its answer.

/** One morpheme as nori's tokenizer gives it (discard mode: compounds and inflected forms split). */
export interface Morpheme {
  /** The morpheme's text (보 of 보면서, 드시 of 드셨습니다). */
  token: string;
  /** Its tag in Lucene's nori tag set: NNG, VV, XSV, E (every ending), J (every particle) … */
  tag: string;
  startOffset: number;
  endOffset: number;
}

/** A word class as the dictionary's `pos` field names it. */
export type WordClass = 'noun' | 'predicate' | 'modifier';

/** `pos` values of each class in the datasets (both spellings of the two-word ones). */
export const POS_OF_CLASS: Record<WordClass, readonly string[]> = {
  noun: ['명사', '대명사', '수사', '의존명사', '의존 명사'],
  predicate: ['동사', '형용사', '보조 용언', '보조용언', '보조 동사', '보조 형용사'],
  modifier: ['부사', '관형사', '감탄사'],
};

/** A headword the analysis points at: the word, the class it must have, and whether it spans the whole query. */
export interface StemCandidate {
  word: string;
  wordClass: WordClass;
  /** True for the reading of the query itself (학교 of 학교에서, 행복하다 of 행복하길); false for a part of it (행복). */
  whole: boolean;
  /** nori read a 시다 verb as one stem (드시 of 드셨습니다, 주무시 of 주무세요): an honorific headword. */
  honorific?: boolean;
  /** nori's reading and the rule lemmatiser's agree on this word (길러 → 기르다, not the rules' 길다 too). */
  agreed?: boolean;
}

const NOUN_TAGS = new Set(['NNG', 'NNP', 'NNB', 'NNBC', 'NR', 'NP']);
/** Tags that make a verb or adjective stem on their own. */
const PREDICATE_TAGS = new Set(['VV', 'VA', 'VX', 'VCN']);
/** Derivational suffixes that turn the noun or root before them into a verb or adjective (공부+하, 행복+하, 안정+되). */
const DERIVING_TAGS = new Set(['XSV', 'XSA']);
const MODIFIER_TAGS = new Set(['MAG', 'MAJ', 'MM', 'IC']);
/** A root (깨끗 of 깨끗하다) only makes a word with the suffix after it. */
const ROOT_TAG = 'XR';

const HANGUL_WORD = /^[\uac00-\ud7a3]+$/u;
/** Endings, particles, the copula and symbols: what may follow a word in running text. */
const FUNCTION_TAGS = new Set(['E', 'J', 'VCP', 'SF', 'SP', 'SSO', 'SSC', 'SC', 'SE', 'SY']);
/** The plural suffix (사람들을) is the one noun suffix that leaves the noun itself the headword. */
const PLURAL = new Set(['들']);

/**
 * Headwords the morphemes stand for, best first. Adjacent nouns (a compound nori split, 학교+생활)
 * make one noun; a noun or root followed by 하/되/시키 (XSV, XSA) makes a verb or adjective
 * (행복하다), its noun a weaker candidate; VV/VA/VX make a verb or adjective (보 → 보다); adverbs,
 * determiners and interjections stand for themselves. Endings, particles and symbols are ignored.
 */
export function stemCandidates(morphemes: readonly Morpheme[], query?: string): StemCandidate[] {
  const out: StemCandidate[] = [];
  const add = (word: string, wordClass: WordClass, whole: boolean) => {
    if (!HANGUL_WORD.test(word)) return;
    const same = out.find((c) => c.word === word && c.wordClass === wordClass);
    if (same) {
      same.whole ||= whole;
      return;
    }
    out.push({ word, wordClass, whole });
  };
  // Content units are runs of adjacent morphemes; a gap in the offsets (a space, a symbol) ends one.
  let i = 0;
  const units: Morpheme[][] = [];
  while (i < morphemes.length) {
    const m = morphemes[i] as Morpheme;
    if (!isContent(m.tag)) {
      i += 1;
      continue;
    }
    const unit = [m];
    let j = i + 1;
    while (j < morphemes.length) {
      const next = morphemes[j] as Morpheme;
      const prev = unit.at(-1) as Morpheme;
      if (!isContent(next.tag) || next.startOffset > prev.endOffset) break;
      // A verb stem ends a unit: what follows a verb is a new word (보고싶다 = 보 + 싶).
      if (PREDICATE_TAGS.has(prev.tag) || DERIVING_TAGS.has(prev.tag)) break;
      unit.push(next);
      j += 1;
    }
    units.push(unit);
    i = j;
  }
  // With one content unit the query is one word; with several (사랑하는마음) each is a reading of a part.
  // Left-over pieces that are neither endings nor particles (스 of 사랑스, 론 of 겨론) mean the
  // reading does not explain the query: a word still being typed, or a typo.
  const explained = morphemes.every((m) => isContent(m.tag) || FUNCTION_TAGS.has(m.tag) || PLURAL.has(m.token));
  const single = units.length === 1 && explained;
  for (const unit of units) {
    const last = unit.at(-1) as Morpheme;
    const head = unit.slice(0, -1);
    const text = (ms: readonly Morpheme[]) => ms.map((m) => m.token).join('');
    if (DERIVING_TAGS.has(last.tag) && head.length > 0) {
      // 행복+하 → 행복하다; 공부+하 → 공부하다; the noun itself is a weaker reading.
      add(`${text(head)}${last.token}다`, 'predicate', single);
      if (head.every((m) => NOUN_TAGS.has(m.tag))) add(text(head), 'noun', false);
    } else if (PREDICATE_TAGS.has(last.tag)) {
      // 보 → 보다; a noun before the stem may make one verb with it (힘+들 → 힘들다), else it is its own word.
      if (head.length > 0) add(`${text(unit)}다`, 'predicate', single);
      add(`${last.token}다`, 'predicate', single && head.length === 0);
      const reading = out.find((c) => c.word === `${last.token}다` && c.wordClass === 'predicate');
      if (reading && head.length === 0 && last.token.length > 1 && last.token.endsWith('시')) reading.honorific = true;
      if (head.length > 0 && head.every((m) => NOUN_TAGS.has(m.tag))) add(text(head), 'noun', false);
    } else if (unit.every((m) => NOUN_TAGS.has(m.tag))) {
      // nori gives some nouns in a normalised spelling (이거 for the 이것 of 이것만): the form as
      // written comes first.
      const written = query?.slice(unit[0]?.startOffset ?? 0, last.endOffset);
      if (written && written !== text(unit)) add(written, 'noun', single);
      add(text(unit), 'noun', single);
      // The parts of a compound nori split (학교+생활) are weaker readings.
      if (unit.length > 1) for (const m of unit) add(m.token, 'noun', false);
    } else if (unit.length === 1 && MODIFIER_TAGS.has(last.tag)) {
      add(last.token, 'modifier', single);
    } else {
      for (const m of unit) if (NOUN_TAGS.has(m.tag)) add(m.token, 'noun', false);
    }
  }
  return out.sort((a, b) => Number(b.whole) - Number(a.whole));
}

function isContent(tag: string): boolean {
  return (
    NOUN_TAGS.has(tag) ||
    PREDICATE_TAGS.has(tag) ||
    DERIVING_TAGS.has(tag) ||
    MODIFIER_TAGS.has(tag) ||
    tag === ROOT_TAG
  );
}

/** True when the stems of a verb or adjective form carry the honorific -시- (드셨습니다: 드시 is one morpheme, 가셨다: 가 + 시). */
export function hasHonorificSuffix(morphemes: readonly Morpheme[]): boolean {
  // Lucene's nori tags every ending E, the pre-final 시 among them.
  return morphemes.some((m) => m.tag === 'E' && m.token.startsWith('시'));
}

/**
 * The noun before a word-final 의 (세계의 → 세계, 봄의 → 봄): mecab-ko-dic glues the particle to
 * some nouns (계의, 봄의, 거의), so nori's reading misses them. A reading of the whole query; it
 * counts only when the noun is a headword (the caller's tiers ask for one).
 */
export function genitiveCandidates(query: string): StemCandidate[] {
  const chars = Array.from(query);
  if (chars.length < 2 || chars.at(-1) !== '의') return [];
  const noun = chars.slice(0, -1).join('');
  return HANGUL_WORD.test(noun) ? [{ word: noun, wordClass: 'noun', whole: true }] : [];
}

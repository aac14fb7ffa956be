// The lemmatiser: from a conjugated verb or adjective (아름다운, 먹었습니다, 몰라) to the
// dictionary forms it may come from (아름답다, 먹다, 모르다). Pure rules, no I/O: it
// over-generates on purpose, and the caller keeps only candidates that are headwords
// (one batched existence check), so a rule may propose a word the dictionary lacks.
//
// Syllables are split and joined by code-point arithmetic (Unicode's Hangul syllable
// block): es-hangul splits compound vowels (ㅘ → ㅗㅏ) and its combineCharacter expects
// them whole, which is the wrong shape for vowel contraction rules.

const BASE = 0xac00;
const LAST = 0xd7a3;
const CHO = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const JUNG = 'ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ';
const JONG = [
  '',
  'ㄱ',
  'ㄲ',
  'ㄳ',
  'ㄴ',
  'ㄵ',
  'ㄶ',
  'ㄷ',
  'ㄹ',
  'ㄺ',
  'ㄻ',
  'ㄼ',
  'ㄽ',
  'ㄾ',
  'ㄿ',
  'ㅀ',
  'ㅁ',
  'ㅂ',
  'ㅄ',
  'ㅅ',
  'ㅆ',
  'ㅇ',
  'ㅈ',
  'ㅊ',
  'ㅋ',
  'ㅌ',
  'ㅍ',
  'ㅎ',
];

export interface Syllable {
  cho: string;
  jung: string;
  jong: string;
}

export function split(ch: string): Syllable | null {
  const code = ch.codePointAt(0) ?? 0;
  if (code < BASE || code > LAST) return null;
  const offset = code - BASE;
  return {
    cho: CHO[Math.floor(offset / 588)] ?? '',
    jung: JUNG[Math.floor((offset % 588) / 28)] ?? '',
    jong: JONG[offset % 28] ?? '',
  };
}

export function join(s: Syllable): string {
  const c = CHO.indexOf(s.cho);
  const v = JUNG.indexOf(s.jung);
  const t = JONG.indexOf(s.jong);
  if (c < 0 || v < 0 || t < 0) return '';
  return String.fromCodePoint(BASE + c * 588 + v * 28 + t);
}

/** The irregular class (or rule) a candidate came from; shown nowhere, used by tests and the eval. */
export type LemmaRule =
  'regular' | 'ㅂ' | 'ㄷ' | 'ㅅ' | 'ㅎ' | '르' | '러' | '우' | '으' | 'ㄹ' | '하다' | '이다' | '시';

export interface LemmaCandidate {
  lemma: string;
  rule: LemmaRule;
}

/** Endings after the 아/어 form, with ㅆ meaning "past tense on the form's last syllable". */
const AFTER_A = ['', '서', '요', '도', '야', '야지', '서요', '라', '도요'];
const AFTER_PAST = [
  '다',
  '어',
  '어요',
  '어서',
  '습니다',
  '습니까',
  '고',
  '는데',
  '지만',
  '던',
  '으니',
  '을',
  '으면',
  '네',
  '다가',
  '지',
  '겠다',
  '음',
  '군',
  '구나',
  '잖아',
  '죠',
  '지요',
];
/** Endings that follow the stem directly, whatever its last sound (먹고, 가고; 먹는, 가는). */
const DIRECT = [
  '다',
  '고',
  '는',
  '지',
  '지만',
  '게',
  '기',
  '네',
  '도록',
  '던',
  '자',
  '겠다',
  '겠습니다',
  '겠어요',
  '겠어',
  '는데',
  '는다',
  '고요',
  '지요',
  '죠',
  '거나',
  '기에',
  '고서',
  '더니',
  '더라',
  '구나',
  '군요',
  '네요',
  '잖아',
];
/** Endings after a consonant stem (먹습니다, 먹은, 먹을, 먹으면). */
const AFTER_CONSONANT = [
  '습니다',
  '습니까',
  '은',
  '을',
  '음',
  '으면',
  '으니',
  '으니까',
  '으세요',
  '으시다',
  '으며',
  '으러',
  '으려고',
  '을까',
  '을게',
  '은데',
  '는다',
  '으셨다',
];
/** Endings after a vowel stem (갑니다, 가면, 가세요). The batchim ones are handled apart. */
const AFTER_VOWEL = ['면', '니', '니까', '세요', '시다', '며', '러', '려고', '셨다', '셨어요', '셨습니다'];
/** First syllables of AFTER_VOWEL endings before which an ㄹ stem keeps its ㄹ (살면, 살며, 놀러, 살려고). */
const KEEPS_L = new Set(['면', '며', '러', '려']);
/** Endings whose first syllable carries the honorific 시 (드세요 → 드시다). */
const HONORIFIC_VOWEL = [
  '세요',
  '셨다',
  '셨어요',
  '셨습니다',
  '셔요',
  '셔서',
  '셔',
  '신',
  '실',
  '십니다',
  '시고',
  '시는',
  '시면',
];
/** What may follow a quoted dictionary form (어리다는). */
const QUOTED = ['는', '고', '면', '니'];
/** Endings written as a batchim on the stem's last vowel (간, 갈, 감, 갑니다, 간다). */
const BATCHIM_ENDINGS: Array<{ jong: string; rest: string[] }> = [
  { jong: 'ㄴ', rest: ['', '다', '데', '가', '지'] },
  { jong: 'ㄹ', rest: ['', '까', '게', '래', '수', '때'] },
  { jong: 'ㅁ', rest: [''] },
  { jong: 'ㅂ', rest: ['니다', '니까', '시다'] },
];
/** 이다 and 아니다 after a noun: 학생이었다, 의사였다, 학생이아니다 (spaces are gone by now). */
const COPULA = [
  '이었습니다',
  '이었어요',
  '이었다',
  '이었던',
  '이었고',
  '였습니다',
  '였어요',
  '였다',
  '였던',
  '입니다',
  '입니까',
  '이에요',
  '이예요',
  '예요',
  '이야',
  '이다',
  '이고',
  '이며',
  '이라서',
  '라서',
  '인',
  '이라',
  '이지만',
  '이죠',
  '이아니다',
  '가아니다',
  '이아닙니다',
  '가아닙니다',
  '이아니에요',
  '가아니에요',
  '이아니었다',
  '가아니었다',
  '이아닌',
  '가아닌',
];

function syllables(word: string): string[] {
  return Array.from(word);
}

class Collector {
  readonly out: LemmaCandidate[] = [];
  private readonly seen = new Set<string>();
  constructor(private readonly query: string) {}
  add(stem: string, rule: LemmaRule, noun = false): void {
    if (stem === '' || !/^[\uac00-\ud7a3]+$/u.test(stem)) return;
    const lemma = noun ? stem : `${stem}다`;
    if (lemma === this.query || this.seen.has(lemma)) return;
    this.seen.add(lemma);
    this.out.push({ lemma, rule });
  }
}

function withLast(stem: string, change: (s: Syllable) => Syllable | null): string | null {
  const cs = syllables(stem);
  const last = cs.at(-1);
  const s = last ? split(last) : null;
  if (!s) return null;
  const changed = change(s);
  if (!changed) return null;
  const joined = join(changed);
  return joined ? [...cs.slice(0, -1), joined].join('') : null;
}

/**
 * Stems for a surface that a consonant-initial ending follows directly (먹|고, 우|는):
 * the surface itself, and the ㄹ-stem that lost its ㄹ before ㄴ/ㅂ/ㅅ (우는 → 울다).
 */
function directStems(c: Collector, surface: string, ending: string): void {
  c.add(surface, 'regular');
  const first = split(ending.charAt(0));
  if (first && (first.cho === 'ㄴ' || first.cho === 'ㅅ' || first.cho === 'ㅂ')) {
    const l = withLast(surface, (s) => (s.jong === '' ? { ...s, jong: 'ㄹ' } : null));
    if (l) c.add(l, 'ㄹ');
  }
}

/**
 * Stems for a surface that ends in a vowel and took a batchim ending (가+ㄴ, 아름다우+ㄴ, 파라+ㄴ, 먹으+ㄴ),
 * or a vowel ending after which an ㄹ stem drops its ㄹ (사+니까 of 살다) unless `keepsL` (가+면: 살면, never 사면).
 */
function vowelStems(c: Collector, surface: string, keepsL = false): void {
  const cs = syllables(surface);
  const last = cs.at(-1);
  const s = last ? split(last) : null;
  if (!s || s.jong !== '') return;
  const before = cs.slice(0, -1).join('');
  const prev = split(before.slice(-1));
  if (s.cho === 'ㅇ' && s.jung === 'ㅡ' && prev) {
    // 먹으ㄴ → 먹; 들으ㄴ → 듣 (ㄷ); 나으ㄴ → 낫 (ㅅ)
    // An ㄹ stem never takes 으 (들다 → 든, not 들은), so 들은 is only 듣다.
    if (prev.jong !== '' && prev.jong !== 'ㄹ') c.add(before, 'regular');
    if (prev.jong === 'ㄹ') {
      const d = withLast(before, (p) => ({ ...p, jong: 'ㄷ' }));
      if (d) c.add(d, 'ㄷ');
    }
    if (prev.jong === '') {
      const t = withLast(before, (p) => ({ ...p, jong: 'ㅅ' }));
      if (t) c.add(t, 'ㅅ');
    }
  }
  if (s.cho === 'ㅇ' && s.jung === 'ㅜ' && prev && prev.jong === '') {
    // 아름다우ㄴ → 아름답 (ㅂ)
    const b = withLast(before, (p) => ({ ...p, jong: 'ㅂ' }));
    if (b) c.add(b, 'ㅂ');
  }
  c.add(surface, s.jung === 'ㅏ' && s.cho === 'ㅎ' ? '하다' : 'regular');
  // 만드ㄴ → 만들 (ㄹ 탈락); 파라ㄴ → 파랗, 그러ㄴ → 그렇 (ㅎ)
  const l = keepsL ? null : withLast(surface, (x) => ({ ...x, jong: 'ㄹ' }));
  if (l) c.add(l, 'ㄹ');
  if (s.jung === 'ㅏ' || s.jung === 'ㅓ' || s.jung === 'ㅑ') {
    const h = withLast(surface, (x) => ({ ...x, jong: 'ㅎ' }));
    if (h) c.add(h, 'ㅎ');
  }
}

/** Contracted vowels of an 아/어 form and the stem vowels they come from, with the rule. */
const CONTRACTED: Record<string, Array<{ jung: string; jong?: string; rule: LemmaRule }>> = {
  ㅏ: [
    { jung: 'ㅏ', rule: 'regular' },
    { jung: 'ㅡ', rule: '으' },
  ],
  ㅓ: [
    { jung: 'ㅓ', rule: 'regular' },
    { jung: 'ㅡ', rule: '으' },
    { jung: 'ㅜ', rule: '우' },
  ],
  ㅘ: [{ jung: 'ㅗ', rule: 'regular' }],
  ㅝ: [{ jung: 'ㅜ', rule: 'regular' }],
  ㅕ: [{ jung: 'ㅣ', rule: 'regular' }],
  ㅙ: [{ jung: 'ㅚ', rule: 'regular' }],
  ㅐ: [
    { jung: 'ㅐ', rule: 'regular' },
    { jung: 'ㅏ', jong: 'ㅎ', rule: 'ㅎ' },
    { jung: 'ㅓ', jong: 'ㅎ', rule: 'ㅎ' },
  ],
  ㅔ: [{ jung: 'ㅔ', rule: 'regular' }],
  ㅒ: [{ jung: 'ㅑ', jong: 'ㅎ', rule: 'ㅎ' }],
  ㅖ: [{ jung: 'ㅖ', rule: 'regular' }],
};

/** Stems for an 아/어 form (먹어, 가, 도와, 몰라, 푸르러, 해, 그래, 써, 지어). */
function aFormStems(c: Collector, form: string): void {
  const cs = syllables(form);
  const lastChar = cs.at(-1);
  const last = lastChar ? split(lastChar) : null;
  if (!last || last.jong !== '') return;
  const before = cs.slice(0, -1).join('');
  const prev = before ? split(before.slice(-1)) : null;
  // 하다: 해 / 하여 → 하
  if (last.cho === 'ㅎ' && last.jung === 'ㅐ') c.add(`${before}하`, '하다');
  if (lastChar === '여' && prev && before.endsWith('하')) c.add(before, '하다');
  // An uncontracted 아/어 after a consonant stem: 먹어 → 먹; 걸어 → 걷 (ㄷ); 지어 → 짓 (ㅅ)
  if (last.cho === 'ㅇ' && (last.jung === 'ㅓ' || last.jung === 'ㅏ') && prev) {
    if (prev.jong !== '') c.add(before, 'regular');
    if (prev.jong === 'ㄹ') {
      const d = withLast(before, (p) => ({ ...p, jong: 'ㄷ' }));
      if (d) c.add(d, 'ㄷ');
    }
    if (prev.jong === '') {
      const t = withLast(before, (p) => ({ ...p, jong: 'ㅅ' }));
      if (t) c.add(t, 'ㅅ');
      // Written out in full after a vowel stem: 쉬어, 뛰어, 여쭈어, 되어
      c.add(before, 'regular');
    }
  }
  // ㅂ: 도와, 추워, 아름다워 → 돕, 춥, 아름답
  if (last.cho === 'ㅇ' && (last.jung === 'ㅘ' || last.jung === 'ㅝ') && prev && prev.jong === '') {
    const b = withLast(before, (p) => ({ ...p, jong: 'ㅂ' }));
    if (b) c.add(b, 'ㅂ');
  }
  // 르: 몰라, 불러 → 모르, 부르 (the ㄹ moved onto the syllable before)
  if ((lastChar === '라' || lastChar === '러') && prev && prev.jong === 'ㄹ') {
    const r = withLast(before, (p) => ({ ...p, jong: '' }));
    if (r) c.add(`${r}르`, '르');
  }
  // 러: 푸르러, 이르러 → 푸르, 이르
  if (lastChar === '러' && before.endsWith('르')) c.add(before, '러');
  // Contracted vowels: 가 → 가, 봐 → 보, 써 → 쓰, 퍼 → 푸, 마셔 → 마시, 그래 → 그렇
  for (const origin of CONTRACTED[last.jung] ?? []) {
    const stemLast = join({ cho: last.cho, jung: origin.jung, jong: origin.jong ?? '' });
    if (stemLast) c.add(`${before}${stemLast}`, origin.rule);
  }
}

/** Splits a word into `surface + ending` for every ending in the list that it ends with. */
function strip(word: string, endings: readonly string[]): string[] {
  const out: string[] = [];
  for (const e of endings)
    if (e !== '' && word.endsWith(e) && word.length > e.length) out.push(word.slice(0, -e.length));
  return out;
}

/** Removes a batchim `jong` from the word's last syllable, if it has exactly that one. */
function dropJong(word: string, jong: string): string | null {
  return withLast(word, (s) => (s.jong === jong ? { ...s, jong: '' } : null));
}

/**
 * Dictionary forms a conjugated word may come from, most likely first. The query itself
 * is never a candidate. Words that are not Hangul, or too short to be inflected, give none.
 */
export function lemmaCandidates(rawWord: string): LemmaCandidate[] {
  const word = rawWord.normalize('NFC').replace(/\s+/gu, '');
  const c = new Collector(word);
  if (!/^[\uac00-\ud7a3]+$/u.test(word)) return c.out;
  analyse(c, word, 0);
  return c.out;
}

function analyse(c: Collector, word: string, depth: number): void {
  // A quoted dictionary form: 어리다는, 좋다고, 크다면
  for (const e of QUOTED)
    if (word.endsWith(`다${e}`) && word.length > e.length + 1) c.add(word.slice(0, -e.length - 1), 'regular');
  // 이다 / 아니다 after a noun: the noun is the headword.
  for (const e of COPULA) if (word.endsWith(e) && word.length > e.length) c.add(word.slice(0, -e.length), '이다', true);
  // Past tense: the ㅆ sits on the 아/어 form's last syllable (먹었다 → 먹어+ㅆ다, 했다 → 해+ㅆ다).
  for (const e of AFTER_PAST) {
    if (!word.endsWith(e) || word.length <= e.length) continue;
    const form = dropJong(word.slice(0, -e.length), 'ㅆ');
    if (form) aFormStems(c, form);
    // 먹었겠다 and friends are rare; one level is enough.
  }
  for (const e of AFTER_A) {
    const form = e === '' ? word : word.endsWith(e) && word.length > e.length ? word.slice(0, -e.length) : null;
    if (form) aFormStems(c, form);
  }
  for (const surface of strip(word, AFTER_CONSONANT)) {
    const jong = split(surface.slice(-1))?.jong ?? '';
    if (jong !== '' && jong !== 'ㄹ') c.add(surface, 'regular');
    // 들은 → 듣; 나은 → 낫; 걸을 → 걷
    vowelStems(c, `${surface}으`);
  }
  for (const e of DIRECT) {
    if (word.endsWith(e) && word.length > e.length) directStems(c, word.slice(0, -e.length), e);
  }
  // Honorific 시 written into the ending (드세요 = 드시+어요, 주무셨다): the 시다 word first.
  for (const surface of strip(word, HONORIFIC_VOWEL)) c.add(`${surface}시`, '시');
  for (const e of AFTER_VOWEL) {
    if (!word.endsWith(e) || word.length <= e.length) continue;
    const surface = word.slice(0, -e.length);
    // An ㄹ stem keeps its ㄹ before 면, 며, 러, 려 (살면, 놀러): only 니/세/시 endings drop it (사니까, 사세요).
    vowelStems(c, surface, KEEPS_L.has(e.charAt(0)));
    directStems(c, surface, 'ㅅ');
  }
  for (const { jong, rest } of BATCHIM_ENDINGS) {
    for (const r of rest) {
      const head = r === '' ? word : word.endsWith(r) && word.length > r.length ? word.slice(0, -r.length) : null;
      const surface = head ? dropJong(head, jong) : null;
      if (surface) vowelStems(c, surface);
    }
  }
  // Honorific 시 inside the form (가셨다 → 가시다 → 가다, 오신 → 오시다 → 오다): try once more without
  // it. An ㄹ stem drops its ㄹ before 시 (사시는 → 살다, 노신 → 놀다, 여세요 → 열다), so the stem with
  // ㄹ put back is a candidate too; the caller keeps only headwords.
  if (depth === 0) {
    for (const cand of [...c.out]) {
      if (cand.lemma.endsWith('시다') && cand.lemma.length >= 3) {
        const stem = cand.lemma.slice(0, -2);
        const plain = stem.endsWith('으') && stem.length > 1 ? stem.slice(0, -1) : stem;
        c.add(plain, '시');
        const withL = plain === stem ? withLast(stem, (s) => (s.jong === '' ? { ...s, jong: 'ㄹ' } : null)) : null;
        if (withL) c.add(withL, '시');
      }
    }
  }
}

/**
 * Orders the candidates that are headwords. A form the rules read two ways (사는: 사다 or
 * 살다; 물어: 물다 or 묻다) is genuinely ambiguous, so the more common word goes first; a
 * 시다 word (드셨다 → 드시다, not 들다) goes before all: the honorific headwords.
 */
export function rankLemmas(
  candidates: readonly LemmaCandidate[],
  existing: ReadonlyArray<{ word: string; frequencyRank?: number | null }>,
): string[] {
  const rank = new Map<string, number>();
  for (const s of existing) {
    const r = s.frequencyRank ?? Number.MAX_SAFE_INTEGER;
    rank.set(s.word, Math.min(rank.get(s.word) ?? r, r));
  }
  const found = candidates.filter((c) => rank.has(c.lemma));
  const order = (c: LemmaCandidate) => [c.lemma.endsWith('시다') ? 0 : 1, rank.get(c.lemma) ?? Number.MAX_SAFE_INTEGER];
  const sorted = found
    .map((c, i) => ({ c, i }))
    .sort((a, b) => {
      const [ha, fa] = order(a.c);
      const [hb, fb] = order(b.c);
      return (ha ?? 0) - (hb ?? 0) || (fa ?? 0) - (fb ?? 0) || a.i - b.i;
    });
  return [...new Set(sorted.map(({ c }) => c.lemma))];
}

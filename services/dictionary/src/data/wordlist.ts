// The real Korean word list behind generated datasets: the Hunspell dictionary of the
// npm package dictionary-ko (hunspell-dict-ko). Used only to generate benchmark data,
// never shipped in the default dataset.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface BaseWord {
  word: string;
  pos: string;
}

// hunspell-dict-ko tags its lemmas with these affix-alias flags; the other flags mark
// inflected forms (개입한, 꺼뜨려), which are not headwords.
const POS_BY_FLAG: ReadonlyMap<string, string> = new Map([
  ['10', '명사'],
  ['25', '명사'],
  ['44', '동사'],
  ['49', '형용사'],
  ['57', '형용사'],
  ['67', '부사'],
]);

const HANGUL_WORD = /^[\uac00-\ud7a3]{1,10}$/u;

/** Lemmas from a Hunspell .dic text: Hangul only, de-duplicated, in file order. */
export function parseHunspellDic(text: string): BaseWord[] {
  const seen = new Set<string>();
  const out: BaseWord[] = [];
  for (const line of text.split('\n').slice(1)) {
    // The file spells syllables as decomposed jamo (NFD): compose them.
    const [word, flag] = line.trim().normalize('NFC').split('/');
    if (!word || !flag || seen.has(word) || !HANGUL_WORD.test(word)) continue;
    const pos = POS_BY_FLAG.get(flag);
    if (!pos) continue;
    seen.add(word);
    out.push({ word, pos });
  }
  return out;
}

export function readKoreanWordList(): BaseWord[] {
  const dic = join(dirname(require.resolve('dictionary-ko')), 'index.dic');
  return parseHunspellDic(readFileSync(dic, 'utf8'));
}

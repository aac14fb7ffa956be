import { Link } from 'react-router-dom';
import { dictionaryDetailPath } from '../../app/paths';
import type { PyojaeItems } from './dictionaryApi';

export const DID_YOU_MEAN = '혹시 이것을 찾으셨나요?';

/** 은 after a final consonant, 는 after a vowel (드시다는, 잡숫다는; 먹음은). */
export function topicParticle(word: string): '은' | '는' {
  const code = (word.at(-1) ?? '').codePointAt(0) ?? 0;
  const syllable = code >= 0xac00 && code <= 0xd7a3;
  return syllable && (code - 0xac00) % 28 !== 0 ? '은' : '는';
}

/**
 * What search understood beyond the rows: the dictionary form of an inflected
 * query, the plain word of an honorific, and words the user may have meant.
 */
export function SearchHints({
  results,
  onSearch,
}: {
  results: PyojaeItems['results'];
  onSearch: (keyword: string) => void;
}) {
  const { baseForm, honorific, didYouMean } = results;
  if (!baseForm && !honorific && !didYouMean?.length) return null;
  return (
    <div className="search-hints">
      {baseForm ? (
        <p className="search-hint base-form" data-testid="base-form">
          ‘{baseForm.query}’의 기본형 ‘<strong>{baseForm.lemma}</strong>’
          {baseForm.lemmas.length > 1 ? (
            <span className="muted">
              {' '}
              (또는{' '}
              {baseForm.lemmas
                .slice(1)
                .map((l) => `‘${l}’`)
                .join(', ')}
              )
            </span>
          ) : null}
        </p>
      ) : null}
      {honorific
        ? honorific.plainItems.map((p) => (
            <p key={`${p.GUBN}-${p.WORD_ID}`} className="search-hint honorific" data-testid="honorific">
              ‘{honorific.WORD}’{topicParticle(honorific.WORD)}{' '}
              <Link to={dictionaryDetailPath(p.WORD_ID)} state={{ word: p.WORD, hanja: '' }}>
                ‘{p.WORD}’
              </Link>
              의 {p.GUBN}입니다.
            </p>
          ))
        : null}
      {didYouMean?.length ? (
        <div className="search-hint did-you-mean" data-testid="did-you-mean">
          <p>{DID_YOU_MEAN}</p>
          <ul className="did-you-mean-list">
            {didYouMean.map((d) => (
              <li key={d.ID}>
                <button type="button" className="link-button" onClick={() => onSearch(d.WORD)}>
                  {d.WORD}
                  {d.HANJA ? (
                    <span className="result-hanja" lang="ko-Hani">
                      {d.HANJA}
                    </span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

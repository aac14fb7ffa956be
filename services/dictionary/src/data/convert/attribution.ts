// Where a dataset's words come from and the attribution their licences require. The
// importer writes the list into the index's `_meta.sources`; GET /api/dic/search/dataset
// hands it to the web app, which shows it wherever the data is shown.
import type { RecordSource } from '../../domain/record';

export interface DatasetSourceInfo {
  /** A record source, or `frequency` for the rank list merged into the default dataset. */
  id: RecordSource | 'frequency';
  /** Short name to show (Korean where the source is Korean). */
  name: string;
  /** Licence short name, or null for our own work. */
  license: string | null;
  licenseUrl: string | null;
  url: string | null;
  /** The attribution in Korean, with the licence names as they are written: shown with the data. */
  attribution: string;
  /**
   * The attribution text the data's licence section prescribes (/work/shared/data/README.md),
   * word for word and in its own language, or null when the Korean attribution is all it asks.
   */
  notice: string | null;
}

const CC_BY_SA_KR = 'https://creativecommons.org/licenses/by-sa/2.0/kr/';

export const SOURCE_INFO: Readonly<Record<DatasetSourceInfo['id'], DatasetSourceInfo>> = {
  editorial: {
    id: 'editorial',
    name: '유의어 사전 편집',
    license: null,
    licenseUrl: null,
    url: null,
    attribution: '유의어 사전이 직접 작성한 항목입니다.',
    notice: null,
  },
  wiktionary: {
    id: 'wiktionary',
    name: 'Open Multilingual Wordnet (Wiktionary)',
    license: 'CC BY-SA 3.0',
    licenseUrl: 'https://creativecommons.org/licenses/by-sa/3.0/',
    url: 'https://omwn.org/',
    attribution:
      '한국어 낱말 관계: 위키낱말사전(Wiktionary) 기여자들이 만든 Open Multilingual Wordnet의 한국어 자료' +
      '(Bond & Foster 2013)를 CC BY-SA 3.0에 따라 이용하며, Princeton WordNet 3.0의 관계로 걸러 연결하였습니다. ' +
      'WordNet 3.0의 저작권은 Princeton University에 있습니다(2006년, 모든 권리 보유).',
    notice:
      'Korean word relations: Open Multilingual Wordnet Wiktionary data (Bond & Foster 2013), from Wiktionary ' +
      'contributors, CC BY-SA 3.0 (https://creativecommons.org/licenses/by-sa/3.0/); filtered and linked with ' +
      'Princeton WordNet 3.0 relations. WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved.',
  },
  frequency: {
    id: 'frequency',
    name: '빈도 순위',
    license: '공공누리 제1유형, CC BY-SA 4.0',
    licenseUrl: 'https://creativecommons.org/licenses/by-sa/4.0/',
    url: null,
    attribution:
      '낱말 빈도 순위: 국립국어원 「한국어 학습용 어휘 목록」(2003, 공공누리 제1유형)과 Hermit Dave의 ' +
      'FrequencyWords(OpenSubtitles 2018 자막 자료, CC BY-SA 4.0)를 합쳐 순위를 다시 매겼습니다.',
    notice:
      '출처: 국립국어원 「한국어 학습용 어휘 목록」(2003), 공공누리 제1유형.\n' +
      'Word frequencies: FrequencyWords by Hermit Dave, from OpenSubtitles 2018 (www.opensubtitles.org, ' +
      'opus.nlpl.eu), CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/); merged and re-ranked.',
  },
  urimalsaem: {
    id: 'urimalsaem',
    name: '국립국어원 우리말샘',
    license: 'CC BY-SA 2.0 KR',
    licenseUrl: CC_BY_SA_KR,
    url: 'https://opendict.korean.go.kr/',
    attribution:
      '출처: 국립국어원 「우리말샘」, 크리에이티브 커먼즈 저작자표시-동일조건변경허락 2.0 대한민국(CC BY-SA 2.0 KR). ' +
      '표제어와 관계어를 이 사전의 형식으로 변환하였습니다.',
    notice: null,
  },
  stdict: {
    id: 'stdict',
    name: '국립국어원 표준국어대사전',
    license: 'CC BY-SA 2.0 KR',
    licenseUrl: CC_BY_SA_KR,
    url: 'https://stdict.korean.go.kr/',
    attribution:
      '출처: 국립국어원 「표준국어대사전」, 크리에이티브 커먼즈 저작자표시-동일조건변경허락 2.0 대한민국(CC BY-SA 2.0 KR). ' +
      '표제어와 관계어를 이 사전의 형식으로 변환하였습니다.',
    notice: null,
  },
  generated: {
    id: 'generated',
    name: '벤치마크용 생성 자료',
    license: null,
    licenseUrl: null,
    url: null,
    attribution: '벤치마크용으로 생성한 자료입니다. 실제 사전이 아닙니다.',
    notice: null,
  },
};

/**
 * A source as shown now: an index keeps the source list of its import in `_meta`, so a known
 * source is answered with today's wording (older imports hold English lines and no notice).
 */
export function currentSourceInfo(
  stored: Omit<DatasetSourceInfo, 'notice'> & { notice?: string | null },
): DatasetSourceInfo {
  const known = stored.id in SOURCE_INFO ? SOURCE_INFO[stored.id] : undefined;
  return known ? { ...known } : { ...stored, notice: stored.notice ?? null };
}

/** Collects the sources a dataset's records name, in the order they first appear. */
export class SourceTally {
  private readonly seen = new Set<DatasetSourceInfo['id']>();

  add(record: {
    source: RecordSource;
    frequencyRank: number | null;
    relations: ReadonlyArray<{ source: RecordSource }>;
  }): void {
    this.seen.add(record.source);
    for (const rel of record.relations) this.seen.add(rel.source);
    // Real frequency ranks came from the frequency lists; generated ones are synthetic.
    if (record.frequencyRank !== null && record.source !== 'generated') this.seen.add('frequency');
  }

  sources(): DatasetSourceInfo[] {
    // Frequency last: it ranks words, it does not supply them.
    const ids = [...this.seen].sort((a, b) => Number(a === 'frequency') - Number(b === 'frequency'));
    return ids.map((id) => SOURCE_INFO[id]);
  }
}

import type { DatasetSource } from '../dictionary/datasetApi';

/**
 * The default dataset's sources, shown until (or when) GET /api/dic/search/dataset cannot say
 * which dataset is loaded. The dictionary service's SOURCE_INFO is the authority on this wording.
 */
export const DEFAULT_SOURCES: readonly DatasetSource[] = [
  {
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
  {
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
];

import type { estypes } from '@elastic/elasticsearch';

/** Fields that exist only to be searched: kept out of _source to keep reads small. */
const KEY_FIELDS = ['prefixes', 'choseong', 'choseongPrefixes', 'jamo', 'infixes'];

// Key arrays need no doc values (never sorted on) and no frequencies (scores are constant).
const searchKey: estypes.MappingProperty = { type: 'keyword', doc_values: false, index_options: 'docs' };

/**
 * Bumped whenever documents gain or change fields; start-up re-imports the default dataset
 * into an alias whose index was built by an older version (see loadDefaultIfEmpty).
 * 2: hanjaChars (hanja morphemes) and plainOf (높임말/낮춤말 reverse links).
 * 3: Korean analysis with nori: the index's analyzers (queries are analysed by the index they
 *    search) and word.nori, the headword's nori stems.
 */
export const MAPPING_VERSION = 3;

/**
 * Analyzers of every headword index. Only the official analysis-nori plugin's components
 * (nori_tokenizer, nori_part_of_speech, nori_readingform) and the server's own are named, so the
 * same settings work with the local stable plugin and with production's official plugin.
 */
export const ANALYZER = {
  /** Every morpheme with its tag (compounds and inflected forms split): read by query analysis (`_analyze`, explain). */
  morphemes: 'ko_morphemes',
  /** Content stems only (nouns, verb and adjective stems, adverbs; hanja read as Hangul): word.nori, index and query alike. */
  stems: 'ko_stems',
} as const;

/**
 * Tags nori_part_of_speech drops for ko_stems: endings, particles, the copula, affixes and
 * symbols; what is left is what a headword is made of.
 */
export const NON_STEM_TAGS = [
  // Lucene's nori folds mecab-ko-dic's ending tags (EP, EF, EC, ETN, ETM) into E and its particle tags into J.
  'E',
  'J',
  'VCP',
  'XPN',
  'XSN',
  'XSV',
  'XSA',
  'SF',
  'SE',
  'SSO',
  'SSC',
  'SC',
  'SY',
  'SP',
  'UNA',
  'NA',
  'VSV',
] as const;

export const HEADWORD_ANALYSIS: estypes.IndicesIndexSettingsAnalysis = {
  tokenizer: {
    ko_discard: { type: 'nori_tokenizer', decompound_mode: 'discard', discard_punctuation: true },
  },
  filter: {
    ko_stem_tags: { type: 'nori_part_of_speech', stoptags: [...NON_STEM_TAGS] },
  },
  analyzer: {
    [ANALYZER.morphemes]: { type: 'custom', tokenizer: 'ko_discard' },
    [ANALYZER.stems]: { type: 'custom', tokenizer: 'ko_discard', filter: ['ko_stem_tags', 'nori_readingform'] },
  },
};

export const HEADWORD_MAPPINGS: estypes.MappingTypeMapping = {
  dynamic: 'strict',
  _source: { excludes: KEY_FIELDS },
  properties: {
    id: { type: 'integer' },
    // word.nori: the headword's nori stems (아름답다 → 아름답, 학교생활 → 학교 생활), matched by a
    // query analysed the same way; no norms or positions, scores are constant.
    word: {
      type: 'keyword',
      fields: { nori: { type: 'text', analyzer: ANALYZER.stems, norms: false, index_options: 'docs' } },
    },
    hanja: { type: 'keyword' },
    homograph: { type: 'short' },
    pos: { type: 'keyword' },
    sense: { type: 'keyword', index: false, doc_values: false },
    frequencyRank: { type: 'integer' },
    source: { type: 'keyword' },
    generated: { type: 'boolean' },
    relations: { type: 'object', enabled: false },
    hanjaChars: { type: 'keyword' },
    plainOf: { type: 'object', enabled: false },
    prefixes: searchKey,
    choseong: { type: 'keyword' },
    choseongPrefixes: searchKey,
    jamo: { type: 'keyword', doc_values: false, index_options: 'docs' },
    infixes: searchKey,
  },
};

export interface IndexSettingsOptions {
  /** 0 on a single local node; a production cluster sets ELASTICSEARCH_REPLICAS. */
  replicas: number;
}

export function headwordIndexSettings(options: IndexSettingsOptions): estypes.IndicesIndexSettings {
  return {
    number_of_shards: 1,
    number_of_replicas: options.replicas,
    // While bulk loading an index nobody reads yet: no refreshes and no fsync per request
    // (a crash mid-import fails the import anyway); both are set back before the alias moves.
    refresh_interval: '-1',
    translog: { durability: 'async' },
    analysis: HEADWORD_ANALYSIS,
  };
}

/** Settings for an index that is about to be served. */
export const SERVING_SETTINGS: estypes.IndicesIndexSettings = {
  refresh_interval: '1s',
  translog: { durability: 'request' },
};

export const INDEX_NAME_PATTERN = /^(.+)-(\d{8}t\d{9}z)$/u;

/** `<alias>-<UTC timestamp>`: names sort by creation time. */
export function indexNameFor(alias: string, date: Date): string {
  const stamp = date.toISOString().replace(/[-:.]/gu, '').toLowerCase();
  return `${alias}-${stamp}`;
}

export function isIndexOf(alias: string, index: string): boolean {
  const m = INDEX_NAME_PATTERN.exec(index);
  return m !== null && m[1] === alias;
}

import type { estypes } from '@elastic/elasticsearch';

/** Fields that exist only to be searched: kept out of _source to keep reads small. */
const KEY_FIELDS = ['prefixes', 'choseong', 'choseongPrefixes', 'jamo', 'infixes'];

// Key arrays need no doc values (never sorted on) and no frequencies (scores are constant).
const searchKey: estypes.MappingProperty = { type: 'keyword', doc_values: false, index_options: 'docs' };

/**
 * Bumped whenever documents gain or change fields; start-up re-imports the default dataset
 * into an alias whose index was built by an older version (see loadDefaultIfEmpty).
 * 2: hanjaChars (hanja morphemes) and plainOf (높임말/낮춤말 reverse links).
 */
export const MAPPING_VERSION = 2;

export const HEADWORD_MAPPINGS: estypes.MappingTypeMapping = {
  dynamic: 'strict',
  _source: { excludes: KEY_FIELDS },
  properties: {
    id: { type: 'integer' },
    word: { type: 'keyword' },
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

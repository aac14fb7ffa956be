// One <item> of a 국립국어원 export, as parsed from JSON or XML (the XML reader gives the
// same shape: elements as properties, repeated elements as arrays, leaves as strings),
// turned into the fields the converter needs. Only the fields named here are read.
//
// 우리말샘 (opendict): channel.item[] is one SENSE: target_code (the sense's id, which
// link_target_code points at), group_code/group_order (the entry it belongs to, when
// present), wordinfo {word, sup_no?, word_unit, word_type, original_language_info[]},
// senseinfo {sense_no, type (일반어/방언/옛말/북한어), pos, definition, relation_info[]
// {word, type, link_target_code, link}}. The XML spells them wordInfo / senseInfo.
//
// 표준국어대사전 (stdict): channel.item[] is one ENTRY: target_code (the entry's id),
// word_info {word (with the homograph number at the end: 가01, 대-21), sup_no?, word_unit,
// word_type, original_language_info[], relation_info[], pos_info[] {pos,
// comm_pattern_info[] {sense_info[] {definition, type, lexical_info[] / relation_info[]
// {word, type, link_target_code}}}}}.
import type { OriginalLanguage } from './mapping';

export type ExportFormat = 'urimalsaem' | 'stdict';

export interface RawRelation {
  /** The export's relation type, e.g. 비슷한말, 참고 어휘, 옛말. */
  type: string;
  /** The related word as written (markup and homograph number included). */
  word: string;
  /** link_target_code: a sense id (우리말샘) or entry id (표준국어대사전), when given. */
  code: string | null;
}

/** One item's contribution to a headword. */
export interface ExportPart {
  /** Parts with the same key make one headword. */
  key: string;
  word: string;
  supNo: number | null;
  wordUnit: string | null;
  /** 일반어, 방언, 옛말, 북한어 … of the part's (first kept) sense. */
  senseType: string | null;
  pos: string | null;
  origins: OriginalLanguage[];
  definition: string | null;
  /** Ids other items' link_target_code may use for this headword. */
  codes: string[];
  relations: RawRelation[];
}

type Node = Record<string, unknown>;

function isNode(v: unknown): v is Node {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The first of several spellings of a field (wordinfo / wordInfo / word_info). */
function field(node: unknown, ...names: string[]): unknown {
  if (!isNode(node)) return undefined;
  for (const name of names) if (node[name] !== undefined) return node[name];
  return undefined;
}

/** One or many: XML gives a lone element as an object, JSON may too. */
function list(v: unknown): unknown[] {
  if (v === undefined || v === null || v === '') return [];
  return Array.isArray(v) ? v : [v];
}

function text(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

function int(v: unknown): number | null {
  const t = text(v);
  if (t === null || !/^\d+$/u.test(t)) return null;
  return Number(t);
}

function origins(wordInfo: unknown): OriginalLanguage[] {
  return list(field(wordInfo, 'original_language_info')).flatMap((o) => {
    const original = text(field(o, 'original_language'));
    const type = text(field(o, 'language_type')) ?? '';
    return original === null && !type.includes('병기') ? [] : [{ original: original ?? '', type }];
  });
}

function relations(nodes: unknown[]): RawRelation[] {
  return nodes.flatMap((r) => {
    const type = text(field(r, 'type'));
    const word = text(field(r, 'word'));
    if (type === null || word === null) return [];
    return [{ type, word, code: text(field(r, 'link_target_code')) }];
  });
}

const WORD_INFO = ['wordinfo', 'wordInfo', 'word_info'];
const SENSE_INFO = ['senseinfo', 'senseInfo', 'sense_info'];
const RELATION_INFO = ['relation_info', 'lexical_info'];

/** 우리말샘: one sense → one part; its entry is group_code, else sup_no, else word + origin. */
export function urimalsaemParts(item: unknown): ExportPart[] {
  const wordInfo = field(item, ...WORD_INFO);
  const word = text(field(wordInfo, 'word'));
  if (word === null) return [];
  const code = text(field(item, 'target_code'));
  const groupCode = text(field(item, 'group_code')) ?? text(field(wordInfo, 'group_code'));
  const supNo = int(field(wordInfo, 'sup_no')) ?? int(field(item, 'sup_no'));
  const orig = origins(wordInfo);
  const wordType = text(field(wordInfo, 'word_type')) ?? '';
  // Without an entry id, senses of one spelling and one origin are taken as one entry.
  const entry =
    groupCode !== null
      ? `g${groupCode}`
      : supNo !== null
        ? `n${supNo}`
        : `o${wordType}\u0001${orig.map((o) => o.original).join('+')}`;
  return list(field(item, ...SENSE_INFO)).map((sense) => ({
    key: `${word}\u0000${entry}`,
    word,
    supNo,
    wordUnit: text(field(wordInfo, 'word_unit')),
    senseType: text(field(sense, 'type')),
    pos: text(field(sense, 'pos')),
    origins: orig,
    definition: text(field(sense, 'definition')),
    codes: code === null ? [] : [code],
    relations: relations([...list(field(sense, ...RELATION_INFO)), ...list(field(wordInfo, ...RELATION_INFO))]),
  }));
}

/**
 * 표준국어대사전: one entry → one part. Senses of a dropped type (옛말, 북한어) give no
 * relations; the part takes the part of speech and definition of its first other sense.
 */
export function stdictParts(item: unknown, dropSenseTypes: readonly string[]): ExportPart[] {
  const wordInfo = field(item, ...WORD_INFO);
  const word = text(field(wordInfo, 'word'));
  if (word === null) return [];
  const code = text(field(item, 'target_code'));
  let pos: string | null = null;
  let definition: string | null = null;
  let senseType: string | null = null;
  let firstType: string | null = null;
  const rels: unknown[] = [...list(field(wordInfo, ...RELATION_INFO))];
  for (const posInfo of list(field(wordInfo, 'pos_info'))) {
    const posName = text(field(posInfo, 'pos'));
    const patterns = list(field(posInfo, 'comm_pattern_info'));
    // Some entries put sense_info straight under pos_info.
    const senses = [...patterns.flatMap((p) => list(field(p, ...SENSE_INFO))), ...list(field(posInfo, ...SENSE_INFO))];
    for (const sense of senses) {
      const type = text(field(sense, 'type'));
      firstType ??= type;
      if (type !== null && dropSenseTypes.includes(type)) continue;
      if (senseType === null) {
        senseType = type ?? '일반어';
        pos = posName;
        definition = text(field(sense, 'definition'));
      }
      rels.push(...list(field(sense, ...RELATION_INFO)));
    }
  }
  return [
    {
      key: `${word}\u0000e${code ?? word}`,
      word,
      supNo: int(field(wordInfo, 'sup_no')),
      wordUnit: text(field(wordInfo, 'word_unit')),
      senseType: senseType ?? firstType,
      pos,
      origins: origins(wordInfo),
      definition,
      codes: code === null ? [] : [code],
      relations: relations(rels),
    },
  ];
}

// The wordbook as a file: CSV for spreadsheets, a tab-separated note file for Anki.
import { stringify } from 'csv-stringify/sync';
import type { WordbookItem } from './items';

export type ExportFormat = 'csv' | 'anki';

/** Excel and Numbers read a UTF-8 file as a legacy code page unless it starts with a BOM. */
export const UTF8_BOM = '\uFEFF';

export const CSV_HEADER = ['단어', '한자', '단어 ID', '링크', '저장일'] as const;

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** CSV with a BOM and CRLF line ends (RFC 4180), newest first like the screen. */
export function toCsv(items: readonly WordbookItem[], origin = ''): string {
  const rows = items.map((item) => [
    item.word,
    item.hanja,
    String(item.headwordId),
    origin + item.linkUrl,
    isoDate(item.createdAt),
  ]);
  return (
    UTF8_BOM +
    stringify([[...CSV_HEADER], ...rows], {
      record_delimiter: 'windows',
      quote_record_delimiter: true,
      // A cell starting with = + - @ would run as a formula in a spreadsheet.
      escape_formulas: true,
    })
  );
}

/** Tabs and line breaks would split an Anki field; HTML is off, so nothing else needs escaping. */
function ankiField(text: string): string {
  return text.replace(/[\t\r\n]+/g, ' ').trim();
}

export interface AnkiNote {
  item: WordbookItem;
  /** The similar words this member may see (the dictionary already cut them by plan). */
  similar: readonly string[];
}

/**
 * Anki's plain-text import: header lines say the separator and that fields are not HTML.
 * Front: the word, with its hanja so homographs (사과 沙果 / 謝過) stay apart. Back: its
 * visible similar words.
 */
export function toAnki(notes: readonly AnkiNote[]): string {
  const lines = ['#separator:tab', '#html:false', '#columns:앞면\t뒷면'];
  for (const { item, similar } of notes) {
    const front = item.hanja ? `${item.word} (${item.hanja})` : item.word;
    lines.push(`${ankiField(front)}\t${similar.map(ankiField).filter(Boolean).join(', ')}`);
  }
  return `${lines.join('\n')}\n`;
}

export function exportFileName(format: ExportFormat): string {
  return format === 'csv' ? 'wordbook.csv' : 'wordbook-anki.txt';
}

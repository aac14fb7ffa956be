// Streams the <item>s of an export file, JSON or XML (optionally gzipped), one at a time:
// memory holds one item, never the document, whatever the file's size.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline, Transform, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { JSONParser } from '@streamparser/json';
import sax from 'sax';

export type ItemTree = Record<string, unknown>;

/** Subtrees no conversion reads; the XML reader does not even build them. */
const SKIPPED_ELEMENTS = new Set([
  'example_info',
  'multimedia_info',
  'pronunciation_info',
  'conju_info',
  'conjugation_info',
  'translation_info',
  'history_info',
  'norm_info',
  'proverb_info',
  'pattern_info',
  'grammar_info',
  'cat_info',
  'region_info',
  'scientific_name',
]);

export class ExportFormatError extends Error {}

async function head(path: string, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buf, 0, length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** JSON or XML: by the first non-blank character, or by the name (`.json.gz`, `.xml.gz`) for gzip. */
async function kindOf(path: string): Promise<{ kind: 'json' | 'xml'; gzip: boolean }> {
  const start = await head(path, 4096);
  if (start[0] === 0x1f && start[1] === 0x8b) {
    const m = /\.(json|xml)\.gz$/iu.exec(path);
    if (!m) throw new ExportFormatError(`${path}: a gzipped export must be named *.json.gz or *.xml.gz`);
    return { kind: (m[1] ?? '').toLowerCase() === 'xml' ? 'xml' : 'json', gzip: true };
  }
  const text = start
    .toString('utf8')
    .replace(/^\uFEFF/u, '')
    .trimStart();
  if (text.startsWith('<')) return { kind: 'xml', gzip: false };
  if (text.startsWith('{')) return { kind: 'json', gzip: false };
  if (text === '') throw new ExportFormatError(`${path}: the file is empty`);
  throw new ExportFormatError(
    `${path}: neither a JSON nor an XML export (starts with ${JSON.stringify(text.slice(0, 20))})`,
  );
}

/** The file as a text stream; `onBytes` counts the bytes read from disk (for progress). */
function openInput(path: string, gzip: boolean, onBytes: (n: number) => void): Readable {
  const raw = createReadStream(path, { highWaterMark: 1 << 20 });
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      onBytes(chunk.length);
      done(null, chunk);
    },
  });
  const stream = gzip ? pipeline(raw, counter, createGunzip(), () => {}) : pipeline(raw, counter, () => {});
  return stream;
}

/** channel.item[] of a JSON export. */
async function* jsonItems(stream: Readable): AsyncGenerator<ItemTree> {
  // keepStack false: emitted items are dropped from their parent array right away. The
  // parser is fed chunk by chunk and the items a chunk completes are handed on before the
  // next is read, so the stream's back-pressure holds.
  const parser = new JSONParser({ paths: ['$.channel.item.*'], keepStack: false });
  const ready: ItemTree[] = [];
  parser.onValue = ({ value }) => {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) ready.push(value as ItemTree);
  };
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    // The parser ends itself after the top-level value; what follows may only be blank.
    if (parser.isEnded) {
      if (chunk.toString('utf8').trim() !== '')
        throw new ExportFormatError('invalid JSON: data after the end of the document');
      continue;
    }
    parser.write(chunk);
    yield* ready.splice(0);
  }
  if (!parser.isEnded) parser.end();
  yield* ready.splice(0);
}

interface Frame {
  name: string;
  node: ItemTree;
  text: string;
  children: number;
}

/** Adds a finished child element: repeated names become arrays, leaves become their text. */
function attach(parent: Frame, name: string, value: unknown): void {
  parent.children += 1;
  const existing = parent.node[name];
  if (existing === undefined) parent.node[name] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else parent.node[name] = [existing, value];
}

/** Every <item> of an XML export (RSS-like: channel/item), as a plain object tree. */
async function* xmlItems(stream: Readable): AsyncGenerator<ItemTree> {
  const parser = sax.parser(true, { trim: false, normalize: false });
  const ready: ItemTree[] = [];
  const stack: Frame[] = [];
  let skipDepth = 0;
  let failure: Error | null = null;
  parser.onopentag = (tag) => {
    if (skipDepth > 0 || (stack.length > 0 && SKIPPED_ELEMENTS.has(tag.name))) {
      skipDepth += 1;
      return;
    }
    if (stack.length === 0 && tag.name !== 'item') return;
    stack.push({ name: tag.name, node: {}, text: '', children: 0 });
  };
  const onText = (t: string): void => {
    const top = stack.at(-1);
    if (skipDepth === 0 && top) top.text += t;
  };
  parser.ontext = onText;
  parser.oncdata = onText;
  parser.onclosetag = (name) => {
    if (skipDepth > 0) {
      skipDepth -= 1;
      return;
    }
    const frame = stack.pop();
    if (!frame) return;
    const value = frame.children > 0 ? frame.node : frame.text.trim();
    const parent = stack.at(-1);
    if (parent) attach(parent, name, value);
    else ready.push(frame.node);
  };
  parser.onerror = (err) => {
    failure = err;
  };
  stream.setEncoding('utf8');
  for await (const chunk of stream as AsyncIterable<string>) {
    parser.write(chunk);
    if (failure) throw new ExportFormatError(`invalid XML: ${(failure as Error).message.split('\n')[0]}`);
    yield* ready.splice(0);
  }
  parser.close();
  if (failure) throw new ExportFormatError(`invalid XML: ${(failure as Error).message.split('\n')[0]}`);
  yield* ready.splice(0);
}

/** Streams the items of one export file (JSON or XML, plain or gzipped). */
export async function* readExportItems(
  path: string,
  onBytes: (n: number) => void = () => {},
): AsyncGenerator<ItemTree> {
  const { kind, gzip } = await kindOf(path);
  const stream = openInput(path, gzip, onBytes);
  try {
    yield* kind === 'xml' ? xmlItems(stream) : jsonItems(stream);
  } catch (err) {
    const message = (err as Error).message;
    throw new ExportFormatError(message.startsWith(path) ? message : `${path}: ${message}`);
  } finally {
    stream.destroy();
  }
}

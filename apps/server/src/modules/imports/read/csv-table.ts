/**
 * A CSV read as a table (docs/decisions/258): its encoding and separator detected, decoded and
 * parsed as a stream (csv-parse), never whole in memory, each record within its bounds
 * (csv-bounds.ts). A cell is text as written: `=1+2` stays the text `=1+2`.
 */
import { pipeline, Transform, type TransformCallback } from 'node:stream';
import { parse, type Parser } from 'csv-parse';
import { IMPORT_NO_HEADER, IMPORT_UNREADABLE } from '@cooler-hub/contract/imports';
import type { ByteSource } from './byte-source';
import { RecordBounds } from './csv-bounds';
import { FileRefusal } from './file-refusal';
import { headerOf, importCell, isEmptyRow, withoutTrailingEmpty, type ImportCell, type ImportRow, type TableReader } from './table';
import { chunkDecoder, detectEncoding, ENCODING_SAMPLE, type ChunkDecoder, type CsvEncoding } from './text-decoding';

const SEPARATORS = [',', ';', '\t'] as const;

/**
 * The separator of a CSV: of ',', ';' and tab, the one found most often outside quotes on its first
 * line (the header); a tie, or none of them, is ','.
 */
export function detectSeparator(text: string): string {
  const counts = new Map<string, number>(SEPARATORS.map((s) => [s, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best: string = ',';
  for (const s of SEPARATORS) if ((counts.get(s) ?? 0) > (counts.get(best) ?? 0)) best = s;
  return best;
}

/** Decodes a byte stream to text, counting the bytes it has taken; text past a record's bounds fails the stream. */
class DecodeStream extends Transform {
  bytesRead = 0;

  constructor(
    private readonly decoder: ChunkDecoder,
    private readonly bounds: RecordBounds,
  ) {
    super({ decodeStrings: true, readableObjectMode: false, encoding: 'utf8' });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytesRead += chunk.length;
    this.pass(this.decoder.decode(chunk), done);
  }

  override _flush(done: TransformCallback): void {
    this.pass(this.decoder.end(), done);
  }

  private pass(text: string, done: TransformCallback): void {
    try {
      this.bounds.scan(text);
    } catch (error) {
      done(error as Error);
      return;
    }
    done(null, text === '' ? undefined : text);
  }
}

/**
 * Opens a CSV: the header is its first record with a non-empty cell (IMPORT_NO_HEADER when there is
 * none); row numbers count records, not lines, the header being 1 — a quoted cell spanning lines
 * is one record, a blank line is one (skipped) record.
 */
export async function openCsv(source: ByteSource): Promise<TableReader> {
  const sample = await source.read(0, Math.min(source.size, ENCODING_SAMPLE));
  const encoding: CsvEncoding = detectEncoding(sample, sample.length >= source.size);
  const sampleDecoder = chunkDecoder(encoding);
  const separator = detectSeparator(
    sampleDecoder
      .decode(sample)
      .replace(/^\uFEFF/, '')
      .replace(/^\s*[\r\n]+/, ''),
  );

  const input = source.stream();
  const decode = new DecodeStream(chunkDecoder(encoding), new RecordBounds(separator));
  const parser: Parser = parse({ delimiter: separator, relax_column_count: true, relax_quotes: true, skip_empty_lines: false });
  pipeline(input, decode, parser, () => undefined);
  const records = readRecords(parser, decode)[Symbol.asyncIterator]();
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    parser.destroy();
    input.destroy();
    decode.destroy();
    await records.return?.(undefined);
  };

  let header: string[] | undefined;
  let headerRecord = 0;
  try {
    for (let next = await records.next(); !next.done; next = await records.next()) {
      if (isEmptyRow(next.value.cells)) continue;
      header = headerOf(next.value.cells);
      headerRecord = next.value.rowNumber;
      break;
    }
  } catch (error) {
    await close();
    throw error;
  }
  if (header === undefined) {
    await close();
    throw new FileRefusal(IMPORT_NO_HEADER);
  }
  return {
    header,
    rows: dataRows(records, headerRecord, close),
    csv: { separator, encoding },
    close,
  };
}

/** Each record, numbered from 1, its cells trimmed; a parse error is the file's refusal. */
async function* readRecords(parser: Parser, decode: DecodeStream): AsyncGenerator<ImportRow> {
  let record = 0;
  try {
    for await (const raw of parser as AsyncIterable<string[]>) {
      record++;
      const cells: ImportCell[] = new Array<ImportCell>(raw.length);
      for (let i = 0; i < raw.length; i++) cells[i] = importCell(raw[i]);
      yield { rowNumber: record, cells: withoutTrailingEmpty(cells), bytesRead: decode.bytesRead };
    }
  } catch (error) {
    if (error instanceof FileRefusal) throw error;
    throw new FileRefusal(IMPORT_UNREADABLE);
  } finally {
    parser.destroy();
  }
}

/** The records after the header, renumbered so the header is row 1; wholly empty ones skipped. */
async function* dataRows(records: AsyncIterator<ImportRow>, headerRecord: number, close: () => Promise<void>): AsyncGenerator<ImportRow> {
  try {
    for (let next = await records.next(); !next.done; next = await records.next()) {
      if (isEmptyRow(next.value.cells)) continue;
      yield { ...next.value, rowNumber: next.value.rowNumber - headerRecord + 1 };
    }
  } finally {
    await close();
  }
}

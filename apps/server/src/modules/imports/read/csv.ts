/**
 * CSV as people save it (docs/decisions/258): UTF-8 with or without a BOM, UTF-16 with its BOM
 * (Excel's 'Unicode text'), else Windows-1252; cells separated by commas, semicolons or tabs —
 * whichever the header line holds most of outside quotes. Streamed through csv-parse: never whole.
 */
import { Transform } from 'node:stream';
import { parse } from 'csv-parse';
import { IMPORT_UNREADABLE } from '@cooler-hub/contract/imports';
import type { ImportCell } from './cells';
import { SAMPLE_BYTES } from './sniff';
import { FileRefusal, type ByteSource } from './source';
import { splitHeader, type ImportRow, type TableReader } from './table';

type Separator = ';' | ',' | '\t';

/** The encoding by the BOM, else UTF-8 when the sample is valid UTF-8 (a character cut at its end forgiven), else Windows-1252. */
export function detectEncoding(sample: Buffer, wholeFile: boolean): string {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return 'utf-8';
  if (sample[0] === 0xff && sample[1] === 0xfe) return 'utf-16le';
  if (sample[0] === 0xfe && sample[1] === 0xff) return 'utf-16be';
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    // In stream mode a character cut at the sample's end is held back, not an error.
    decoder.decode(sample, { stream: !wholeFile });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** The separator the first line uses most, outside quotes; a comma when none. */
export function detectSeparator(text: string): Separator {
  const counts: Record<Separator, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) counts[ch] += 1;
  }
  return counts[';'] > counts[','] && counts[';'] >= counts['\t'] ? ';' : counts['\t'] > counts[','] ? '\t' : ',';
}

const toCell = (value: string): ImportCell => {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

export async function openCsv(source: ByteSource): Promise<TableReader> {
  const sample = await source.read(0, SAMPLE_BYTES);
  const encoding = detectEncoding(sample, sample.length === source.size);
  const separator = detectSeparator(new TextDecoder(encoding).decode(sample));
  let bytesRead = 0;
  const decoder = new TextDecoder(encoding);
  const input = source.stream();
  const decode = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytesRead += chunk.length;
      done(null, decoder.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, decoder.decode());
    },
  });
  const parser = parse({ delimiter: separator, relax_column_count: true, relax_quotes: true, skip_empty_lines: false });
  input.on('error', (err) => parser.destroy(err));
  input.pipe(decode).pipe(parser);
  let rowNumber = 0;
  const rows = (async function* (): AsyncGenerator<ImportRow> {
    try {
      for await (const record of parser as AsyncIterable<string[]>) {
        rowNumber += 1;
        yield { rowNumber, cells: record.map(toCell), bytesRead };
      }
    } catch (err) {
      if (err instanceof FileRefusal) throw err;
      throw new FileRefusal(IMPORT_UNREADABLE);
    }
  })();
  const close = async () => {
    input.destroy();
    parser.destroy();
    await rows.return(undefined);
  };
  try {
    const { header, rest } = await splitHeader(rows);
    return { header, rows: rest, csv: { separator, encoding }, close };
  } catch (err) {
    await close();
    throw err;
  }
}

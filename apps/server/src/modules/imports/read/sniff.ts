/**
 * A file's format by its content, not its name (docs/decisions/258), and a workbook's sheets. Refused
 * whole: an empty file, one over the limit, a password-protected workbook or an old .xls (both are
 * OLE compound files), a ZIP that is no workbook or unpacks out of proportion, binary that is no text.
 */
import {
  IMPORT_FILE_EMPTY,
  IMPORT_FILE_TOO_LARGE,
  IMPORT_NOT_A_TABLE,
  IMPORT_PASSWORD_PROTECTED,
  MAX_IMPORT_BYTES,
  type ImportFormat,
} from '@cooler-hub/contract/imports';
import { FileRefusal, type ByteSource } from './source';
import { checkEntries, readEntry, zipEntries } from './zip';

const OLE = Buffer.from('d0cf11e0a1b11ae1', 'hex');
const ZIP = Buffer.from('504b0304', 'hex');
const UTF16_BOMS = [Buffer.from('fffe', 'hex'), Buffer.from('feff', 'hex')];
const WORKBOOK = 'xl/workbook.xml';
/** The first bytes of a text file tell its encoding and separator; binary shows in them too. */
export const SAMPLE_BYTES = 64 * 1024;

/** Control characters other than tab, LF, CR (and form feed): a text table has none. */
function looksBinary(sample: Buffer): boolean {
  if (UTF16_BOMS.some((bom) => sample.subarray(0, 2).equals(bom))) return false;
  let control = 0;
  for (const byte of sample) if (byte === 0 || (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c)) control += 1;
  return control > 0 && control >= sample.length / 100;
}

export async function sniff(source: ByteSource): Promise<ImportFormat> {
  if (source.size === 0) throw new FileRefusal(IMPORT_FILE_EMPTY);
  if (source.size > MAX_IMPORT_BYTES) throw new FileRefusal(IMPORT_FILE_TOO_LARGE);
  const head = await source.read(0, 8);
  if (head.equals(OLE)) throw new FileRefusal(IMPORT_PASSWORD_PROTECTED);
  if (head.subarray(0, 4).equals(ZIP)) {
    const entries = await zipEntries(source);
    checkEntries(entries, source.size);
    if (!entries.some((e) => e.name === WORKBOOK)) throw new FileRefusal(IMPORT_NOT_A_TABLE);
    return 'xlsx';
  }
  if (looksBinary(await source.read(0, SAMPLE_BYTES))) throw new FileRefusal(IMPORT_NOT_A_TABLE);
  return 'csv';
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
    e.startsWith('#x') || e.startsWith('#X') ? String.fromCodePoint(parseInt(e.slice(2), 16)) : e.startsWith('#') ? String.fromCodePoint(Number(e.slice(1))) : (XML_ENTITIES[e.toLowerCase()] ?? ''),
  );

/** A workbook's sheet names in its own order (xl/workbook.xml alone is unpacked); none for CSV. */
export async function sheetNames(source: ByteSource, format: ImportFormat): Promise<string[]> {
  if (format === 'csv') return [];
  const entry = (await zipEntries(source)).find((e) => e.name === WORKBOOK);
  if (!entry) throw new FileRefusal(IMPORT_NOT_A_TABLE);
  const xml = (await readEntry(source, entry)).toString('utf8');
  return [...xml.matchAll(/<(?:\w+:)?sheet\b[^>]*?\bname="([^"]*)"/g)].map((m) => unescapeXml(m[1]!));
}

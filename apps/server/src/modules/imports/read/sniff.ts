/**
 * What an uploaded file is, by its bytes and never its name (docs/decisions/258), and an XLSX's
 * sheets. Everything refused here is refused before the sheets are unpacked or parsed.
 */
import {
  IMPORT_FILE_EMPTY,
  IMPORT_FILE_TOO_LARGE,
  IMPORT_NOT_A_TABLE,
  IMPORT_PASSWORD_PROTECTED,
  IMPORT_UNREADABLE,
  IMPORT_ZIP_BOMB,
  MAX_IMPORT_BYTES,
  type ImportFormat,
} from '@cooler-hub/contract/imports';
import type { ByteSource } from './byte-source';
import { FileRefusal } from './file-refusal';
import { readZipEntry, zipEntries, type ZipEntry } from './zip';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** An OLE compound file: an encrypted (password-protected) workbook, or an old .xls. */
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const UTF16LE_BOM = Buffer.from([0xff, 0xfe]);
/** How much of a text file is looked at to tell text from binary. */
const TEXT_SAMPLE = 64 * 1024;
/** Text has no NUL and hardly any other control character (tab, CR, LF and form feed aside). */
const MAX_CONTROL_SHARE = 0.01;

/** An XLSX unpacking to more than this is refused, whatever its own size. */
export const MAX_UNPACKED_BYTES = 400 * 1024 * 1024;
/** An XLSX unpacking to more than this many times its own size is refused. */
export const MAX_UNPACK_RATIO = 100;

/** How much a workbook may unpack (docs/decisions/265); tests make them small to stay fast. */
export interface UnpackLimits {
  maxUnpackedBytes: number;
  maxUnpackRatio: number;
}

export const UNPACK_LIMITS: UnpackLimits = { maxUnpackedBytes: MAX_UNPACKED_BYTES, maxUnpackRatio: MAX_UNPACK_RATIO };

/** The bytes a file of `fileSize` may unpack to: the lower of the two limits. */
export function unpackLimit(fileSize: number, limits: UnpackLimits = UNPACK_LIMITS): number {
  return Math.min(limits.maxUnpackedBytes, limits.maxUnpackRatio * fileSize);
}
/** The largest workbook.xml or its relationships read whole (a sheet list, never the cells). */
const MAX_WORKBOOK_XML = 8 * 1024 * 1024;

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';

/**
 * The format of the bytes: 'xlsx' for a ZIP holding xl/workbook.xml, 'csv' for text. Refused: over
 * MAX_IMPORT_BYTES, empty, an OLE file (password-protected or .xls), binary that is not a ZIP, a ZIP
 * without a workbook, a ZIP with an encrypted entry, and a ZIP whose central directory declares
 * more than it may unpack to (`unpackLimit`) — an early refusal only: a directory can lie, so the
 * table's read counts what it really inflates (docs/decisions/265).
 */
export async function sniff(source: ByteSource, limits: UnpackLimits = UNPACK_LIMITS): Promise<ImportFormat> {
  if (source.size > MAX_IMPORT_BYTES) throw new FileRefusal(IMPORT_FILE_TOO_LARGE);
  if (source.size === 0) throw new FileRefusal(IMPORT_FILE_EMPTY);
  const sample = await source.read(0, Math.min(source.size, TEXT_SAMPLE));
  if (startsWith(sample, OLE_MAGIC)) throw new FileRefusal(IMPORT_PASSWORD_PROTECTED);
  if (startsWith(sample, ZIP_MAGIC)) {
    checkWorkbookZip(await zipEntries(source), source.size, limits);
    return 'xlsx';
  }
  if (!startsWith(sample, UTF16LE_BOM) && looksBinary(sample)) throw new FileRefusal(IMPORT_NOT_A_TABLE);
  return 'csv';
}

function startsWith(bytes: Buffer, magic: Buffer): boolean {
  return bytes.length >= magic.length && bytes.subarray(0, magic.length).equals(magic);
}

/** A NUL, or more than MAX_CONTROL_SHARE of control characters other than tab, LF, FF and CR. */
function looksBinary(sample: Buffer): boolean {
  let controls = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) controls++;
  }
  return controls > sample.length * MAX_CONTROL_SHARE;
}

/** A workbook, not encrypted, not a zip bomb. */
function checkWorkbookZip(entries: ZipEntry[], fileSize: number, limits: UnpackLimits): void {
  if (!entries.some((e) => e.name === WORKBOOK)) throw new FileRefusal(IMPORT_NOT_A_TABLE);
  if (entries.some((e) => (e.flags & 1) === 1)) throw new FileRefusal(IMPORT_PASSWORD_PROTECTED);
  const unpacked = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (unpacked > unpackLimit(fileSize, limits)) throw new FileRefusal(IMPORT_ZIP_BOMB);
}

/** A sheet of a workbook: its name and the ZIP entry holding its cells. */
export interface WorkbookSheet {
  name: string;
  /** e.g. 'xl/worksheets/sheet2.xml'; null when the relationships name no such part. */
  path: string | null;
}

/** An XLSX's sheet names in workbook order (reads xl/workbook.xml only); [] for csv. */
export async function sheetNames(source: ByteSource, format: ImportFormat): Promise<string[]> {
  if (format === 'csv') return [];
  const entries = await zipEntries(source);
  const workbook = entries.find((e) => e.name === WORKBOOK);
  if (!workbook) throw new FileRefusal(IMPORT_NOT_A_TABLE);
  return sheetElements((await readZipEntry(source, workbook, MAX_WORKBOOK_XML)).toString('utf8')).map((s) => s.name);
}

/** The sheets in workbook order with their parts, from xl/workbook.xml and its relationships. */
export async function workbookSheets(source: ByteSource, entries?: ZipEntry[]): Promise<WorkbookSheet[]> {
  entries ??= await zipEntries(source);
  const workbook = entries.find((e) => e.name === WORKBOOK);
  if (!workbook) throw new FileRefusal(IMPORT_NOT_A_TABLE);
  const sheets = sheetElements((await readZipEntry(source, workbook, MAX_WORKBOOK_XML)).toString('utf8'));
  const relsEntry = entries.find((e) => e.name === WORKBOOK_RELS);
  const rels = relsEntry
    ? relationships((await readZipEntry(source, relsEntry, MAX_WORKBOOK_XML)).toString('utf8'))
    : new Map<string, string>();
  return sheets.map((s) => ({ name: s.name, path: partPath(rels.get(s.relId)) }));
}

const SHEET_ELEMENT = /<(?:\w+:)?sheet\s([^>]*?)\/?>/g;
const RELATIONSHIP_ELEMENT = /<(?:\w+:)?Relationship\s([^>]*?)\/?>/g;

function sheetElements(xml: string): { name: string; relId: string }[] {
  return [...xml.matchAll(SHEET_ELEMENT)].map((m) => {
    const attributes = attributesOf(m[1] ?? '');
    return { name: attributes.get('name') ?? '', relId: attributes.get('r:id') ?? attributes.get('id') ?? '' };
  });
}

function relationships(xml: string): Map<string, string> {
  const byId = new Map<string, string>();
  for (const m of xml.matchAll(RELATIONSHIP_ELEMENT)) {
    const attributes = attributesOf(m[1] ?? '');
    const id = attributes.get('Id');
    const target = attributes.get('Target');
    if (id !== undefined && target !== undefined) byId.set(id, target);
  }
  return byId;
}

/** A relationship's target as a ZIP entry name: relative to xl/, or absolute from the root. */
function partPath(target: string | undefined): string | null {
  if (target === undefined) return null;
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

const ATTRIBUTE = /([\w:]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function attributesOf(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const m of text.matchAll(ATTRIBUTE)) attributes.set(m[1] ?? '', xmlText(m[2] ?? m[3] ?? ''));
  return attributes;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * XML text with its entities and character references resolved. A reference to what XML forbids as
 * a character (NUL and the other controls but tab, LF and CR; a surrogate; U+FFFE, U+FFFF; past
 * U+10FFFF) makes the document not XML: the file is unreadable (docs/decisions/265).
 */
function xmlText(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, ref: string) => {
    if (!ref.startsWith('#')) return XML_ENTITIES[ref] ?? whole;
    const code = ref.startsWith('#x') ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    if (!isXmlChar(code)) throw new FileRefusal(IMPORT_UNREADABLE);
    return String.fromCodePoint(code);
  });
}

/** XML 1.0's Char production. */
function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

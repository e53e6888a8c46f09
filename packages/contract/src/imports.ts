/**
 * Importing a hub's records from CSV or XLSX (docs/decisions/258): a file is uploaded, its columns
 * matched to the fields of one kind, every row checked (the dry run) by the same contract schemas and
 * service rules as the API, then imported as a job on the queue, idempotent by natural keys.
 */
import { z } from 'zod';
import { listQuery, listResponse } from './common';

export const IMPORT_KINDS = ['receipts', 'coolers', 'customerAccounts', 'partNumbers'] as const;
export const importKind = z.enum(IMPORT_KINDS, {
  error: 'Choose what the file holds: receipts, coolers, customer accounts or part numbers.',
});
export type ImportKind = z.infer<typeof importKind>;

export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  receipts: 'Receipts',
  coolers: 'Coolers',
  customerAccounts: 'Customer accounts and clients',
  partNumbers: 'Part numbers',
};

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** The largest file accepted (a hub's 100,000 receipts are about 15 MB as CSV). */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

// ── what a file is refused for (400 on `file`) ─────────────────────────────────────────────────

export const IMPORT_FILE_TOO_LARGE = `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB: split it into smaller files.`;
export const IMPORT_FILE_EMPTY = 'The file is empty.';
export const IMPORT_NOT_A_TABLE = 'The file is neither CSV nor an Excel workbook (.xlsx).';
export const IMPORT_PASSWORD_PROTECTED =
  'The file is password-protected or an old Excel .xls: remove the password and save it as .xlsx or CSV.';
export const IMPORT_ZIP_BOMB = 'The workbook unpacks to far more than its size: it is refused as unsafe.';
export const IMPORT_NO_HEADER = 'The file has no header row: its first row must name the columns.';
export const IMPORT_NO_SHEET = 'The workbook has no sheet of that name.';
export const IMPORT_UNREADABLE = 'The file could not be read as CSV or XLSX.';
/** The most columns a row of a file may have (docs/decisions/265): the header is stored and sent back with the import. */
export const MAX_IMPORT_COLUMNS = 1000;
/** The most characters a CSV record may hold, separators and quotes included (docs/decisions/265). */
export const MAX_IMPORT_RECORD_CHARS = 256 * 1024;
export const IMPORT_TOO_MANY_COLUMNS = `A row of the file has more than ${MAX_IMPORT_COLUMNS.toLocaleString('en-GB')} columns: keep the columns to import and save it again.`;
export const IMPORT_RECORD_TOO_LONG = `A row of the file is longer than ${MAX_IMPORT_RECORD_CHARS.toLocaleString('en-GB')} characters: check its separator, or split its long cells.`;
export const importHeaderMatchesNothing = (kind: ImportKind) =>
  `No column of the header matches a field of ${IMPORT_KIND_LABELS[kind].toLowerCase()}: check the first row, or the kind of import.`;

// ── the fields of each kind ─────────────────────────────────────────────────────────────────────

export interface ImportField {
  /** The field's name in the mapping and in refusals. */
  name: string;
  /** What the screens call it; also the header a file is best given. */
  label: string;
  /** Without this column the file cannot be imported. */
  required: boolean;
  /** Other headers people give the column (matched ignoring case, spaces, dots, '_' and '-'). */
  aliases: readonly string[];
}

const field = (name: string, label: string, required: boolean, aliases: string[] = []): ImportField => ({ name, label, required, aliases });

export const IMPORT_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  receipts: [
    field('lbNumber', 'LB Number', true, ['LB', 'LB No', 'Tag Number', 'Tag', 'Barcode']),
    field('receiptDate', 'Receipt Date', true, ['Date', 'Received', 'Date Received']),
    field('serialNumber', 'Serial Number', true, ['Serial', 'Serial No', 'SN', 'Cooler']),
    field('partNumber', 'Part Number', false, ['Part', 'Part No', 'Model']),
    field('dateOfManufacture', 'DOM', false, ['Date Of Manufacture', 'Manufactured']),
    field('customerAccount', 'Account', true, ['Account No', 'Customer Account', 'Customer', 'Account Name']),
    field('supplier', 'Supplier', true, ['Supplier Code', 'Supplier Name']),
    field('collectionPoint', 'Collection Point', false, ['Collection', 'Point']),
    field('engineerNo', 'Engineer Number', false, ['Engineer', 'Engineer No']),
    field('processOption', 'Process Option', true, ['Option', 'Process']),
    field('processState', 'Process State', false, ['State']),
    field('scrapReason', 'Scrap Reason', false, ['Reason', 'Scrap Code']),
    field('notes', 'Notes', false, ['Note', 'Comments']),
    field('tagFaultComment', 'Tag Fault Comment', false, ['Tag Fault']),
    field('assetNo', 'Asset No.', false, ['Asset', 'Asset Number']),
  ],
  coolers: [
    field('serialNumber', 'Serial Number', true, ['Serial', 'Serial No', 'SN']),
    field('partNumber', 'Part Number', true, ['Part', 'Part No']),
    field('dateOfManufacture', 'DOM', true, ['Date Of Manufacture', 'Manufactured']),
    field('modelNumber', 'Model Number', false, ['Model', 'Model No']),
  ],
  customerAccounts: [
    field('name', 'Account', true, ['Name', 'Account Name', 'Account No', 'Customer Account']),
    field('client', 'Client', true, ['Client Name', 'Customer']),
    field('contactPerson', 'Contact Person', false, ['Contact']),
    field('email', 'Email', false, ['E-mail', 'Mail']),
    field('telephone', 'Telephone', false, ['Phone', 'Tel']),
    field('deliveryAddress', 'Delivery Address', false, ['Address']),
    field('billingAddress', 'Billing Address', false, ['Invoice Address']),
  ],
  partNumbers: [
    field('partNumber', 'Part Number', true, ['Part', 'Part No', 'Code']),
    field('description', 'Description', false, ['Name']),
  ],
};

/** A header as compared: lower case, without spaces, dots, underscores and dashes. */
export function headerKey(header: string): string {
  return header.toLowerCase().replace(/[\s._-]+/g, '');
}

/**
 * Each field's column, matched by its header (label, name or an alias); a remembered mapping
 * (header key → field name) wins. A field no header names maps to null.
 */
export function matchColumns(kind: ImportKind, headers: readonly string[], remembered: Record<string, string> = {}): ImportMapping {
  const mapping: ImportMapping = {};
  const taken = new Set<number>();
  const keys = headers.map(headerKey);
  for (const f of IMPORT_FIELDS[kind]) {
    const byMemory = keys.findIndex((k, i) => !taken.has(i) && remembered[k] === f.name);
    const names = [f.label, f.name, ...f.aliases].map(headerKey);
    const byName = byMemory >= 0 ? byMemory : keys.findIndex((k, i) => !taken.has(i) && names.includes(k));
    mapping[f.name] = byName >= 0 ? byName : null;
    if (byName >= 0) taken.add(byName);
  }
  return mapping;
}

// ── the calls ───────────────────────────────────────────────────────────────────────────────────

/** Field name → the column's index in the header (0-based), or null when no column gives it. */
export const importMapping = z.record(z.string(), z.number().int().min(0).max(999).nullable());
export type ImportMapping = z.infer<typeof importMapping>;

export const MAPPING_MISSING_REQUIRED = 'Choose the column of every required field.';
export const MAPPING_COLUMN_TWICE = 'One column is chosen for two fields.';
export const MAPPING_NO_SUCH_COLUMN = 'The file has no such column.';
export const MAPPING_UNKNOWN_FIELD = 'No such field for this kind of import.';

/** POST /api/imports/{id}/dry_run. */
export const importDryRunBody = z.object({ mapping: importMapping });
export type ImportDryRunBody = z.infer<typeof importDryRunBody>;

/** The multipart fields of POST /api/imports besides `file`. */
export const importUploadFields = z.object({
  kind: importKind,
  /** An XLSX's sheet; the first one when empty. */
  sheet: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(100).optional()),
});

/**
 * uploaded → checking → checked → importing → imported; a cancel stops either run (cancelled);
 * a run that broke on the server, not on a row, is failed with its error.
 */
export const IMPORT_STATUSES = ['uploaded', 'checking', 'checked', 'importing', 'imported', 'cancelled', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const IMPORT_NOT_CHECKED = 'Run the dry run with this mapping first: an import follows a dry run.';
export const IMPORT_BUSY = 'This import is running: wait for it to finish or cancel it.';
export const IMPORT_DONE = 'This file is already imported: upload it again to import it again.';

export const importCounts = z.object({
  /** Rows that add a record. */
  new: z.number().int(),
  /** Rows that change a record with the same natural key. */
  updated: z.number().int(),
  /** Rows whose record already holds exactly this. */
  unchanged: z.number().int(),
  /** Rows with a problem: nothing of them is written. */
  refused: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCounts>;

export const importJob = z.object({
  id: z.uuid(),
  kind: importKind,
  fileName: z.string(),
  format: z.enum(IMPORT_FORMATS),
  /** An XLSX's sheet being read; null for CSV. */
  sheet: z.string().nullable(),
  /** An XLSX's sheets, in order; empty for CSV. */
  sheets: z.array(z.string()),
  /** The header row's cells. */
  headers: z.array(z.string()),
  mapping: importMapping,
  status: z.enum(IMPORT_STATUSES),
  /** Rows read by the running or last run. */
  rowsDone: z.number().int(),
  /** 0–1 of the file read by the running or last run. */
  progress: z.number(),
  rowsPerSecond: z.number().nullable(),
  secondsLeft: z.number().nullable(),
  /** The last dry run's counts while checking or checked; the import's from then on. */
  counts: importCounts,
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  creator: z.string(),
});
export type ImportJob = z.infer<typeof importJob>;

export const importRefusal = z.object({
  /** The row's number in the file (the header is row 1), as a spreadsheet shows it. */
  row: z.number().int(),
  /** Each problem: the field (its header in the file) and the contract's message. */
  problems: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type ImportRefusal = z.infer<typeof importRefusal>;

export const importRefusalListQuery = listQuery(['row'], {});
export type ImportRefusalListQuery = z.infer<typeof importRefusalListQuery>;
export const importRefusalList = listResponse(importRefusal);

/** The column added to the refused rows' file. */
export const REFUSED_ROWS_ERROR_HEADER = 'Error';

/** POST /api/imports/{id}/sheet: read another sheet of the workbook (header and mapping follow). */
export const importSheetBody = z.object({ sheet: z.string().min(1).max(100) });
export type ImportSheetBody = z.infer<typeof importSheetBody>;

/** GET /api/imports: the signed-in user's imports, newest first. */
export const importListQuery = listQuery(['createdAt'], {});
export type ImportListQuery = z.infer<typeof importListQuery>;
export const importList = listResponse(importJob);

/** How often a screen showing a running import asks for its progress. */
export const IMPORT_POLL_MS = 1000;

// ── what a row is refused for, besides the contract's own messages ──────────────────────────────

/** A reference cell that names nothing: `what` is e.g. 'customer account'. */
export const importNoMatch = (what: string, value: string) => `No ${what} is named '${value}'.`;
/** A reference cell that names several records. */
export const importSeveralMatch = (what: string, value: string) => `Several ${what}s are named '${value}': give its number instead.`;
/** A natural key given by an earlier row of the same file. */
export const importDuplicateRow = (row: number) => `Row ${row} of this file already gives this.`;
export const IMPORT_NOT_A_DATE = 'Enter a date as dd/MM/yyyy, YYYY-MM-DD or an Excel date.';
/** A receipt's serial is new, so its cooler is created: then its part number and DOM are needed. */
export const IMPORT_NEW_COOLER_NEEDS = 'The serial number is new: give its part number and DOM so the cooler can be created.';

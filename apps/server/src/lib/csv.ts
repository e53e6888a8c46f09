/**
 * The one CSV writer of the app (docs/decisions/273): every file we serve or mail — the end-of-day
 * sheet, a delivery note's CSV and its attachment, an import's refused rows — is written here,
 * RFC 4180: a cell holding the separator (a comma unless told otherwise), a quote, a LF or a CR is
 * quoted (a quote doubled), lines end in CRLF. Written by hand rather
 * than with a CSV library: the end-of-day sheet writes a million cells per download, and per cell
 * this is one test and at most one copy.
 *
 * Text that a spreadsheet would run as a formula is neutralised: a cell whose first character is
 * `=`, `+`, `-`, `@`, a tab, a carriage return, or the full-width `＝ ＋ － ＠` gets a leading
 * apostrophe (OWASP "CSV injection"), so it shows as the text it is. The rule is on text only:
 * a value that is a number (a count, an amount, a code) is written as that number, negative or
 * not — it cannot hold a formula.
 */
export type CsvCell = string | number | null | undefined;

/** The byte-order mark that makes spreadsheet programs read a file as UTF-8 (accents, '£'). */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A text cell as it is written: with a leading apostrophe when a spreadsheet would run it. */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Text that must be quoted to stay one cell: a comma, a quote, or a line break (a lone CR included). */
const NEEDS_QUOTES = /[",\r\n]/;
/** The same for the other separators: ';' or a tab in place of the comma. */
const NEEDS_QUOTES_WITH: Record<string, RegExp> = { ',': NEEDS_QUOTES, ';': /[";\r\n]/, '\t': /["\t\r\n]/ };

/** One cell as written: a number as the number, nothing for null, text neutralised and quoted when needed. */
function csvCell(value: CsvCell, needsQuotes: RegExp): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = neutralise(value);
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Rows as CSV text, cells parted by `separator` (',', ';' or a tab), each row ending in CRLF.
 * Large files call it per batch and stream the pieces (the end-of-day sheet); small ones call it once.
 */
export function csvRows(rows: readonly (readonly CsvCell[])[], separator = ','): string {
  const needsQuotes = NEEDS_QUOTES_WITH[separator];
  if (needsQuotes === undefined) throw new Error(`Unsupported CSV separator ${JSON.stringify(separator)}`);
  let text = '';
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) text += i === 0 ? csvCell(row[i], needsQuotes) : separator + csvCell(row[i], needsQuotes);
    text += '\r\n';
  }
  return text;
}

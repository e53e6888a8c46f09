/**
 * The one CSV writer of the app (docs/decisions/204): every file we serve or mail — the end-of-day
 * sheet, a delivery note's CSV and its attachment — is written here, with csv-stringify, RFC 4180
 * (quoted when needed, CRLF lines).
 *
 * Text that a spreadsheet would run as a formula is neutralised: a cell whose first character is
 * `=`, `+`, `-`, `@`, a tab, a carriage return, or the full-width `＝ ＋ － ＠` gets a leading
 * apostrophe (OWASP "CSV injection"), so it shows as the text it is. The rule is on text only:
 * a value that is a number (a count, an amount, a code) is written as that number, negative or
 * not — it cannot hold a formula.
 */
import { stringify } from 'csv-stringify/sync';

export type CsvCell = string | number | null | undefined;

/** The byte-order mark that makes spreadsheet programs read a file as UTF-8 (accents, '£'). */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A text cell as it is written: with a leading apostrophe when a spreadsheet would run it. */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * Rows as CSV text, each ending in CRLF. Large files call it per batch and stream the pieces
 * (the end-of-day sheet); small ones call it once.
 */
export function csvRows(rows: readonly (readonly CsvCell[])[]): string {
  if (rows.length === 0) return '';
  return stringify(rows as CsvCell[][], {
    record_delimiter: 'windows',
    // csv-stringify quotes a field holding the delimiter, a quote or LF, but not a lone CR, which
    // spreadsheet programs read as a line break.
    quoted_match: /\r/,
    cast: { string: neutralise },
  });
}

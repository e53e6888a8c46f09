/**
 * An XLSX cell as the text a person sees in it (docs/decisions/258). Cells are data, never
 * formulas: a formula cell is its cached result (never the formula, never evaluated), a text cell
 * '=1+2' is that text.
 */
import type { Cell, CellValue } from 'exceljs';

/** Excel's serial day 0 (1899-12-30, the 1900 leap-year bug folded in) in Unix milliseconds. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;
/** Excel shows at most 15 significant digits; a binary fraction's tail beyond them is noise. */
const SIGNIFICANT_DIGITS = 15;

/**
 * The text of a cell: text as is; a number in plain digits (an integer below 1e21 never in
 * exponent form, a fraction to 15 significant digits); a boolean TRUE/FALSE; a date YYYY-MM-DD, or
 * YYYY-MM-DDTHH:mm:ss when it has a time (the wall-clock time as typed, no zone); rich text joined;
 * a hyperlink its text; an error its code ('#N/A'); a formula its cached result shown the same way,
 * a date-formatted number result as a date; null for an empty cell or a formula without a result.
 */
export function cellText(cell: Pick<Cell, 'value' | 'numFmt'>): string | null {
  const value = cell.value;
  if (
    value !== null &&
    typeof value === 'object' &&
    !(value instanceof Date) &&
    ('formula' in value || 'sharedFormula' in value || 'result' in value)
  ) {
    const result = (value as { result?: CellValue }).result;
    if (typeof result === 'number' && isDateFormat(cell.numFmt)) return dateText(new Date(EXCEL_EPOCH_MS + Math.round(result * DAY_MS)));
    return valueText(result);
  }
  return valueText(value);
}

function valueText(value: CellValue): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  if ('richText' in value) return value.richText.map((r) => r.text ?? '').join('');
  if ('error' in value) return String(value.error);
  if ('text' in value) return typeof value.text === 'string' ? value.text : valueText(value.text);
  return null;
}

/** A number as Excel's General format shows it, in plain digits where it can. */
export function numberText(n: number): string | null {
  if (!Number.isFinite(n)) return null;
  if (Number.isInteger(n)) return String(n);
  return String(Number(n.toPrecision(SIGNIFICANT_DIGITS)));
}

/** A date read from a sheet (UTC fields = the wall clock typed), to the nearest second. */
function dateText(date: Date): string | null {
  const ms = date.getTime();
  if (Number.isNaN(ms)) return null;
  const iso = new Date(Math.round(ms / 1000) * 1000).toISOString();
  return iso.slice(11, 19) === '00:00:00' ? iso.slice(0, 10) : iso.slice(0, 19);
}

/** A number format that shows a date or time: y, m, d, h, s or b outside quotes and brackets. */
function isDateFormat(format: string | undefined): boolean {
  if (!format) return false;
  return /[ymdhMsb]/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

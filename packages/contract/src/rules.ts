/** Business rules shared by server and web (docs/product.md §5.3, §5.4, §9). */

export const LB_NUMBER_PATTERN = /^LB\d+$/;
export const WRONG_LB_NUMBER = 'Wrong Lb number';
export const EARLIEST_MANUFACTURE_YEAR = 1991;

export function isLbNumber(value: string): boolean {
  return LB_NUMBER_PATTERN.test(value);
}

/**
 * How every part of the app reads an LB number it is given (typed, scanned, in a call): trimmed
 * and upper-cased — a scanner with Caps Lock on sends 'lb123'. The one place this rule lives.
 */
export function normalizeLbNumber(value: string): string {
  return value.trim().toUpperCase();
}

/**
 * The LB Number field as it is typed, pasted or scanned: exactly one 'LB' in front, whatever came
 * in — 'LB123', '123', 'lb123', 'LBLB123' (typed after the field's own 'LB') all read 'LB123'.
 * Leading L and B letters are the prefix (an LB number has only digits after it), so typing
 * 'L', 'B' over the shown 'LB' never doubles it and deleting into the prefix leaves 'LB'.
 */
export function lbNumberInput(value: string): string {
  return `LB${normalizeLbNumber(value).replace(/^[LB]+/, '')}`;
}

/** Leaving the LB Number field: one 'LB' as above; an empty or invalid value is auto-formatted to 'LB' (docs/product.md §5.3). */
export function formatLbInput(value: string): string {
  const lb = lbNumberInput(value);
  return /^LB\d*$/.test(lb) ? lb : 'LB';
}

function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/**
 * Date of manufacture from a serial number: its first run of 8+ digits read as yyyymmdd, the year
 * raised to 1991 at the earliest; otherwise today (docs/product.md §5.3).
 */
export function dateOfManufactureFromSerial(serial: string, today: Date = new Date()): string {
  const digits = /\d{8,}/.exec(serial)?.[0];
  if (!digits) return isoDay(today);
  const year = Number(digits.slice(0, 4));
  const month = Number(digits.slice(4, 6));
  const day = Number(digits.slice(6, 8));
  const date = new Date(Date.UTC(Math.max(year, EARLIEST_MANUFACTURE_YEAR), month - 1, day));
  const valid = month >= 1 && month <= 12 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return valid ? isoDay(date) : isoDay(today);
}

/** Pounds as typed → integer pence, rounded (docs/product.md §5.4). */
export function poundsToPence(pounds: number): number {
  return Math.round(pounds * 100);
}

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2 });

/** 123450 → '£1,234.50' */
export function formatPence(amount: number): string {
  return gbp.format(amount / 100);
}

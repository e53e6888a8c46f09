/** Business rules shared by server and web (spec 5.3, 5.4, 9). */

export const LB_NUMBER_PATTERN = /^LB\d+$/;
export const WRONG_LB_NUMBER = 'Wrong Lb number';
export const EARLIEST_MANUFACTURE_YEAR = 1991;

export function isLbNumber(value: string): boolean {
  return LB_NUMBER_PATTERN.test(value);
}

/** An empty or invalid LB number input is auto-formatted to 'LB' (spec 5.3). */
export function formatLbInput(value: string): string {
  const upper = value.trim().toUpperCase();
  return /^LB\d*$/.test(upper) ? upper : 'LB';
}

function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/**
 * Date of manufacture from a serial number: its first run of 8+ digits read as yyyymmdd, the year
 * raised to 1991 at the earliest; otherwise today (spec 5.3).
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

/** Pounds as typed → integer pence, rounded (spec 5.4). */
export function poundsToPence(pounds: number): number {
  return Math.round(pounds * 100);
}

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2 });

/** 123450 → '£1,234.50' */
export function formatPence(amount: number): string {
  return gbp.format(amount / 100);
}

/**
 * Dates are shown dd/MM/yyyy, en-GB, in the business time zone Europe/London (docs/product.md §5.1, §9;
 * docs/architecture.md §4). Calendar days ('YYYY-MM-DD') are shown as they are, never shifted by a zone.
 */
const BUSINESS_TIME_ZONE = 'Europe/London';

const dayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: BUSINESS_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** '2025-03-09' → '09/03/2025'; an ISO instant → its Europe/London day; empty or invalid → ''. */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const day = CALENDAR_DAY.exec(value);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dayFormat.format(date);
}

/** An instant as 'dd/MM/yyyy HH:mm' in Europe/London. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat.format(date).replace(',', '');
}

/** 'dd/MM/yyyy' typed by a user → 'YYYY-MM-DD', or null when it is not a real day. */
export function parseDisplayDate(text: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

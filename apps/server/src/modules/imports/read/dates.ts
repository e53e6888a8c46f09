/**
 * Dates in imported cells (docs/decisions/258): ISO, dd/MM/yyyy (the app's own display, docs/product.md §9),
 * dd.MM.yyyy and Excel serial numbers. A time without an offset is Europe/London wall-clock time,
 * like every time the hub shows.
 */
import { londonDayStart, londonWallClockInstant } from '@cooler-hub/contract/london-time';

/** Excel's largest serial (9999-12-31). */
const MAX_SERIAL = 2958465;
/** The 1900 leap-year bug: Excel counts a 29 February 1900 that never was. */
const FAKE_LEAP_DAY = 60;
const DAY_MS = 86_400_000;

interface WallClock {
  day: string;
  /** Seconds since the day's midnight, or null for a day without a time. */
  seconds: number | null;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
const DAY_FIRST = /^(\d{1,2})([/.])(\d{1,2})\2(\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const SERIAL = /^\d+(?:\.\d+)?$/;

/**
 * A calendar day from a cell: 'YYYY-MM-DD' (a time or an offset after it dropped), 'dd/MM/yyyy'
 * (also d/M/yyyy and with a time 'HH:mm[:ss]', dropped), 'dd.MM.yyyy', or an Excel serial 1–2958465
 * in the 1900 date system (its fraction, the time, dropped; 60, Excel's 29/02/1900, does not exist).
 * Undefined for anything else and for a day that does not exist (31/02/2024).
 */
export function importDay(cell: string): string | undefined {
  const text = cell.trim();
  if (ISO_WITH_OFFSET.test(text)) return validDay(Number(text.slice(0, 4)), Number(text.slice(5, 7)), Number(text.slice(8, 10)));
  return wallClock(text)?.day;
}

/**
 * A moment from a cell as an ISO 8601 instant in UTC: an ISO time with 'Z' or an offset as it says;
 * every form importDay reads, and those with a time ('YYYY-MM-DDTHH:mm[:ss]', 'YYYY-MM-DD HH:mm',
 * 'dd/MM/yyyy HH:mm[:ss]', a serial's fraction), as Europe/London wall-clock time — a day alone is
 * London's midnight. A wall-clock time the spring change skips is read with the winter offset, one
 * the autumn change repeats as the first (summer) one. Undefined when not recognised.
 */
export function importMoment(cell: string): string | undefined {
  const text = cell.trim();
  if (ISO_WITH_OFFSET.test(text)) {
    if (importDay(text) === undefined || !validTime(text.slice(11))) return undefined;
    const at = new Date(text.replace(' ', 'T'));
    return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
  }
  const clock = wallClock(text);
  if (clock === undefined) return undefined;
  if (clock.seconds === null) return londonDayStart(clock.day).toISOString();
  return londonWallClockInstant(clock.day, clock.seconds).toISOString();
}

function wallClock(text: string): WallClock | undefined {
  const iso = ISO.exec(text);
  if (iso) return withTime(validDay(Number(iso[1]), Number(iso[2]), Number(iso[3])), iso[4], iso[5], iso[6]);
  const dayFirst = DAY_FIRST.exec(text);
  if (dayFirst)
    return withTime(validDay(Number(dayFirst[4]), Number(dayFirst[3]), Number(dayFirst[1])), dayFirst[5], dayFirst[6], dayFirst[7]);
  if (SERIAL.test(text)) return serialWallClock(Number(text));
  return undefined;
}

function withTime(day: string | undefined, hours?: string, minutes?: string, seconds?: string): WallClock | undefined {
  if (day === undefined) return undefined;
  if (hours === undefined || minutes === undefined) return { day, seconds: null };
  const h = Number(hours);
  const m = Number(minutes);
  const s = Number(seconds ?? '0');
  if (h > 23 || m > 59 || s > 59) return undefined;
  return { day, seconds: h * 3600 + m * 60 + s };
}

/** 'HH:mm[:ss…]' at the start of `text` names a real time of day. */
function validTime(text: string): boolean {
  const [h, m, s] = [Number(text.slice(0, 2)), Number(text.slice(3, 5)), text[5] === ':' ? Number(text.slice(6, 8)) : 0];
  return h <= 23 && m <= 59 && s <= 59;
}

/** 'YYYY-MM-DD' when that day exists. */
function validDay(year: number, month: number, day: number): string | undefined {
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** An Excel serial (1900 system): day 1 is 1900-01-01, day 61 is 1900-03-01, 60 does not exist. */
function serialWallClock(serial: number): WallClock | undefined {
  const whole = Math.floor(serial);
  if (whole < 1 || whole > MAX_SERIAL || whole === FAKE_LEAP_DAY) return undefined;
  const dayIndex = whole < FAKE_LEAP_DAY ? whole + 1 : whole;
  const day = new Date(Date.UTC(1899, 11, 30) + dayIndex * DAY_MS).toISOString().slice(0, 10);
  const seconds = Math.min(Math.round((serial - whole) * 86_400), 86_399);
  return { day, seconds: serial === whole ? null : seconds };
}

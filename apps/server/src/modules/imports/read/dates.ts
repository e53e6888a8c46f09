/**
 * Dates as spreadsheets hold them (docs/decisions/258): ISO ('2026-03-14', '2026-03-14 09:30'), British
 * 'dd/MM/yyyy' (also with dots, and with a time), and Excel serial numbers (the 1900 date system, with
 * its 29 February 1900 that never was). A moment without an offset is London's wall clock.
 */
import { londonWallClock } from '@cooler-hub/contract/london-time';

interface Parts {
  day: string;
  /** 'HH:mm:ss', or null for a day alone. */
  time: string | null;
  /** An ISO offset given with it ('Z', '+01:00'): the moment is then absolute. */
  offset: string | null;
}

const pad = (n: number) => String(n).padStart(2, '0');
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
const BRITISH = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const SERIAL = /^\d{1,7}(\.\d+)?$/;
/** 31/12/9999, the last day Excel knows. */
const LAST_SERIAL = 2958465;
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' when the day exists (no 31 February). */
function dayOf(y: number, m: number, d: number): string | undefined {
  const at = new Date(Date.UTC(y, m - 1, d));
  if (y < 1 || at.getUTCFullYear() !== y || at.getUTCMonth() !== m - 1 || at.getUTCDate() !== d) return undefined;
  return `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}`;
}

function timeOf(h: string | undefined, mi: string | undefined, s: string | undefined): string | null | undefined {
  if (h === undefined) return null;
  const [hh, mm, ss] = [Number(h), Number(mi), Number(s ?? 0)];
  return hh > 23 || mm > 59 || ss > 59 ? undefined : `${pad(hh)}:${pad(mm)}:${pad(ss)}`;
}

/** Serial 1 is 1 January 1900; Excel's 60 is a 29 February 1900 that never was; from 61 on, days since 30 December 1899. */
function fromSerial(serial: number): Parts | undefined {
  if (serial < 1 || serial >= LAST_SERIAL + 1 || Math.floor(serial) === 60) return undefined;
  const base = serial < 60 ? Date.UTC(1899, 11, 31) : Date.UTC(1899, 11, 30);
  const at = new Date(base + Math.round(serial * DAY_MS / 1000) * 1000);
  const day = `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
  const seconds = at.getUTCHours() * 3600 + at.getUTCMinutes() * 60 + at.getUTCSeconds();
  return { day, time: seconds === 0 ? null : `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`, offset: null };
}

function partsOf(cell: string): Parts | undefined {
  const text = cell.trim();
  const iso = ISO.exec(text);
  if (iso) {
    const day = dayOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    const time = timeOf(iso[4], iso[5], iso[6]);
    return day === undefined || time === undefined ? undefined : { day, time, offset: iso[7] ?? null };
  }
  const british = BRITISH.exec(text);
  if (british) {
    const day = dayOf(Number(british[3]), Number(british[2]), Number(british[1]));
    const time = timeOf(british[4], british[5], british[6]);
    return day === undefined || time === undefined ? undefined : { day, time, offset: null };
  }
  return SERIAL.test(text) ? fromSerial(Number(text)) : undefined;
}

/** A calendar day 'YYYY-MM-DD' from a cell (a time with it is dropped); undefined when it is none. */
export function importDay(cell: string): string | undefined {
  return partsOf(cell)?.day;
}

/** A moment as an ISO instant in UTC: with its own offset as given, else London's wall clock (a day alone: its midnight). */
export function importMoment(cell: string): string | undefined {
  const parts = partsOf(cell);
  if (!parts) return undefined;
  if (parts.offset !== null) {
    const offset = parts.offset.toUpperCase() === 'Z' ? 'Z' : parts.offset.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
    return new Date(`${parts.day}T${parts.time ?? '00:00:00'}${offset}`).toISOString();
  }
  return londonWallClock(parts.day, parts.time ?? '00:00:00').toISOString();
}

/**
 * The business day is Europe/London (docs/architecture.md §4): a day filter spans London midnight to London
 * midnight, whatever the UTC offset of that day (GMT or BST), and dates are shown dd/MM/yyyy.
 */

const LONDON = 'Europe/London';

const wallClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function londonParts(at: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const parts = Object.fromEntries(wallClock.formatToParts(at).map((p) => [p.type, p.value]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** Minutes London is ahead of UTC at `at` (0 in winter, 60 in summer). */
function londonOffsetMinutes(at: Date): number {
  const p = londonParts(at);
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant London's `day` (YYYY-MM-DD) begins. Clocks change at 01:00 UTC, never at midnight, so
 * the offset at UTC midnight of that date is the offset of London's midnight.
 */
export function londonDayStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = new Date(Date.UTC(y, m - 1, d));
  return new Date(utcMidnight.getTime() - londonOffsetMinutes(utcMidnight) * 60_000);
}

/**
 * The instant London's clocks show `seconds` into `day`. London is GMT or one hour ahead: of the
 * two candidates the earlier one that London shows as this wall clock (the summer one when the
 * autumn hour repeats); in the spring gap, none does, and the winter offset is taken.
 */
export function londonWallClockInstant(day: string, seconds: number): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d) + seconds * 1000;
  const summer = new Date(wall - 3_600_000);
  const p = londonParts(summer);
  const shown = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return shown === wall ? summer : new Date(wall);
}

/** The day after `day`, YYYY-MM-DD. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** [start, end) of London's `day`: 23 or 25 hours on the days the clocks change. */
export function londonDayRange(day: string): { start: Date; end: Date } {
  return { start: londonDayStart(day), end: londonDayStart(nextDay(day)) };
}

/** Today in London, YYYY-MM-DD. */
export function londonToday(now: Date = new Date()): string {
  return londonDay(now);
}

/** The London day `at` falls on, YYYY-MM-DD. */
export function londonDay(at: Date): string {
  const p = londonParts(at);
  return `${p.year}-${p.month}-${p.day}`;
}

/** 'YYYY-MM-DD' → 'dd/MM/yyyy' (docs/product.md §9). */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** An instant as London reads it: 'dd/MM/yyyy HH:mm'. */
export function formatLondonDateTime(at: Date): string {
  const p = londonParts(at);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/**
 * The dashboard (docs/decisions/255): five calls under /api/dashboard, one per figure, and the
 * Master Data query each figure links to. A figure is defined by that query: it equals the total
 * of the receipts list the link opens, and the server counts it with the same bounds.
 */
import { z } from 'zod';
import { queryValue } from './common';
import { londonToday } from './london-time';
import { PROCESS_OPTIONS, type ProcessOption } from './receipts';

// ── the period ──────────────────────────────────────────────────────────────────────────────────

/** The last 30 or 90 London days, today included. */
export const DASHBOARD_PERIODS = [30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = 30;
export const PERIOD_MESSAGE = 'Choose 30 or 90 days.';

export const dashboardPeriodQuery = z.object({
  days: queryValue(z.enum(['30', '90'], { error: PERIOD_MESSAGE })).transform((v): DashboardPeriod =>
    v === '90' ? 90 : DEFAULT_DASHBOARD_PERIOD,
  ),
});
export type DashboardPeriodQuery = z.infer<typeof dashboardPeriodQuery>;

/** `day` (YYYY-MM-DD) moved by `n` calendar days. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The London days of a period ending today: `from` … `to`, both included. */
export function periodDays(days: DashboardPeriod, today: string = londonToday()): { from: string; to: string } {
  return { from: addDays(today, -(days - 1)), to: today };
}

// ── the links: Master Data's own filter names (GET /api/receipts) ───────────────────────────────

/** A Master Data query: the receipts list's filter names and their values as the URL holds them. */
export type ReceiptsLink = Record<string, string>;

const dayRange = (key: string, after: string | null, before: string | null): ReceiptsLink => ({
  ...(after ? { [`${key}[after]`]: after } : {}),
  ...(before ? { [`${key}[before]`]: before } : {}),
});

export const dashboardLinks = {
  /** Every receipt received in the period. */
  received: (from: string, to: string): ReceiptsLink => dayRange('receiptDate', from, to),
  /** The receipts of one London day with one process option. */
  dayOption: (day: string, option: ProcessOption): ReceiptsLink => ({ ...dayRange('receiptDate', day, day), processOption: option }),
  /** The receipts of the period with one process option (a stack's total). */
  periodOption: (from: string, to: string, option: ProcessOption): ReceiptsLink => ({
    ...dayRange('receiptDate', from, to),
    processOption: option,
  }),
  /** The receipts received in the period with one scrap reason (by its code). */
  scrapReason: (from: string, to: string, code: number): ReceiptsLink => ({
    ...dayRange('receiptDate', from, to),
    scrapReason: String(code),
  }),
  /** The receipts on a transfer or scrap note approved in the period: the turnaround's sample. */
  approvedInPeriod: (from: string, to: string): ReceiptsLink => dayRange('noteApprovedDate', from, to),
  /** The receipts on no transfer or scrap note, received in an age band (see AGE_BANDS). */
  notOnNote: (band: AgeBand, today: string = londonToday()): ReceiptsLink => ({
    ...dayRange(
      'receiptDate',
      band.maxDays === null ? null : addDays(today, -band.maxDays),
      band.minDays === 0 ? null : addDays(today, -band.minDays),
    ),
    inDeliveryNote: 'false',
  }),
  notExported: (): ReceiptsLink => ({ isExported: 'false' }),
};

/** The query string of a link, as the web's list URLs write it (brackets kept). */
export function linkSearch(link: ReceiptsLink): string {
  return Object.entries(link)
    .map(([k, v]) => `${encodeURIComponent(k).replace(/%5B/gi, '[').replace(/%5D/gi, ']')}=${encodeURIComponent(v)}`)
    .join('&');
}

// ── receipts per day ────────────────────────────────────────────────────────────────────────────

export const receiptsPerDay = z.object({
  days: z.number().int(),
  from: z.iso.date(),
  to: z.iso.date(),
  total: z.number().int(),
  /** Every day of the period, oldest first, with its receipts per process option (0 included). */
  perDay: z.array(z.object({ day: z.iso.date(), X: z.number().int(), D: z.number().int(), S: z.number().int() })),
});
export type ReceiptsPerDay = z.infer<typeof receiptsPerDay>;
/** The chart's stacks, in the order of docs/product.md §4. */
export const STACKED_OPTIONS: readonly ProcessOption[] = PROCESS_OPTIONS;

// ── scrap by reason ─────────────────────────────────────────────────────────────────────────────

export const scrapByReason = z.object({
  days: z.number().int(),
  from: z.iso.date(),
  to: z.iso.date(),
  /** Receipts received in the period: the rate's denominator. */
  received: z.number().int(),
  /** Each scrap reason given in the period, most frequent first. */
  reasons: z.array(z.object({ code: z.number().int(), reason: z.string(), count: z.number().int() })),
});
export type ScrapByReason = z.infer<typeof scrapByReason>;

// ── turnaround ──────────────────────────────────────────────────────────────────────────────────

export const turnaround = z.object({
  days: z.number().int(),
  from: z.iso.date(),
  to: z.iso.date(),
  /** Receipts on a transfer or scrap note approved in the period. */
  count: z.number().int(),
  /** From the receipt's date to its note's approval, in days; null with no receipt. */
  medianDays: z.number().nullable(),
  p90Days: z.number().nullable(),
});
export type Turnaround = z.infer<typeof turnaround>;

// ── not on a note, by age ───────────────────────────────────────────────────────────────────────

/**
 * Age in whole London days since the receipt date. The bands cover every receipt: the youngest
 * also holds a receipt dated after today, the oldest has no lower end.
 */
export interface AgeBand {
  key: string;
  label: string;
  minDays: number;
  maxDays: number | null;
}
export const AGE_BANDS: readonly AgeBand[] = [
  { key: '0-7', label: '0–7 days', minDays: 0, maxDays: 7 },
  { key: '8-30', label: '8–30 days', minDays: 8, maxDays: 30 },
  { key: '31-90', label: '31–90 days', minDays: 31, maxDays: 90 },
  { key: 'over-90', label: '> 90 days', minDays: 91, maxDays: null },
];

export const notOnNoteByAge = z.object({
  today: z.iso.date(),
  total: z.number().int(),
  bands: z.array(z.object({ key: z.string(), label: z.string(), count: z.number().int() })),
});
export type NotOnNoteByAge = z.infer<typeof notOnNoteByAge>;

// ── not exported ────────────────────────────────────────────────────────────────────────────────

export const notExported = z.object({ count: z.number().int() });
export type NotExported = z.infer<typeof notExported>;

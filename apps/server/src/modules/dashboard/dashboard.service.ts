/**
 * The dashboard's figures (docs/decisions/255). Each is defined by the Master Data query it links
 * to (`dashboardLinks` in the contract) and counted with the same bounds; the counts of a filter the
 * list has are the list's own remembered totals. A grouped figure is remembered under the inventory
 * list version it was read in and London's today: any write to receipts,
 * coolers, exports, delivery lines or a note's approval gives a new version, so a remembered figure
 * is used only while it is still exact.
 */
import {
  AGE_BANDS,
  STACKED_OPTIONS,
  dashboardLinks,
  periodDays,
  type ReceiptsLink,
  type DashboardPeriod,
  type NotExported,
  type NotOnNoteByAge,
  type ReceiptsPerDay,
  type ScrapByReason,
  type Turnaround,
  addDays,
} from '@cooler-hub/contract/dashboard';
import { londonToday } from '@cooler-hub/contract/london-time';
import { receiptListQuery } from '@cooler-hub/contract/receipts';
import type { Db } from '../../db/client';
import { INVENTORY, rememberedUnderVersion, type ReadUnderVersion } from '../../db/list-counts';
import { countReceipts } from '../receipts/receipt-pages.repository';
import * as repo from './dashboard.repository';

/** A grouped figure, remembered under the inventory version it was read in (docs/decisions/274). */
const remembered = <T>(db: Db, key: string, read: () => Promise<ReadUnderVersion<T>>) =>
  rememberedUnderVersion(db, INVENTORY, `dashboard ${key}`, read);

/** A link's query as GET /api/receipts reads it: `a[b]=v` nested as the query parser nests it, then the list's own schema. */
function listQueryOf(link: ReceiptsLink) {
  const nested: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(link)) {
    const [, outer, inner] = /^([^[]+)\[([^\]]+)\]$/.exec(key) ?? [];
    if (outer && inner) nested[outer] = { ...(nested[outer] as object | undefined), [inner]: value };
    else nested[key] = value;
  }
  return receiptListQuery.parse(nested);
}

const round = (days: number | null) => (days === null ? null : Math.round(days * 10) / 10);

export class DashboardService {
  constructor(private readonly db: Db) {}

  async receiptsPerDay(days: DashboardPeriod): Promise<ReceiptsPerDay> {
    const { from, to } = periodDays(days, londonToday());
    const counts = await remembered(this.db, `perDay ${from} ${to}`, () => repo.receiptsPerDayAndOption(this.db, from, to));
    const perDay: ReceiptsPerDay['perDay'] = [];
    for (let day = from; day <= to; day = addDays(day, 1)) perDay.push({ day, X: 0, D: 0, S: 0 });
    const byDay = new Map(perDay.map((d) => [d.day, d]));
    let total = 0;
    for (const c of counts) {
      const entry = byDay.get(c.day);
      if (!entry || !STACKED_OPTIONS.includes(c.option)) continue;
      entry[c.option] += c.n;
      total += c.n;
    }
    return { days, from, to, total, perDay };
  }

  async scrapByReason(days: DashboardPeriod): Promise<ScrapByReason> {
    const { from, to } = periodDays(days, londonToday());
    const { received, reasons } = await remembered(this.db, `scrap ${from} ${to}`, () => repo.scrapReasonsInPeriod(this.db, from, to));
    const named = new Map(
      (
        await repo.scrapReasonsById(
          this.db,
          reasons.map((r) => r.id),
        )
      ).map((r) => [r.id, r]),
    );
    return {
      days,
      from,
      to,
      received,
      reasons: reasons
        .flatMap((r) => {
          const reason = named.get(r.id);
          return reason ? [{ code: reason.code, reason: reason.reason, count: r.n }] : [];
        })
        .sort((a, b) => b.count - a.count || a.code - b.code),
    };
  }

  async turnaround(days: DashboardPeriod): Promise<Turnaround> {
    const { from, to } = periodDays(days, londonToday());
    const t = await remembered(this.db, `turnaround ${from} ${to}`, () => repo.turnaroundInPeriod(this.db, from, to));
    return { days, from, to, count: t.n, medianDays: round(t.median), p90Days: round(t.p90) };
  }

  /** Each band is the receipts list's own total for its link (inDeliveryNote=false and the band's days). */
  async notOnNoteByAge(): Promise<NotOnNoteByAge> {
    const today = londonToday();
    const bands: NotOnNoteByAge['bands'] = [];
    for (const band of AGE_BANDS) {
      bands.push({
        key: band.key,
        label: band.label,
        count: await countReceipts(this.db, listQueryOf(dashboardLinks.notOnNote(band, today))),
      });
    }
    return { today, total: bands.reduce((sum, b) => sum + b.count, 0), bands };
  }

  /** The receipts list's total for its link (isExported=false). */
  async notExported(): Promise<NotExported> {
    return { count: await countReceipts(this.db, listQueryOf(dashboardLinks.notExported())) };
  }
}

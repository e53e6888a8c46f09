/**
 * The end-of-day sheet: the receipts of a day (or of a range of days) in the 14 columns of the
 * export, on screen and as CSV.
 */
import { z } from 'zod';
import { listResponse, pageNumber, REQUIRED_MESSAGE, required } from './common';
import { dayFilter, processOption, queryBoolean } from './receipts';

/**
 * GET /api/end_of_day_sheet(_csv): one day in Europe/London (default today) or a range of days (the
 * CSV of a week), optionally exported or not.
 */
export const endOfDayQuery = z.object({
  page: pageNumber,
  perPage: z.coerce.number().int().min(1).max(100).default(20),
  receiptDate: dayFilter,
  isExported: queryBoolean,
});
export type EndOfDayQuery = z.infer<typeof endOfDayQuery>;
export const endOfDayCsvQuery = endOfDayQuery.omit({ page: true, perPage: true });
export type EndOfDayCsvQuery = z.infer<typeof endOfDayCsvQuery>;

/** One row of the sheet: its 14 columns (plus the receipt's id), in that order. */
export const endOfDayRow = z.object({
  id: z.uuid(),
  supplierCode: z.string(),
  roNumber: z.string().nullable(),
  accountNo: z.string(),
  deliveryNoteNo: z.string().nullable(),
  receiptDate: z.iso.datetime(),
  serialNumber: z.string(),
  partNumber: z.string(),
  customer: z.string(),
  assetNo: z.string().nullable(),
  tagNumber: z.string(),
  /** YYYY-MM-DD; shown dd/MM/yyyy. */
  dateOfManufacture: z.iso.date(),
  processOption,
  /** The scrap reason's code. */
  scrapReason: z.number().int().nullable(),
  isExported: z.boolean(),
});
export type EndOfDayRow = z.infer<typeof endOfDayRow>;
export const endOfDayList = listResponse(endOfDayRow);

/** The sheet's columns, verbatim: the screen's headings and the CSV's header row. */
export const END_OF_DAY_COLUMNS = [
  'Supplier Code',
  'RO Number',
  'Account No',
  'Delivery Note No',
  'Receipt Date',
  'Serial Number',
  'Part Number',
  'Customer',
  'Asset number',
  'Tag Number / TSR',
  'DOM',
  'Process Option',
  'Scrap Reason',
  'Exported',
] as const;

/** The download's name when content-disposition gives none. */
export const END_OF_DAY_FALLBACK_FILENAME = 'end_of_day_sheet.csv';

// ── the selected receipts of Master Data as the same CSV (docs/decisions/257) ───────────────────

/** The most receipts one 'Export selected' takes. */
export const MAX_EXPORT_SELECTED = 1000;
export const RECEIPT_LISTED_TWICE = 'Each receipt can be listed once.';

/** `POST /api/receipts/export_csv`: the receipts' ids, in the order the file lists them. */
export const receiptsExportBody = z.object({
  ids: required(
    z
      .array(z.uuid(), { error: (i) => (i.input === undefined ? undefined : 'Give a list of receipt ids.') })
      .min(1, REQUIRED_MESSAGE)
      .max(MAX_EXPORT_SELECTED, `At most ${MAX_EXPORT_SELECTED} receipts at once.`)
      .superRefine((ids, ctx) => {
        const seen = new Set<string>();
        ids.forEach((id, i) => {
          if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [i], message: RECEIPT_LISTED_TWICE });
          seen.add(id);
        });
      }),
  ),
});
export type ReceiptsExportBody = z.infer<typeof receiptsExportBody>;

/** The selection's download name when content-disposition gives none. */
export const SELECTED_RECEIPTS_FALLBACK_FILENAME = 'receipts.csv';

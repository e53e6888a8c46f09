/**
 * The end-of-day sheet: the receipts of a day (or of a range of days) in the 14 columns of the
 * export, on screen and as CSV.
 */
import { z } from 'zod';
import { listResponse, pageNumber } from './common';
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

/** One row of the sheet: the 14 columns of docs/product.md §2.7 (plus the receipt's id), in that order. */
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

/** The sheet's columns, verbatim (docs/product.md §2.7): the screen's headings and the CSV's header row. */
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

/** The download's name when content-disposition gives none (docs/product.md §7). */
export const END_OF_DAY_FALLBACK_FILENAME = 'end_of_day_sheet.csv';

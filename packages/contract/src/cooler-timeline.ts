/**
 * One cooler's whole life (docs/decisions/251): `GET /api/coolers/{id}/timeline?page=&perPage=` —
 * the cooler, its receipts newest first (each with the transfer or scrap note holding its LB number
 * and that note's status), and its history merged with its receipts' history, newest first, paged.
 */
import { z } from 'zod';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, listResponse, namedRef, pageNumber } from './common';
import { cooler } from './coolers';
import { deliveryStatus } from './deliveries';
import { processOption, processState } from './receipts';
import { revisionEntry } from './revisions';

/** The newest receipts a timeline answer lists; `receiptsCount` says how many the cooler has in all. */
export const COOLER_TIMELINE_RECEIPTS_MAX = 100;

/** Paging of the merged history; nothing else is asked. */
export const coolerTimelineQuery = z.object({
  page: pageNumber,
  perPage: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
});
export type CoolerTimelineQuery = z.infer<typeof coolerTimelineQuery>;

/** The note an LB number is on: at most one transfer or scrap note (docs/decisions/151). */
export const coolerReceiptNote = z.object({
  id: z.number().int(),
  type: z.enum(['transfer', 'scrap']),
  status: deliveryStatus,
});
export type CoolerReceiptNote = z.infer<typeof coolerReceiptNote>;

/** One receipt of the cooler as its page lists it. */
export const coolerReceipt = z.object({
  id: z.uuid(),
  lbNumber: z.string(),
  /** ISO 8601 UTC. */
  receiptDate: z.iso.datetime(),
  account: namedRef,
  /** The account's client. */
  customer: z.string(),
  processOption,
  processState: processState.nullable(),
  deliveryNote: coolerReceiptNote.nullable(),
});
export type CoolerReceipt = z.infer<typeof coolerReceipt>;

/** A revision entry of the cooler or of one of its receipts; `lbNumber` names that receipt (null for the cooler's own). */
export const coolerHistoryEntry = revisionEntry.extend({ lbNumber: z.string().nullable() });
export type CoolerHistoryEntry = z.infer<typeof coolerHistoryEntry>;

export const coolerTimeline = z.object({
  cooler,
  /** Newest first (receipt date, then created), at most COOLER_TIMELINE_RECEIPTS_MAX. */
  receipts: z.array(coolerReceipt),
  receiptsCount: z.number().int(),
  /** The cooler's and its receipts' revision entries, newest first, as a list answer. */
  history: listResponse(coolerHistoryEntry),
});
export type CoolerTimeline = z.infer<typeof coolerTimeline>;

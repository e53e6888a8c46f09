/**
 * Delivery lines: one per LB number of a note, in the order they were added (docs/decisions/150).
 */
import { z } from 'zod';
import { integerId, listQuery, listResponse, queryValue } from './common';
import { deliveryType } from './delivery-types';
import { LB_NUMBER_MAX } from './receipts';
import { normalizeLbNumber } from './rules';

export const LAST_LINE = 'A delivery note keeps at least one LB number: delete the note instead.';

export const deliveryLineItem = z.object({
  id: z.uuid(),
  serialNumber: z.string(),
  /** YYYY-MM-DD; shown dd/MM/yyyy. */
  dateOfManufacture: z.iso.date(),
  partNumber: z.object({ id: z.uuid(), partNumber: z.string() }),
});

export const deliveryLine = z.object({
  id: z.number().int(),
  deliveryId: z.number().int(),
  deliveryType,
  lbNumber: z.string(),
  /** The receipt holding the LB number. */
  receiptId: z.uuid(),
  inventoryItem: deliveryLineItem,
});
export type DeliveryLine = z.infer<typeof deliveryLine>;

/** GET /api/delivery_lines?deliveryId=|lbNumber=&page= — in the order they were added. */
export const deliveryLineListQuery = listQuery(['id'], {
  deliveryId: queryValue(integerId),
  /** Exact LB number (upper-cased). */
  lbNumber: queryValue(z.string().overwrite(normalizeLbNumber).max(LB_NUMBER_MAX)),
});
export type DeliveryLineListQuery = z.infer<typeof deliveryLineListQuery>;
export const deliveryLineList = listResponse(deliveryLine);

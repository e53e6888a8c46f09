/** Coolers, the inventory items (docs/product.md §2.11, §3, §5.3, §7). */
import { z } from 'zod';
import { INVALID_VALUE_MESSAGE, listQuery, listResponse, optionalText, requiredString, searchText } from './common';

/**
 * A referenced entity's UUID in a request body (`"partNumber": "<uuid>"`, docs/architecture.md §4): missing,
 * null or '' read 'Required Field' (docs/product.md §5.1); anything else that is not a UUID reads 'This value is
 * not valid.'; a UUID naming no row is the server's UNKNOWN_REFERENCE.
 */
export const uuidReference = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.uuid({ error: (i) => (i.input === undefined ? undefined : INVALID_VALUE_MESSAGE) }),
);

/** The earliest date of manufacture accepted; anything before is a typing mistake. */
export const EARLIEST_DATE_OF_MANUFACTURE = '1900-01-01';

/** A calendar day, YYYY-MM-DD (docs/architecture.md §4); missing or '' read 'Required Field'. */
export const calendarDay = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.iso
    .date({ error: (i) => (i.input === undefined ? undefined : 'Enter a date as YYYY-MM-DD.') })
    .refine((d) => d >= EARLIEST_DATE_OF_MANUFACTURE, INVALID_VALUE_MESSAGE),
);

export const SERIAL_NUMBER_MAX = 100;

export const cooler = z.object({
  id: z.uuid(),
  serialNumber: z.string(),
  partNumber: z.object({ id: z.uuid(), partNumber: z.string() }),
  /** YYYY-MM-DD */
  dateOfManufacture: z.iso.date(),
  modelNumber: z.string().nullable(),
  /** The LB number of the cooler's newest receipt; null while it has none. */
  lastLbNumber: z.string().nullable(),
});
export type Cooler = z.infer<typeof cooler>;

/** PUT /api/coolers/{id}; all three are required (docs/product.md §5.3). */
export const coolerUpdateBody = z.object({
  serialNumber: requiredString(SERIAL_NUMBER_MAX),
  /** The part number's id. */
  partNumber: uuidReference,
  dateOfManufacture: calendarDay,
});
export type CoolerUpdateBody = z.infer<typeof coolerUpdateBody>;

/** POST /api/coolers with a client-generated id (a retry with the same id and body creates nothing). */
export const coolerCreateBody = coolerUpdateBody.extend({
  id: z.uuid(),
  /** The screens send null (docs/product.md §3); kept as given. */
  modelNumber: optionalText(100),
});
export type CoolerCreateBody = z.infer<typeof coolerCreateBody>;

/**
 * GET /api/coolers: the Cooler History list and the cooler lookup (searched by serial number,
 * contains, any case). Sorting on lastLbNumber arrives with receipts.
 */
export const coolerListQuery = listQuery(['serialNumber', 'partNumber', 'dateOfManufacture'], {
  serialNumber: searchText(SERIAL_NUMBER_MAX),
});
export type CoolerListQuery = z.infer<typeof coolerListQuery>;
export const coolerList = listResponse(cooler);

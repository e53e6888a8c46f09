/** Reference data kept under Settings (docs/product.md §2.12, §3, §5.4, §7): CC codes, part numbers, collection points, scrap reasons. */
import { z } from 'zod';
import {
  INVALID_VALUE_MESSAGE,
  MAX_INT32,
  listQuery,
  listResponse,
  money,
  optionalText,
  queryValue,
  required,
  requiredString,
  searchText,
} from './common';

// CC codes — client-generated UUID on create (a retry with the same id and body creates nothing new)
export const ccCode = z.object({ id: z.uuid(), code: z.string(), name: z.string(), price: money });
export type CcCode = z.infer<typeof ccCode>;
const ccCodeFields = { code: requiredString(50), name: requiredString(255), price: money };
export const ccCodeCreateBody = z.object({ id: z.uuid(), ...ccCodeFields });
export const ccCodeUpdateBody = z.object(ccCodeFields);
export type CcCodeCreateBody = z.infer<typeof ccCodeCreateBody>;
export type CcCodeUpdateBody = z.infer<typeof ccCodeUpdateBody>;
export const ccCodeListQuery = listQuery(['code', 'name', 'price'], {
  code: searchText(50),
  name: searchText(255),
});
export type CcCodeListQuery = z.infer<typeof ccCodeListQuery>;
export const ccCodeList = listResponse(ccCode);
/** GET /api/cc_codes_drop_down — page 1 by default, sorted by code, optional code/name search. */
export const ccCodeDropDownQuery = ccCodeListQuery.omit({ order: true });
export type CcCodeDropDownQuery = z.infer<typeof ccCodeDropDownQuery>;
export const ccCodeDropDownItem = z.object({ id: z.uuid(), code: z.string(), name: z.string() });
export const ccCodeDropDown = listResponse(ccCodeDropDownItem);
/** 'CODE (Name)' — the dropdown label of docs/product.md §7. */
export const ccCodeLabel = (c: { code: string; name: string }) => `${c.code} (${c.name})`;

// Part numbers — client-generated UUID on create
export const partNumber = z.object({ id: z.uuid(), partNumber: z.string(), description: z.string().nullable() });
export type PartNumber = z.infer<typeof partNumber>;
const partNumberFields = { partNumber: requiredString(100), description: optionalText(2000) };
export const partNumberCreateBody = z.object({ id: z.uuid(), ...partNumberFields });
export const partNumberUpdateBody = z.object(partNumberFields);
export type PartNumberCreateBody = z.infer<typeof partNumberCreateBody>;
export type PartNumberUpdateBody = z.infer<typeof partNumberUpdateBody>;
export const partNumberListQuery = listQuery(['partNumber', 'description'], {
  partNumber: searchText(100),
});
export type PartNumberListQuery = z.infer<typeof partNumberListQuery>;
export const partNumberList = listResponse(partNumber);

// Collection points
export const collectionPoint = z.object({ id: z.number().int(), name: z.string() });
export type CollectionPoint = z.infer<typeof collectionPoint>;
export const collectionPointBody = z.object({ name: requiredString(255) });
export type CollectionPointBody = z.infer<typeof collectionPointBody>;
export const collectionPointListQuery = listQuery(['id', 'name'], { name: searchText(255) });
export type CollectionPointListQuery = z.infer<typeof collectionPointListQuery>;
export const collectionPointList = listResponse(collectionPoint);

// Scrap reasons — the form sends the code as `number` and the reason as `name` (docs/product.md §3, §7)
export const scrapReason = z.object({ id: z.number().int(), code: z.number().int(), reason: z.string() });
export type ScrapReason = z.infer<typeof scrapReason>;
const WHOLE_NUMBER = 'Enter a whole number.';
export const scrapReasonBody = z.object({
  /** The code; a number input's text is parsed to an integer (docs/product.md §5.4). */
  number: required(
    z.preprocess(
      (value: number | string) => (typeof value === 'string' ? Number(value) : value),
      z.number({ error: WHOLE_NUMBER }).int(WHOLE_NUMBER).min(0).max(MAX_INT32),
    ),
  ),
  name: requiredString(255),
});
export type ScrapReasonBody = z.infer<typeof scrapReasonBody>;
/** A scrap reason's code in a query: a whole number as the column holds it; empty is ignored. */
export const scrapReasonCodeFilter = queryValue(
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z
      .number({ error: INVALID_VALUE_MESSAGE })
      .int(INVALID_VALUE_MESSAGE)
      .min(0, INVALID_VALUE_MESSAGE)
      .max(MAX_INT32, INVALID_VALUE_MESSAGE),
  ),
);

/** `code`: the one reason of that code (how a link names a reason); `name` searches the reason text. */
export const scrapReasonListQuery = listQuery(['id', 'code', 'reason'], { name: searchText(255), code: scrapReasonCodeFilter });
export type ScrapReasonListQuery = z.infer<typeof scrapReasonListQuery>;
export const scrapReasonList = listResponse(scrapReason);

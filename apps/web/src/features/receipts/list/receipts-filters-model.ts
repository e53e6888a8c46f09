/**
 * The Master Data filters (docs/product.md §2.8, §3 'receipt list filters'; docs/decisions/140): which keys the
 * query string holds — the API's own names, so the list call is the hash query as it stands — and
 * how they map to and from the filter panel's form.
 */
import { PROCESS_OPTIONS, PROCESS_STATES } from '@cooler-hub/contract/receipts';

/** Query-string keys, identical to GET /api/receipts's filters. */
export const RECEIPT_FILTERS = [
  'customerId',
  'partNumber',
  'lbNumber',
  'engineerNo',
  'serialNumber',
  'receiptDate[after]',
  'receiptDate[before]',
  'processOption',
  'processState',
  'isExported',
  'inDeliveryNote',
  // Added for the dashboard's links (docs/decisions/255).
  'scrapReason',
  'noteApprovedDate[after]',
  'noteApprovedDate[before]',
] as const;
export type ReceiptFilter = (typeof RECEIPT_FILTERS)[number];

/** Yes/No filters are 'true' / 'false' in the query; null (Any) leaves them out. */
export type YesNo = 'true' | 'false';

/** The panel's form (react-hook-form treats brackets in a name as a path, so the dates are renamed). */
export interface ReceiptFilterForm {
  /** The customer account's id. */
  customerId: number | null;
  /** The part number's id. */
  partNumber: string | null;
  lbNumber: string;
  engineerNo: string;
  serialNumber: string;
  /** YYYY-MM-DD */
  receiptDateAfter: string | null;
  receiptDateBefore: string | null;
  processOption: string | null;
  processState: string | null;
  isExported: YesNo | null;
  inDeliveryNote: YesNo | null;
  /** The scrap reason's code (docs/decisions/255). */
  scrapReason: number | null;
  /** YYYY-MM-DD: the London days the receipt's transfer or scrap note was approved on (docs/decisions/255). */
  noteApprovedDateAfter: string | null;
  noteApprovedDateBefore: string | null;
}

export const EMPTY_RECEIPT_FILTER_FORM: ReceiptFilterForm = {
  customerId: null,
  partNumber: null,
  lbNumber: '',
  engineerNo: '',
  serialNumber: '',
  receiptDateAfter: null,
  receiptDateBefore: null,
  processOption: null,
  processState: null,
  isExported: null,
  inDeliveryNote: null,
  scrapReason: null,
  noteApprovedDateAfter: null,
  noteApprovedDateBefore: null,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function day(value: string | undefined): string | null {
  return value !== undefined && DAY.test(value) ? value : null;
}

/** A whole number as the query holds it (a code or an id). */
function wholeNumber(value: string | undefined): number | null {
  return value !== undefined && /^\d{1,10}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}

/** A range typed backwards (to before from) put the right way round rather than matching nothing. */
function ordered(after: string | null, before: string | null): [string | null, string | null] {
  return after && before && after > before ? [before, after] : [after, before];
}

function oneOf<T extends string>(values: readonly T[], value: string | undefined): T | null {
  return values.find((v) => v === value) ?? null;
}

function yesNo(value: string | undefined): YesNo | null {
  return value === 'true' || value === 'false' ? value : null;
}

/**
 * The query string's filters as the panel shows them. A value the panel cannot show (a hand-edited
 * URL: 'customerId=abc') is left empty there; the list call still carries it and the server says
 * what is wrong with it.
 */
export function filterFormFromQuery(filters: Partial<Record<ReceiptFilter, string>>): ReceiptFilterForm {
  return {
    customerId: wholeNumber(filters.customerId),
    partNumber: filters.partNumber !== undefined && UUID.test(filters.partNumber) ? filters.partNumber : null,
    lbNumber: filters.lbNumber ?? '',
    engineerNo: filters.engineerNo ?? '',
    serialNumber: filters.serialNumber ?? '',
    receiptDateAfter: day(filters['receiptDate[after]']),
    receiptDateBefore: day(filters['receiptDate[before]']),
    processOption: oneOf(PROCESS_OPTIONS, filters.processOption),
    processState: oneOf(PROCESS_STATES, filters.processState),
    isExported: yesNo(filters.isExported),
    inDeliveryNote: yesNo(filters.inDeliveryNote),
    scrapReason: wholeNumber(filters.scrapReason),
    noteApprovedDateAfter: day(filters['noteApprovedDate[after]']),
    noteApprovedDateBefore: day(filters['noteApprovedDate[before]']),
  };
}

/**
 * The panel's values as query-string filters: texts trimmed, empty values left out (docs/product.md §5.2), and
 * a range typed backwards (to before from) put the right way round rather than matching nothing.
 */
export function queryFromFilterForm(form: ReceiptFilterForm): Partial<Record<ReceiptFilter, string>> {
  const [after, before] = ordered(form.receiptDateAfter, form.receiptDateBefore);
  const [approvedAfter, approvedBefore] = ordered(form.noteApprovedDateAfter, form.noteApprovedDateBefore);
  const entries: [ReceiptFilter, string | number | null | undefined][] = [
    ['customerId', form.customerId],
    ['partNumber', form.partNumber],
    ['lbNumber', form.lbNumber.trim()],
    ['engineerNo', form.engineerNo.trim()],
    ['serialNumber', form.serialNumber.trim()],
    ['receiptDate[after]', after],
    ['receiptDate[before]', before],
    ['processOption', form.processOption],
    ['processState', form.processState],
    ['isExported', form.isExported],
    ['inDeliveryNote', form.inDeliveryNote],
    ['scrapReason', form.scrapReason],
    ['noteApprovedDate[after]', approvedAfter],
    ['noteApprovedDate[before]', approvedBefore],
  ];
  const out: Partial<Record<ReceiptFilter, string>> = {};
  for (const [key, value] of entries) {
    if (value !== null && value !== undefined && value !== '') out[key] = String(value);
  }
  return out;
}

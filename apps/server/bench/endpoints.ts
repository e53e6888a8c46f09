/**
 * The calls measured and the budgets they are held to. A list call's path may use values looked
 * up after sign-in (`Ids`) and the data size (a page at half depth, an LB number in the middle).
 */
import { CSV_DAY, type DataSize, lbNumberOf, serialOf } from './generators';

/**
 * What a call is held to (docs/decisions/284): ratios to the floors measured in the same run on the
 * same machine (ratios.ts), so a slower or busier machine moves the call and its floors together.
 * `info` is the absolute budget of before, printed beside the figures and failing nothing.
 */
export interface CallBudget {
  /** Its req/s under load at least this share of the no-op call's req/s under the same load. */
  minShare?: number;
  /**
   * What the server adds to its SQL, net of the HTTP floor: (call ms − floor ms) / SQL ms ≤ maxRatio,
   * or the ms it adds (call − floor − SQL) ≤ maxAddedOfFloor × the floor's ms.
   */
  maxRatio?: number;
  maxAddedOfFloor?: number;
  info: { p95Ms: number; minRps?: number };
}
/**
 * Every list call (docs/decisions/284): ≥ 0.2 of the no-op's req/s under the same load — on the 2-core
 * machine where this was set (no-op 4,800–5,650 req/s) about a thousand a second, and a little over
 * half of what a good list call reaches there (0.34–0.39: suppliers, clients, a scanned LB); and the
 * server adds at most 1.2× its SQL, or no more than the no-op call itself costs (0.26–0.37 ms there,
 * about 0.3 ms), net of the HTTP floor.
 */
export const LIST_BUDGET = {
  minShare: 0.2,
  maxRatio: 1.2,
  maxAddedOfFloor: 1,
  info: { p95Ms: 50, minRps: 500 },
} satisfies CallBudget;
/**
 * Each dashboard call (docs/decisions/255): an aggregate over weeks of receipts may cost what six list
 * calls do (its absolute budget was p95 ≤ 300 ms against a list's 50), so a sixth of a list's share.
 * Not a list: what the server adds to its SQL is shown, not budgeted (it had no such budget before).
 */
export const DASHBOARD_BUDGET: CallBudget = { minShare: LIST_BUDGET.minShare / 6, info: { p95Ms: 300 } };
/**
 * The top-bar search (docs/decisions/249): a whole code answered by its unique index, and a part of
 * one — held to the lists' share, as they were to the lists' 500 req/s; not a list, so what the
 * server adds is shown, not budgeted (as before).
 */
export const SEARCH_EXACT_BUDGET: CallBudget = { minShare: LIST_BUDGET.minShare, info: { p95Ms: 20, minRps: 500 } };
export const SEARCH_PARTIAL_BUDGET: CallBudget = { minShare: LIST_BUDGET.minShare, info: { p95Ms: 60, minRps: 500 } };
/**
 * The end-of-day CSV: every row at ≤ 250 MB peak RSS of the server; 100,000 rows in ≤ 3 s (a larger day
 * in proportion) for information (docs/decisions/284).
 */
export const CSV_BUDGET = { seconds: 3, perRows: 100_000, rssMb: 250 };
/**
 * Importing 100,000 receipts with 25,000 new coolers (docs/decisions/258): the server's peak RSS ≤ 300
 * MB; for information (docs/decisions/284), the dry run in ≤ 20 s, the import in ≤ 60 s, and Master
 * Data's first page within a list's p95 of before while the import runs.
 */
export const IMPORT_BUDGET = {
  rows: 100_000,
  newCoolers: 25_000,
  dryRunSeconds: 20,
  importSeconds: 60,
  rssMb: 300,
  listP95Ms: LIST_BUDGET.info.p95Ms,
};
/** A 1,000-line delivery note's PDF in ≤ 1 s (for information, docs/decisions/284). */
export const PDF_BUDGET_SECONDS = 1;
/** 500 LB tags in one PDF in ≤ 2 s (docs/decisions/217; for information, docs/decisions/284). */
export const LB_TAGS = { count: 500, seconds: 2 };

/** The CSV's time budget for a day of `rows`. */
export const csvSecondsBudget = (rows: number) => CSV_BUDGET.seconds * Math.max(1, rows / CSV_BUDGET.perRows);

/** Rows listed 20 a page by default. */
const PER_PAGE = 20;

/** Ids the paths need, looked up through the API once the data is there (undefined: not in this database). */
export interface Ids {
  client?: string;
  account?: string;
  partNumber?: string;
  cooler?: string;
  /** The 1,000-line note. */
  pdfNote?: string;
}

export interface Endpoint {
  name: string;
  /** The name without the figures that change with the data size: the scaling table's row. */
  key: string;
  url: string;
  /** One of the rows of the scaling table (BENCH_SCALE runs these alone). */
  scale: boolean;
  budget: CallBudget;
}

interface EndpointSpec {
  name: string;
  key?: string;
  path: string;
  scale?: boolean;
  /** LIST_BUDGET unless given. */
  budget?: CallBudget;
}

/** `date` ± days as yyyy-mm-dd. */
const dayOffset = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10);

function specs(size: DataSize, ids: Ids, today: Date): EndpointSpec[] {
  const halfPage = Math.max(1, Math.round(size.receipts / 2 / PER_PAGE));
  const middleLb = lbNumberOf(Math.floor(size.receipts * 0.4567));
  const middleSerial = serialOf(Math.floor(size.coolers * 0.4567));
  return [
    { name: 'users, page 1', path: '/api/hub_users' },
    { name: 'users, deep page (1000)', path: '/api/hub_users?page=1000' },
    { name: 'users, search + role + sort', path: '/api/hub_users?username=user123&role=Production&order[username]=desc' },
    { name: 'users, search matching half', path: '/api/hub_users?username=user1&order[email]=asc' },
    { name: 'part numbers, page 1', path: '/api/part_numbers' },
    { name: 'part numbers, search', path: '/api/part_numbers?partNumber=fr-01' },
    { name: 'part numbers, deep page (250)', path: '/api/part_numbers?page=250' },
    { name: 'customer accounts, page 1', path: '/api/customer_accounts' },
    { name: 'customer accounts, by client', path: `/api/customer_accounts?client=${ids.client}&order[email]=desc` },
    { name: 'customer accounts, search', path: '/api/customer_accounts?name=account%2019&order[name]=desc' },
    { name: 'customer accounts dropdown', path: '/api/customer_accounts_drop_down?name=bench' },
    { name: 'collection points, search', path: '/api/collection_points?name=point%2005' },
    { name: 'collection points, deep page (50)', path: '/api/collection_points?page=50' },
    { name: 'CC codes, 100 a page', path: '/api/cc_codes?perPage=100' },
    { name: 'CC codes dropdown', path: '/api/cc_codes_drop_down?code=bc01' },
    { name: 'clients, search', path: '/api/clients?name=client%201' },
    { name: 'suppliers', path: '/api/suppliers' },
    { name: 'scrap reasons, 100 a page', path: '/api/scrap_reasons?perPage=100' },
    // Receipts and coolers: Master Data, /main, the lookups, the end-of-day sheet. The scaling rows:
    // page 1, half depth, one filter of each kind (reference, text, date range, option, state), the
    // exact codes a scanner gives, the serial typeahead.
    { name: 'receipts, page 1 (receiptDate desc)', path: '/api/receipts', scale: true },
    {
      name: `receipts, page ${halfPage.toLocaleString('en-GB')} (50 % depth)`,
      key: 'receipts, page at 50 % depth',
      path: `/api/receipts?page=${halfPage}`,
      scale: true,
    },
    { name: 'receipts, by customer', path: `/api/receipts?customerId=${ids.account}`, scale: true },
    { name: 'receipts, by part number', path: `/api/receipts?partNumber=${ids.partNumber}` },
    { name: 'receipts, serial search', path: '/api/receipts?serialNumber=000123' },
    {
      name: `receipts, exact serial ${middleSerial}`,
      key: 'receipts, exact serial',
      path: `/api/receipts?serialNumber=${middleSerial}`,
      scale: true,
    },
    {
      name: `receipts, LB search (/main), scanned ${middleLb}`,
      key: 'receipts, LB search (/main), a scanned LB',
      path: `/api/receipts?lbNumber=${middleLb}`,
      scale: true,
    },
    {
      name: 'receipts, exact LB in LB order (/lb-tag)',
      path: `/api/receipts?lbNumber=${middleLb}&page=1&perPage=10&order[lbNumber]=asc`,
      scale: true,
    },
    { name: 'receipts, engineer search', path: '/api/receipts?engineerNo=eng0042', scale: true },
    {
      name: 'receipts, a week',
      path: `/api/receipts?receiptDate[after]=${dayOffset(today, -14)}&receiptDate[before]=${dayOffset(today, -8)}`,
      scale: true,
    },
    { name: 'receipts, option S', path: '/api/receipts?processOption=S', scale: true },
    { name: 'receipts, state D5', path: '/api/receipts?processState=D5' },
    { name: 'receipts, not exported', path: '/api/receipts?isExported=false' },
    { name: 'receipts, in a delivery', path: '/api/receipts?deliveryId=17' },
    { name: 'receipts, in a delivery note', path: '/api/receipts?inDeliveryNote=true' },
    { name: 'receipts, exported', path: '/api/receipts?isExported=true', scale: true },
    { name: "receipts, one cooler's", path: `/api/receipts?inventoryItemId=${ids.cooler}` },
    { name: 'receipts, sort lbNumber', path: '/api/receipts?order[lbNumber]=asc' },
    { name: 'receipts, sort serialNumber', path: '/api/receipts?order[serialNumber]=asc' },
    { name: 'receipts, sort customer', path: '/api/receipts?order[customer]=desc', scale: true },
    { name: 'receipts, sort dateOfManufacture', path: '/api/receipts?order[dateOfManufacture]=asc' },
    { name: 'receipts, sort engineerNo', path: '/api/receipts?order[engineerNo]=desc' },
    { name: 'receipts, sort processOption', path: '/api/receipts?order[processOption]=asc' },
    { name: 'receipts, sort receiptDate asc', path: '/api/receipts?order[receiptDate]=asc' },
    { name: 'receipts, sort supplierCode', path: '/api/receipts?order[supplierCode]=asc' },
    { name: 'receipts, sort accountNo', path: '/api/receipts?order[accountNo]=desc' },
    { name: 'receipts, sort deliveryNoteNo', path: '/api/receipts?order[deliveryNoteNo]=desc' },
    { name: 'receipts, sort deliveryId', path: '/api/receipts?order[deliveryId]=desc' },
    { name: 'receipts, sort partNumber', path: '/api/receipts?order[partNumber]=asc' },
    { name: 'receipts, sort collectionPoint', path: '/api/receipts?order[collectionPoint]=asc' },
    { name: 'receipts, sort processState', path: '/api/receipts?order[processState]=desc' },
    { name: 'receipts, sort scrapReason', path: '/api/receipts?order[scrapReason]=asc' },
    { name: 'receipts, sort isExported', path: '/api/receipts?order[isExported]=asc' },
    { name: 'coolers, page 1 (lastLbNumber)', path: '/api/coolers' },
    { name: 'coolers, serial typeahead', path: '/api/coolers?serialNumber=2010&page=1', scale: true },
    {
      name: `coolers, exact serial ${middleSerial}`,
      key: 'coolers, exact serial',
      path: `/api/coolers?serialNumber=${middleSerial}`,
      scale: true,
    },
    {
      name: `end of day sheet, ${size.csvRows.toLocaleString('en-GB')}-row day`,
      key: 'end of day sheet',
      path: `/api/end_of_day_sheet?receiptDate=${CSV_DAY}`,
    },
    { name: 'transfer notes, page 1', path: '/api/deliveries/transfer_list' },
    { name: 'scrap notes, by items', path: '/api/deliveries/scrap_list?order[itemsCount]=desc' },
    { name: 'transfer notes, by customer', path: '/api/deliveries/transfer_list?order[customerAccount]=asc' },
    { name: 'transfer notes, approved, deep page (100)', path: '/api/deliveries/transfer_list?status=approved&page=100' },
    { name: 'error sheets, deep page (100)', path: '/api/deliveries/error_sheet_list?page=100' },
    { name: 'delivery lines of one note', path: '/api/delivery_lines?deliveryId=17' },
    { name: 'delivery lines of the 1,000-line note', path: `/api/delivery_lines?deliveryId=${ids.pdfNote}&perPage=100&page=5` },
    { name: 'delivery e-mails dropdown', path: '/api/delivery-emails/dropdown?searchEmail=recipient12' },
    // The cooler page (docs/decisions/251): one cooler's receipts and merged history.
    { name: "cooler page, one cooler's timeline", path: `/api/coolers/${ids.cooler}/timeline` },
    // The top-bar search (docs/decisions/249): what a scan gives, then parts of codes and names.
    {
      name: `search, scanned LB ${middleLb}`,
      key: 'search, a scanned LB',
      path: `/api/search?q=${middleLb}`,
      budget: SEARCH_EXACT_BUDGET,
      scale: true,
    },
    {
      name: `search, exact serial ${middleSerial}`,
      key: 'search, exact serial',
      path: `/api/search?q=${middleSerial}`,
      budget: SEARCH_EXACT_BUDGET,
    },
    { name: "search, a note's number 'DN 54'", path: '/api/search?q=DN%2054', budget: SEARCH_EXACT_BUDGET },
    { name: "search, part of an LB number 'LB1004'", path: '/api/search?q=LB1004', budget: SEARCH_PARTIAL_BUDGET, scale: true },
    { name: "search, part of a serial '2010'", path: '/api/search?q=2010', budget: SEARCH_PARTIAL_BUDGET },
    { name: "search, part of a name 'account 19'", path: '/api/search?q=account%2019', budget: SEARCH_PARTIAL_BUDGET },
    // The dashboard (docs/decisions/255): one call per figure, both periods.
    ...(['30', '90'] as const).flatMap((days) => [
      {
        name: `dashboard, receipts per day (${days} days)`,
        path: `/api/dashboard/receipts_per_day?days=${days}`,
        budget: DASHBOARD_BUDGET,
      },
      { name: `dashboard, scrap by reason (${days} days)`, path: `/api/dashboard/scrap_by_reason?days=${days}`, budget: DASHBOARD_BUDGET },
      { name: `dashboard, turnaround (${days} days)`, path: `/api/dashboard/turnaround?days=${days}`, budget: DASHBOARD_BUDGET },
    ]),
    { name: 'dashboard, not on a note by age', path: '/api/dashboard/not_on_note_by_age', budget: DASHBOARD_BUDGET },
    { name: 'dashboard, not exported', path: '/api/dashboard/not_exported', budget: DASHBOARD_BUDGET },
  ];
}

/**
 * The calls of one run: every call, or the scaling rows alone (`scaleOnly`); narrowed by
 * BENCH_ONLY's substrings of their names.
 */
export function endpoints(size: DataSize, ids: Ids, options: { only: string[]; scaleOnly: boolean }, today = new Date()): Endpoint[] {
  return specs(size, ids, today)
    .filter((s) => !options.scaleOnly || s.scale)
    .filter((s) => options.only.length === 0 || options.only.some((only) => s.name.includes(only)))
    .map((s) => ({ name: s.name, key: s.key ?? s.name, url: s.path, scale: s.scale ?? false, budget: s.budget ?? LIST_BUDGET }));
}

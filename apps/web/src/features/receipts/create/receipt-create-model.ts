/**
 * The pure rules of /receipt-create's receipt step (docs/product.md §2.9, §5.3; docs/decisions/120, 215): the
 * values a fresh form starts from, where the focus goes after a scan, and the defaults a create keeps.
 */
import type { NamedRef } from '@cooler-hub/contract/common';
import { londonToday } from '@cooler-hub/contract/london-time';
import type { CollectionPoint } from '@cooler-hub/contract/settings';
import { newUuid } from '../../../lib/new-id';
import type { ReceiptCreateFormInput } from '../form/receipt-form-schema';
import type { ReceiptDefaults } from './receipt-defaults';

/** A fresh form: a new client id, an empty cooler and LB tag, the rest from this user's defaults. */
export function startValues(defaults: ReceiptDefaults | null): ReceiptCreateFormInput {
  return {
    id: newUuid(),
    inventoryItem: null,
    assetNo: '',
    customerAccount: defaults?.account?.id ?? null,
    mode: defaults?.mode ?? null,
    collectionPoint: defaults?.mode === 'collectionPoint' ? (defaults.collectionPoint?.id ?? null) : null,
    engineerNo: '',
    lbNumber: 'LB',
    receiptDate: defaults?.receiptDate ?? londonToday(),
    supplier: defaults?.supplier?.id ?? null,
    processOption: defaults?.processOption ?? null,
    processState: null,
    scrapReason: null,
    notes: '',
    tagFaultComment: '',
  };
}

/** The field a scan moves the focus on to, 'create' for the create button, or null to stay. */
export type AfterScan = 'engineerNo' | 'collectionPoint' | 'customerAccount' | 'supplier' | 'processOption' | 'create' | null;

const empty = (x: unknown) => x === null || x === undefined || x === '';

/** After a scan: on to the first thing still missing, else to Create (the one click); nowhere while no mode is chosen. */
export function afterScan(v: ReceiptCreateFormInput, scanned: 'lbNumber' | 'engineerNo'): AfterScan {
  if (scanned !== 'engineerNo' && v.mode === 'engineer' && empty(v.engineerNo)) return 'engineerNo';
  if (v.mode === 'collectionPoint' && empty(v.collectionPoint)) return 'collectionPoint';
  if (empty(v.customerAccount)) return 'customerAccount';
  if (empty(v.supplier)) return 'supplier';
  if (empty(v.processOption)) return 'processOption';
  if (v.mode === null) return null;
  return 'create';
}

/** The labels of what was chosen in the search-selects, kept with the defaults. */
export interface ChosenLabels {
  account: NamedRef | null;
  supplier: NamedRef | null;
  point: CollectionPoint | null;
}

/** What a successful create keeps as this user's defaults. */
export function defaultsAfterCreate(chosen: ChosenLabels, v: ReceiptCreateFormInput): Omit<ReceiptDefaults, 'savedOn'> {
  return {
    account: chosen.account,
    supplier: chosen.supplier,
    mode: v.mode,
    collectionPoint: v.mode === 'collectionPoint' ? chosen.point : null,
    processOption: v.processOption === 'X' || v.processOption === 'D' || v.processOption === 'S' ? v.processOption : null,
    receiptDate: v.receiptDate,
  };
}

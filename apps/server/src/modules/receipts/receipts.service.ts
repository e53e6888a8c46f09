/**
 * Receipts (docs/product.md §2.6–2.9, §3, §4, §5.3, §7; docs/decisions/090): a client-generated UUID on create,
 * LB numbers unique, every reference checked, the rules of parts 4 and 5.3 (already applied and
 * normalised by the contract). Every create, update and delete writes its revision entry in the
 * same transaction, with the acting user (modules/revision-entries/revisions).
 */
import { UNKNOWN_REFERENCE, type ListResponse } from '@cooler-hub/contract/common';
import type { Versioned } from '@cooler-hub/contract/common';
import type { Receipt, ReceiptCreateBody, ReceiptListQuery, ReceiptUpdateBody } from '@cooler-hub/contract/receipts';
import { ALREADY_USED } from '@cooler-hub/contract/users';
import type { Db } from '../../db/client';
import { createOnce } from '../../lib/create-once';
import { FieldError, NotFoundError, ValidationError } from '../../lib/errors';
import { listResponseOf } from '../../lib/list';
import { NO_WEBHOOKS, type WebhookEmitter } from '../webhooks/webhooks.service';
import {
  recordChanges,
  recordReceiptLeftCooler,
  recordText,
  type Actor,
  type Snapshot,
  type Subject,
  type Tx,
} from '../revision-entries/revisions';
import { listReceipts } from './receipt-pages.repository';
import * as repo from './receipts.repository';
import type { ReceiptRow, ReceiptValues } from './receipts.repository';

export const RECEIPT_ID_CONFLICT = 'A different receipt was already created with this id.';
export const RECEIPT_CREATED = 'Receipt created';
export const RECEIPT_DELETED = 'Receipt deleted';

/**
 * The receipt as the API answers it, every field named: copying the row by rest and spread cost
 * about 15 µs a row, twenty times this (docs/decisions/259).
 */
export function toReceipt(row: ReceiptRow): Receipt {
  const { inventoryItem, collectionPointId, collectionPointName } = row;
  return {
    id: row.id,
    lbNumber: row.lbNumber,
    receiptDate: row.receiptDate.toISOString(),
    supplier: row.supplier,
    account: row.account,
    inventoryItem: {
      id: inventoryItem.id,
      serialNumber: inventoryItem.serialNumber,
      partNumber: { id: inventoryItem.partNumberId, partNumber: inventoryItem.partNumber },
      dateOfManufacture: inventoryItem.dateOfManufacture,
    },
    collectionPoint:
      collectionPointId !== null && collectionPointName !== null ? { id: collectionPointId, name: collectionPointName } : null,
    engineerNo: row.engineerNo,
    processOption: row.processOption as Receipt['processOption'],
    processState: row.processState as Receipt['processState'],
    scrapReason: row.scrapReason,
    notes: row.notes,
    tagFaultComment: row.tagFaultComment,
    assetNo: row.assetNo,
    isExported: row.isExported,
    supplierCode: row.supplier.name,
    accountNo: row.account.name,
    customer: row.customer,
    tagNumber: row.lbNumber,
    roNumber: null,
    // The transfer or scrap note holding this LB number; its number is its id.
    deliveryNoteNo: row.deliveryId === null ? null : String(row.deliveryId),
    deliveryId: row.deliveryId,
    deliveryType: row.deliveryType,
  };
}

export const receiptSubject = (id: string): Subject => ({ kind: 'Receipt', ref: id });

/** What history shows of a receipt, by body field: names and codes rather than ids. */
export const receiptSnapshot = (row: ReceiptRow): Snapshot => ({
  lbNumber: row.lbNumber,
  receiptDate: row.receiptDate.toISOString(),
  supplier: row.supplier.name,
  customerAccount: row.account.name,
  inventoryItem: row.inventoryItem.serialNumber,
  collectionPoint: row.collectionPointName,
  engineerNo: row.engineerNo,
  processOption: row.processOption,
  processState: row.processState,
  scrapReason: row.scrapReason,
  notes: row.notes,
  tagFaultComment: row.tagFaultComment,
  assetNo: row.assetNo,
});

/** 'LB number: LB123', … — the values a created or deleted receipt had (empty ones left out). */
/** What a receipt's description reads: its values, with its references by name. */
export type ReceiptFacts = Pick<
  ReceiptRow,
  | 'lbNumber'
  | 'receiptDate'
  | 'collectionPointName'
  | 'engineerNo'
  | 'processOption'
  | 'processState'
  | 'scrapReason'
  | 'notes'
  | 'tagFaultComment'
  | 'assetNo'
> & { inventoryItem: { serialNumber: string }; supplier: { name: string }; account: { name: string } };

export const describeReceipt = (row: ReceiptFacts): string[] => {
  const labels: [string, string | number | null][] = [
    ['LB number', row.lbNumber],
    ['Receipt date', row.receiptDate.toISOString()],
    ['Serial number', row.inventoryItem.serialNumber],
    ['Supplier', row.supplier.name],
    ['Account', row.account.name],
    ['Collection point', row.collectionPointName],
    ['Engineer number', row.engineerNo],
    ['Process option', row.processOption],
    ['Process state', row.processState],
    ['Scrap reason', row.scrapReason],
    ['Notes', row.notes],
    ['Tag fault comment', row.tagFaultComment],
    ['Asset No.', row.assetNo],
  ];
  return labels.filter(([, value]) => value !== null).map(([label, value]) => `${label}: ${value}`);
};

export class ReceiptsService {
  constructor(
    private readonly db: Db,
    private readonly webhooks: WebhookEmitter = NO_WEBHOOKS,
  ) {}

  async list(query: ReceiptListQuery): Promise<ListResponse<Receipt>> {
    const { rows, total } = await listReceipts(this.db, query);
    return listResponseOf(query, rows, total);
  }

  get(id: string): Promise<Versioned<Receipt>> {
    return repo.versions.read(this.db, id, async () => {
      const row = await repo.findReceipt(this.db, id);
      if (!row) throw new NotFoundError();
      return toReceipt(row);
    });
  }

  create(actor: Actor, body: ReceiptCreateBody): Promise<Versioned<Receipt>> {
    const receiptDate = new Date(body.receiptDate);
    return this.db.transaction(async (tx) => {
      let values: ReceiptValues | undefined;
      const row = await createOnce({
        find: () => repo.findReceipt(tx, body.id),
        check: async () => {
          values = { ...(await this.valuesOf(tx, body)), receiptDate };
          await this.assertLbNumberFree(tx, body.lbNumber);
        },
        insert: async () => {
          if (!values || !(await repo.insertReceipt(tx, body.id, values))) return undefined;
          const created = await repo.findReceipt(tx, body.id);
          if (!created) throw new Error('the inserted receipt is not readable');
          await recordText(tx, actor, receiptSubject(body.id), [RECEIPT_CREATED, ...describeReceipt(created)]);
          // Only a receipt made now: a repeated create answers the existing one and tells nobody.
          await this.webhooks.emit(tx, 'receipt.created', async () => ({
            ...toReceipt(created),
            version: await repo.versions.now(tx, body.id),
          }));
          return created;
        },
        matches: (r) => r.receiptDate.getTime() === receiptDate.getTime() && sameFields(r, body),
        conflict: RECEIPT_ID_CONFLICT,
      });
      return { ...toReceipt(row), version: await repo.versions.now(tx, body.id) };
    });
  }

  /** `expected`: the version the editor saw (If-Match); a stale one is refused with 409 (docs/decisions/200). */
  update(actor: Actor, id: string, body: ReceiptUpdateBody, expected?: string): Promise<Versioned<Receipt>> {
    return this.db.transaction(async (tx) => {
      // Locked first: a concurrent update waits here and then compares against this one's result.
      await repo.versions.lock(tx, id, expected, 'receipt');
      const before = await repo.lockReceipt(tx, id);
      if (!before) throw new NotFoundError();
      const values = await this.valuesOf(tx, body);
      await this.assertLbNumberFree(tx, body.lbNumber, id);
      await repo.updateReceipt(tx, id, values, actor);
      const after = await repo.findReceipt(tx, id);
      if (!after) throw new NotFoundError();
      await recordChanges(tx, actor, receiptSubject(id), receiptSnapshot(before), receiptSnapshot(after));
      const answer = { ...toReceipt(after), version: await repo.versions.now(tx, id) };
      await this.webhooks.emit(tx, 'receipt.updated', () => answer);
      return answer;
    });
  }

  /** ROLE_ADMIN_USER (docs/architecture.md §5: only coolers and deliveries need ROLE_REMOVE_INVENTORY). */
  async remove(actor: Actor, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const current = await repo.lockReceipt(tx, id);
      if (!current) throw new NotFoundError();
      // A receipt on a delivery note is refused by the foreign key of delivery_lines (400, docs/decisions/021).
      await repo.deleteReceipt(tx, id);
      await recordText(tx, actor, receiptSubject(id), [RECEIPT_DELETED, ...describeReceipt(current)]);
      // Its history stays on its cooler's timeline (docs/decisions/256).
      await recordReceiptLeftCooler(tx, actor, { coolerId: current.inventoryItem.id, receiptId: id, lbNumber: current.lbNumber });
    });
  }

  /** The columns a body sets, once every reference it names exists (all missing ones reported at once). */
  private async valuesOf(tx: Tx, body: ReceiptUpdateBody): Promise<Omit<ReceiptValues, 'receiptDate'>> {
    const missing: string[] = [];
    // One after another: a transaction is one connection, which runs one statement at a time.
    const supplier = await repo.supplierExists(tx, body.supplier);
    const account = await repo.customerAccountExists(tx, body.customerAccount);
    const cooler = await repo.coolerExists(tx, body.inventoryItem);
    const point = body.collectionPoint === null ? true : await repo.collectionPointExists(tx, body.collectionPoint);
    const scrapReasonId = body.scrapReason === null ? null : await repo.scrapReasonIdOf(tx, body.scrapReason);
    if (!supplier) missing.push('supplier');
    if (!account) missing.push('customerAccount');
    if (!cooler) missing.push('inventoryItem');
    if (!point) missing.push('collectionPoint');
    if (scrapReasonId === undefined) missing.push('scrapReason');
    if (missing.length > 0) {
      throw new ValidationError(missing.map((field) => ({ propertyPath: field, title: UNKNOWN_REFERENCE, message: UNKNOWN_REFERENCE })));
    }
    return receiptValues(body, scrapReasonId ?? null);
  }

  /** LB numbers are unique (docs/architecture.md §5); the unique index decides a race (plugins/errors → lbNumber). */
  private async assertLbNumberFree(tx: Tx, lbNumber: string, exceptId?: string): Promise<void> {
    if (await repo.receiptWithLbNumber(tx, lbNumber, exceptId)) throw new FieldError('lbNumber', ALREADY_USED);
  }
}

/** The columns a body sets once its references are known to exist (the scrap reason by its id). */
export function receiptValues(body: ReceiptUpdateBody, scrapReasonId: number | null): Omit<ReceiptValues, 'receiptDate'> {
  return {
    lbNumber: body.lbNumber,
    supplierId: body.supplier,
    customerAccountId: body.customerAccount,
    inventoryItemId: body.inventoryItem,
    collectionPointId: body.collectionPoint,
    engineerNo: body.engineerNo,
    processOption: body.processOption,
    processState: body.processState,
    scrapReasonId,
    notes: body.notes,
    tagFaultComment: body.tagFaultComment,
    assetNo: body.assetNo,
  };
}

/** Whether a stored receipt holds what a create body asks for (its id and date aside). */
export function sameFields(r: ReceiptRow, body: ReceiptUpdateBody): boolean {
  return (
    r.lbNumber === body.lbNumber &&
    r.supplier.id === body.supplier &&
    r.account.id === body.customerAccount &&
    r.inventoryItem.id === body.inventoryItem &&
    r.collectionPointId === body.collectionPoint &&
    r.engineerNo === body.engineerNo &&
    r.processOption === body.processOption &&
    r.processState === body.processState &&
    r.scrapReason === body.scrapReason &&
    r.notes === body.notes &&
    r.tagFaultComment === body.tagFaultComment &&
    r.assetNo === body.assetNo
  );
}

/**
 * Coolers (docs/product.md §2.11, §3, §5.3, §7): serial numbers unique ignoring case, the part
 * number must exist, a client-generated UUID on create. Every create, update and delete writes its
 * revision entry in the same transaction, with the acting user (modules/revision-entries/revisions).
 */
import { UNKNOWN_REFERENCE, type ListResponse, type Versioned } from '@cooler-hub/contract/common';
import type { Cooler, CoolerCreateBody, CoolerListQuery, CoolerUpdateBody } from '@cooler-hub/contract/coolers';
import {
  COOLER_TIMELINE_RECEIPTS_MAX,
  type CoolerReceipt,
  type CoolerTimeline,
  type CoolerTimelineQuery,
} from '@cooler-hub/contract/cooler-timeline';
import type { Db } from '../../db/client';
import { createOnce } from '../../lib/create-once';
import { FieldError, NotFoundError } from '../../lib/errors';
import { listResponseOf, offsetOf } from '../../lib/list';
import { findPartNumber } from '../part-numbers/part-numbers.repository';
import { recordChanges, recordText, type Actor, type Snapshot, type Subject, type Tx } from '../revision-entries/revisions';
import * as repo from './coolers.repository';
import type { CoolerRow } from './coolers.repository';
import * as timelineRepo from './cooler-timeline.repository';
import type { CoolerReceiptRow } from './cooler-timeline.repository';

export const COOLER_ID_CONFLICT = 'A different cooler was already created with this id.';
export const COOLER_CREATED = 'Cooler created';
export const COOLER_DELETED = 'Cooler deleted';

export function toCooler(row: CoolerRow): Cooler {
  return row;
}

/** A receipt of the cooler page, every field named (a copy by rest and spread costs far more: docs/decisions/259). */
function toCoolerReceipt(row: CoolerReceiptRow): CoolerReceipt {
  const { noteId, noteType, noteStatus } = row;
  const onNote = noteId !== null && noteStatus !== null && (noteType === 'transfer' || noteType === 'scrap');
  return {
    id: row.id,
    lbNumber: row.lbNumber,
    receiptDate: row.receiptDate.toISOString(),
    account: row.account,
    customer: row.customer,
    // The database's checks hold these to the contract's values (docs/product.md §4).
    processOption: row.processOption as CoolerReceipt['processOption'],
    processState: row.processState as CoolerReceipt['processState'],
    deliveryNote: onNote ? { id: noteId, type: noteType, status: noteStatus } : null,
  };
}

export const coolerSubject = (id: string): Subject => ({ kind: 'Cooler', ref: id });

/** What history shows of a cooler: the part number's text, which outlives a rename of its id's meaning. */
export const coolerSnapshot = (row: CoolerRow): Snapshot => ({
  serialNumber: row.serialNumber,
  partNumber: row.partNumber.partNumber,
  dateOfManufacture: row.dateOfManufacture,
});

/** 'Serial number: SN-1', … — the values a created or deleted cooler had. */
export const describeCooler = (row: CoolerRow): string[] => [
  `Serial number: ${row.serialNumber}`,
  `Part number: ${row.partNumber.partNumber}`,
  `Date of manufacture: ${row.dateOfManufacture}`,
];

export class CoolersService {
  constructor(private readonly db: Db) {}

  async list(query: CoolerListQuery): Promise<ListResponse<Cooler>> {
    const { rows, total } = await repo.listCoolers(this.db, query);
    return listResponseOf(query, rows, total);
  }

  get(id: string): Promise<Versioned<Cooler>> {
    return repo.versions.read(this.db, id, async () => {
      const row = await repo.findCooler(this.db, id);
      if (!row) throw new NotFoundError();
      return toCooler(row);
    });
  }

  /**
   * The cooler's whole life (docs/decisions/251): the cooler, its newest receipts with their notes,
   * and one page of its history merged with its receipts'.
   */
  async timeline(id: string, query: CoolerTimelineQuery): Promise<CoolerTimeline> {
    // Three reads of their own, on three connections at once.
    const [row, receipts, history] = await Promise.all([
      repo.findCooler(this.db, id),
      timelineRepo.coolerReceipts(this.db, id, COOLER_TIMELINE_RECEIPTS_MAX),
      timelineRepo.mergedHistoryPage(this.db, id, offsetOf(query), query.perPage),
    ]);
    if (!row) throw new NotFoundError();
    // A list shorter than its bound is the whole count.
    const receiptsCount =
      receipts.length < COOLER_TIMELINE_RECEIPTS_MAX ? receipts.length : await timelineRepo.countCoolerReceipts(this.db, id);
    return {
      cooler: toCooler(row),
      receipts: receipts.map(toCoolerReceipt),
      receiptsCount,
      history: listResponseOf(query, history.rows, history.total),
    };
  }

  create(actor: Actor, body: CoolerCreateBody): Promise<Versioned<Cooler>> {
    const values = {
      serialNumber: body.serialNumber,
      partNumberId: body.partNumber,
      dateOfManufacture: body.dateOfManufacture,
      modelNumber: body.modelNumber,
    };
    return this.db.transaction(async (tx) => {
      const row = await createOnce({
        find: () => repo.findCooler(tx, body.id),
        check: async () => {
          await this.assertPartNumberExists(tx, body.partNumber);
          await repo.assertSerialFree(tx, body.serialNumber);
        },
        insert: async () => {
          if (!(await repo.insertCooler(tx, body.id, values))) return undefined;
          const created = await repo.findCooler(tx, body.id);
          if (!created) throw new Error('the inserted cooler is not readable');
          await recordText(tx, actor, coolerSubject(body.id), [COOLER_CREATED, ...describeCooler(created)]);
          return created;
        },
        matches: (r) =>
          r.serialNumber === values.serialNumber &&
          r.partNumber.id === values.partNumberId &&
          r.dateOfManufacture === values.dateOfManufacture &&
          r.modelNumber === values.modelNumber,
        conflict: COOLER_ID_CONFLICT,
      });
      return { ...toCooler(row), version: await repo.versions.now(tx, body.id) };
    });
  }

  /** `expected`: the version the editor saw (If-Match); a stale one is refused with 409 (docs/decisions/200). */
  update(actor: Actor, id: string, body: CoolerUpdateBody, expected?: string): Promise<Versioned<Cooler>> {
    return this.db.transaction(async (tx) => {
      // Locked first: a concurrent update waits here and then compares against this one's result.
      await repo.versions.lock(tx, id, expected, 'cooler');
      const before = await repo.lockCooler(tx, id);
      if (!before) throw new NotFoundError();
      await this.assertPartNumberExists(tx, body.partNumber);
      await repo.assertSerialFree(tx, body.serialNumber, id);
      await repo.updateCooler(
        tx,
        id,
        {
          serialNumber: body.serialNumber,
          partNumberId: body.partNumber,
          dateOfManufacture: body.dateOfManufacture,
        },
        actor,
      );
      const after = await repo.findCooler(tx, id);
      if (!after) throw new NotFoundError();
      await recordChanges(tx, actor, coolerSubject(id), coolerSnapshot(before), coolerSnapshot(after));
      return { ...toCooler(after), version: await repo.versions.now(tx, id) };
    });
  }

  /** Needs ROLE_REMOVE_INVENTORY (the route); refused with a sentence while receipts use it. */
  async remove(actor: Actor, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const current = await repo.lockCooler(tx, id);
      if (!current) throw new NotFoundError();
      await repo.assertCoolerUnused(tx, id);
      await repo.deleteCooler(tx, id);
      await recordText(tx, actor, coolerSubject(id), [COOLER_DELETED, ...describeCooler(current)]);
    });
  }

  private async assertPartNumberExists(tx: Tx, partNumberId: string): Promise<void> {
    if (!(await findPartNumber(tx, partNumberId))) throw new FieldError('partNumber', UNKNOWN_REFERENCE);
  }
}

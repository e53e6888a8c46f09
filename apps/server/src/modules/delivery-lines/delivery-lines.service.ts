/**
 * Delivery lines (docs/product.md §2.13 error sheet preview, docs/architecture.md §4 paths): listed by note or by LB
 * number; deleting one edits its note, so an approved note refuses it and the last line stays
 * (docs/decisions/152).
 */
import type { ListResponse } from '@cooler-hub/contract/common';
import { APPROVED_READ_ONLY } from '@cooler-hub/contract/deliveries';
import { LAST_LINE, type DeliveryLine, type DeliveryLineListQuery } from '@cooler-hub/contract/delivery-lines';
import type { Db } from '../../db/client';
import { DomainError, NotFoundError } from '../../lib/errors';
import { listResponseOf } from '../../lib/list';
import type { Actor } from '../revision-entries/revisions';
import { lockDelivery, setItemsCount } from '../deliveries/deliveries.repository';
import * as repo from './delivery-lines.repository';
import type { DeliveryLineRow } from './delivery-lines.repository';

export function toDeliveryLine(row: DeliveryLineRow): DeliveryLine {
  return {
    id: row.id,
    deliveryId: row.deliveryId,
    deliveryType: row.deliveryType,
    lbNumber: row.lbNumber,
    receiptId: row.receiptId,
    inventoryItem: {
      id: row.coolerId,
      serialNumber: row.serialNumber,
      dateOfManufacture: row.dateOfManufacture,
      partNumber: { id: row.partNumberId, partNumber: row.partNumber },
    },
  };
}

export class DeliveryLinesService {
  constructor(private readonly db: Db) {}

  async list(query: DeliveryLineListQuery): Promise<ListResponse<DeliveryLine>> {
    const { rows, total } = await repo.listDeliveryLines(this.db, query);
    return listResponseOf(query, rows.map(toDeliveryLine), total);
  }

  async remove(actor: Actor, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const line = await repo.findLine(tx, id);
      if (!line) throw new NotFoundError();
      // The note is locked before its lines change, as every edit of it does.
      const delivery = await lockDelivery(tx, line.deliveryId);
      if (!delivery || !(await repo.findLine(tx, id))) throw new NotFoundError();
      if (delivery.status === 'approved') throw new DomainError(APPROVED_READ_ONLY);
      if (delivery.itemsCount <= 1) throw new DomainError(LAST_LINE);
      await repo.deleteLine(tx, id);
      await setItemsCount(tx, delivery.id, delivery.itemsCount - 1, actor);
    });
  }
}

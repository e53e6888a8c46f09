/** SQL for delivery addresses. Every function takes `db`, which may be a transaction. */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AddressTarget, DeliveryAddress, LookedUpAddress, UsedAddressesQuery } from '@cooler-hub/contract/delivery-addresses';
import type { Db } from '../../db/client';
import { findPage, ordering } from '../../db/paging';
import { deliveries, deliveryAddresses } from '../../db/schema';

const fields = { id: deliveryAddresses.id, address: deliveryAddresses.address, addressTarget: deliveryAddresses.addressTarget };

/** Addresses some note points at (of one target when asked), newest first. */
export function listUsedAddresses(db: Db, query: UsedAddressesQuery) {
  const used = sql`exists (select 1 from ${deliveries} d where d.dispatch_address_id = ${deliveryAddresses.id} or d.invoice_address_id = ${deliveryAddresses.id})`;
  const filters: SQL[] = [used];
  if (query.addressType) filters.push(eq(deliveryAddresses.addressTarget, query.addressType));
  return findPage(
    db,
    db.select(fields).from(deliveryAddresses).$dynamic(),
    deliveryAddresses,
    and(...filters),
    ordering([[deliveryAddresses.id, 'desc']]),
    query,
  );
}

/** The newest address of `target` typed exactly as `searchText` (any case). */
export async function findBySearchText(db: Db, target: AddressTarget, searchText: string): Promise<DeliveryAddress | undefined> {
  const [row] = await db
    .select(fields)
    .from(deliveryAddresses)
    .where(
      and(
        eq(deliveryAddresses.addressTarget, target),
        eq(sql`lower(${deliveryAddresses.address}->>'searchText')`, searchText.toLowerCase()),
      ),
    )
    .orderBy(desc(deliveryAddresses.id))
    .limit(1);
  return row;
}

export async function insertAddress(db: Db, target: AddressTarget, address: LookedUpAddress): Promise<DeliveryAddress> {
  const [row] = await db.insert(deliveryAddresses).values({ addressTarget: target, address }).returning(fields);
  return row!;
}

/** SQL for delivery addresses. Every function takes `db`, which may be a transaction. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AddressTarget, DeliveryAddress, LookedUpAddress, UsedAddressesQuery } from '@cooler-hub/contract/delivery-addresses';
import type { Db } from '../../db/client';
import { aliased, equalsFilter, listPage, type ListDefinition } from '../../db/list-statements';
import { deliveries, deliveryAddresses } from '../../db/schema';

const fields = { id: deliveryAddresses.id, address: deliveryAddresses.address, addressTarget: deliveryAddresses.addressTarget };

/**
 * Addresses some note points at (of one target when asked), newest first. No list version follows
 * which addresses are used (a note's edit can point it at another), so the total is counted when a
 * page needs it.
 */
const used: ListDefinition<UsedAddressesQuery, DeliveryAddress, DeliveryAddress> = {
  name: 'used_delivery_addresses',
  columns: aliased(fields),
  from: sql`${deliveryAddresses}`,
  countFrom: sql`${deliveryAddresses}`,
  where: sql`exists (select 1 from ${deliveries} d where d.dispatch_address_id = ${deliveryAddresses.id} or d.invoice_address_id = ${deliveryAddresses.id})`,
  filters: {
    addressType: equalsFilter(deliveryAddresses.addressTarget, 'addressType', (query: UsedAddressesQuery) => query.addressType),
  },
  sorts: { id: { by: deliveryAddresses.id, unique: true } },
  sortOf: () => ['id', 'desc'],
  tieBreak: deliveryAddresses.id,
  // The address is jsonb: the driver reads it as an object.
  item: (row) => ({ id: row.id, address: row.address, addressTarget: row.addressTarget }),
};

export function listUsedAddresses(db: Db, query: UsedAddressesQuery) {
  return listPage(db, used, query);
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

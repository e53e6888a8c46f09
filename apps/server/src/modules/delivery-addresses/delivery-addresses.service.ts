/**
 * Delivery addresses (docs/product.md §3, §4 address picker, §5.4, §7; docs/decisions/154): the used ones for the
 * picker's "used" mode, and a new one geocoded on the server. An address typed again (same target,
 * same text) is answered from what is stored, without asking the geocoder twice.
 */
import type { ListResponse } from '@cooler-hub/contract/common';
import type {
  AddressLookupQuery,
  DeliveryAddress,
  DeliveryAddressCreateBody,
  LookedUpAddress,
  UsedAddressesQuery,
} from '@cooler-hub/contract/delivery-addresses';
import type { Db } from '../../db/client';
import type { Geocoder } from '../../lib/geocoder';
import { listResponseOf } from '../../lib/list';
import type { Actor } from '../revision-entries/revisions';
import * as repo from './delivery-addresses.repository';

export class DeliveryAddressesService {
  constructor(
    private readonly db: Db,
    private readonly geocoder: Geocoder,
  ) {}

  async used(query: UsedAddressesQuery): Promise<ListResponse<DeliveryAddress>> {
    const { rows, total } = await repo.listUsedAddresses(this.db, query);
    return listResponseOf(query, rows, total);
  }

  lookup(query: AddressLookupQuery): Promise<LookedUpAddress> {
    return this.geocoder.geocode(query.searchText);
  }

  /** `created` is false when the same text was stored for the same target before (and looked up then). */
  async create(_actor: Actor, body: DeliveryAddressCreateBody): Promise<{ address: DeliveryAddress; created: boolean }> {
    const searchText = body.address.searchText;
    const known = await repo.findBySearchText(this.db, body.addressTarget, searchText);
    // A stored address the geocoder could not place is looked up again: it may answer now.
    if (known && known.address.formattedAddress !== null) return { address: known, created: false };
    const looked = await this.geocoder.geocode(searchText);
    return { address: await repo.insertAddress(this.db, body.addressTarget, looked), created: true };
  }
}

/**
 * Where a search result leads (docs/decisions/250): the screen the app already opens for that
 * record. A receipt its edit screen; a cooler its cooler page; a note its edit screen; an account its form; a
 * client the Customers screen; a part number its form.
 */
import type { SearchHit, SearchKind } from '@cooler-hub/contract/search';
import { editPathOf } from '../../features/deliveries/list/delivery-list-model';
import { paths } from '../../lib/paths';

export function destinationOf(hit: SearchHit): string {
  switch (hit.kind) {
    case 'receipt':
      return paths.receiptEdit.to({ receipt: hit.id });
    case 'cooler':
      return paths.cooler.to({ cooler: hit.id });
    case 'deliveryNote':
      return editPathOf(hit);
    case 'customerAccount':
      return paths.customerEdit.to({ customer: String(hit.id) });
    case 'client':
      return paths.customers.to();
    case 'partNumber':
      return paths.partNumberEdit.to({ part: hit.id });
  }
}

/** The heading of each kind's group of results. */
export const KIND_HEADINGS: Record<SearchKind, string> = {
  receipt: 'Receipts',
  cooler: 'Coolers',
  deliveryNote: 'Delivery notes',
  customerAccount: 'Customer accounts',
  client: 'Clients',
  partNumber: 'Part numbers',
};

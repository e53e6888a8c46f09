/** Suppliers (docs/product.md §3, §7): seeded reference data, listed and searched by name; nothing edits them. */
import type { ListResponse } from '@cooler-hub/contract/common';
import type { Supplier, SupplierListQuery } from '@cooler-hub/contract/customers';
import type { Db } from '../../db/client';
import { listResponseOf } from '../../lib/list';
import { suppliersRepository as repo } from './suppliers.repository';

export class SuppliersService {
  constructor(private readonly db: Db) {}

  async list(query: SupplierListQuery): Promise<ListResponse<Supplier>> {
    const { rows, total } = await repo.list(this.db, query);
    return listResponseOf(query, rows, total);
  }
}

/**
 * Clients (docs/product.md §2.10, §3, §7): listed and searched by name; created from the account form's
 * search-select when the typed name is new. Names are unique ignoring case. A client with accounts
 * cannot be deleted.
 */
import type { ListResponse } from '@cooler-hub/contract/common';
import type { Client, ClientCreateBody, ClientListQuery } from '@cooler-hub/contract/customers';
import type { Db } from '../../db/client';
import { listResponseOf } from '../../lib/list';
import type { Actor } from '../revision-entries/revisions';
import { clientsRepository as repo } from './clients.repository';

export class ClientsService {
  constructor(private readonly db: Db) {}

  async list(query: ClientListQuery): Promise<ListResponse<Client>> {
    const { rows, total } = await repo.list(this.db, query);
    return listResponseOf(query, rows, total);
  }

  async create(_actor: Actor, { name }: ClientCreateBody): Promise<Client> {
    await repo.assertNameFree(this.db, name);
    return repo.insert(this.db, name);
  }

  /** Not a call of docs/product.md §7: it undoes a client created by mistake from the search-select (docs/decisions/021). */
  remove(_actor: Actor, id: number): Promise<void> {
    return repo.remove(this.db, id);
  }
}

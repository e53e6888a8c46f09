/**
 * Customer accounts (docs/product.md §2.10, §3, §5.3, §7): the client is required and must exist (400 on `client`
 * otherwise); the other fields are free text. Answers carry the client as `{id, name}`.
 */
import { MAX_INT32, UNKNOWN_REFERENCE, type ListResponse, type NamedRef, type Versioned } from '@cooler-hub/contract/common';
import type {
  CustomerAccount,
  CustomerAccountBody,
  CustomerAccountDropDownQuery,
  CustomerAccountListQuery,
} from '@cooler-hub/contract/customers';
import type { Db } from '../../db/client';
import { FieldError, NotFoundError } from '../../lib/errors';
import { listResponseOf } from '../../lib/list';
import { clientsRepository } from '../clients/clients.repository';
import type { Actor } from '../revision-entries/revisions';
import * as repo from './customer-accounts.repository';
import type { CustomerAccountValues } from './customer-accounts.repository';

export class CustomerAccountsService {
  constructor(private readonly db: Db) {}

  async list(query: CustomerAccountListQuery): Promise<ListResponse<CustomerAccount>> {
    // An id beyond PostgreSQL's integer names no client: nothing matches.
    if (query.client !== undefined && query.client > MAX_INT32) return listResponseOf(query, [], 0);
    const { rows, total } = await repo.listCustomerAccounts(this.db, query);
    return listResponseOf(query, rows, total);
  }

  async dropDown(query: CustomerAccountDropDownQuery): Promise<ListResponse<NamedRef>> {
    const { rows, total } = await repo.listCustomerAccountOptions(this.db, query);
    return listResponseOf(query, rows, total);
  }

  get(id: number): Promise<Versioned<CustomerAccount>> {
    return repo.versions.read(this.db, id, async () => {
      const row = await repo.findCustomerAccount(this.db, id);
      if (!row) throw new NotFoundError();
      return row;
    });
  }

  async create(_actor: Actor, body: CustomerAccountBody): Promise<Versioned<CustomerAccount>> {
    const { values, client } = await this.valuesOf(this.db, body);
    return { ...(await repo.insertCustomerAccount(this.db, values)), client };
  }

  /** `expected`: the version the editor saw (If-Match); a stale one is refused with 409 (docs/decisions/200). */
  update(actor: Actor, id: number, body: CustomerAccountBody, expected?: string): Promise<Versioned<CustomerAccount>> {
    return this.db.transaction(async (tx) => {
      await repo.versions.lock(tx, id, expected, 'customer account');
      const { values, client } = await this.valuesOf(tx, body);
      const row = await repo.updateCustomerAccount(tx, id, values, actor);
      if (!row) throw new NotFoundError();
      return { ...row, client };
    });
  }

  remove(_actor: Actor, id: number): Promise<void> {
    return repo.removeCustomerAccount(this.db, id);
  }

  /** The row's columns and the client for the answer; 400 on `client` when no such client exists. */
  private async valuesOf(
    db: Db,
    { client: clientId, ...fields }: CustomerAccountBody,
  ): Promise<{ values: CustomerAccountValues; client: NamedRef }> {
    const client = clientId <= MAX_INT32 ? await clientsRepository.find(db, clientId) : undefined;
    if (!client) throw new FieldError('client', UNKNOWN_REFERENCE);
    return { values: { ...fields, clientId }, client };
  }
}

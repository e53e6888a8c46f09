/**
 * Delivery e-mails (docs/product.md §4, §5.4, §7; docs/decisions/156): the recipients' search-select, a typed new
 * address, and a customer account's own address offered as its default recipient.
 */
import type { ListResponse } from '@cooler-hub/contract/common';
import {
  EMAIL_PATTERN,
  NO_ACCOUNT_EMAIL,
  type DeliveryEmail,
  type DeliveryEmailCreateBody,
  type DeliveryEmailDropDownQuery,
} from '@cooler-hub/contract/delivery-emails';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { listResponseOf } from '../../lib/list';
import type { Actor } from '../revision-entries/revisions';
import * as repo from './delivery-emails.repository';

export class DeliveryEmailsService {
  constructor(private readonly db: Db) {}

  async dropDown(query: DeliveryEmailDropDownQuery): Promise<ListResponse<DeliveryEmail>> {
    const { rows, total } = await repo.listDeliveryEmails(this.db, query);
    return listResponseOf(query, rows, total);
  }

  /** An address already stored is answered as it is (no second row). */
  create(_actor: Actor, body: DeliveryEmailCreateBody): Promise<{ row: DeliveryEmail; created: boolean }> {
    return repo.findOrCreateEmail(this.db, body.email);
  }

  /** The account's e-mail as a delivery e-mail; 404 when the account is unknown or has no usable address. */
  async forCustomerAccount(customerAccountId: number): Promise<DeliveryEmail> {
    const email = await repo.accountEmail(this.db, customerAccountId);
    if (email === undefined) throw new NotFoundError();
    const address = email?.trim().toLowerCase() ?? '';
    if (!EMAIL_PATTERN.test(address) || address.length > 255) throw new NotFoundError(NO_ACCOUNT_EMAIL);
    return (await repo.findOrCreateEmail(this.db, address)).row;
  }
}

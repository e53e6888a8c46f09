/**
 * CC codes (docs/product.md §2.12, §3, §7): unique code ignoring case, price in whole pence, a client-generated
 * UUID on create that makes a retried POST harmless.
 */
import type { ListResponse, Versioned } from '@cooler-hub/contract/common';
import type { CcCode, CcCodeCreateBody, CcCodeDropDownQuery, CcCodeListQuery, CcCodeUpdateBody } from '@cooler-hub/contract/settings';
import type { Db } from '../../db/client';
import { createOnce } from '../../lib/create-once';
import { NotFoundError } from '../../lib/errors';
import { listResponseOf } from '../../lib/list';
import type { Actor } from '../revision-entries/revisions';
import * as repo from './cc-codes.repository';
import type { CcCodeRow, CcCodeValues } from './cc-codes.repository';

export const CC_CODE_ID_CONFLICT = 'A different CC code was already created with this id.';

export function toCcCode(row: CcCodeRow): CcCode {
  return { id: row.id, code: row.code, name: row.name, price: { amount: row.pricePence, currency: 'GBP' } };
}

const valuesOf = (body: CcCodeUpdateBody): CcCodeValues => ({ code: body.code, name: body.name, pricePence: body.price.amount });

export class CcCodesService {
  constructor(private readonly db: Db) {}

  async list(query: CcCodeListQuery): Promise<ListResponse<CcCode>> {
    const { rows, total } = await repo.listCcCodes(this.db, query);
    return listResponseOf(query, rows, total);
  }

  async dropDown(query: CcCodeDropDownQuery): Promise<ListResponse<{ id: string; code: string; name: string }>> {
    const { rows, total } = await repo.listCcCodeOptions(this.db, query);
    return listResponseOf(query, rows, total);
  }

  get(id: string): Promise<Versioned<CcCode>> {
    return repo.versions.read(this.db, id, async () => {
      const row = await repo.findCcCode(this.db, id);
      if (!row) throw new NotFoundError();
      return toCcCode(row);
    });
  }

  async create(_actor: Actor, body: CcCodeCreateBody): Promise<Versioned<CcCode>> {
    const values = valuesOf(body);
    const row = await createOnce({
      find: () => repo.findCcCode(this.db, body.id),
      check: () => repo.assertCodeFree(this.db, values.code),
      insert: () => repo.insertCcCode(this.db, body.id, values),
      matches: (r) => r.code === values.code && r.name === values.name && r.pricePence === values.pricePence,
      conflict: CC_CODE_ID_CONFLICT,
    });
    return { ...toCcCode(row), version: await repo.versions.now(this.db, body.id) };
  }

  /** `expected`: the version the editor saw (If-Match); a stale one is refused with 409 (docs/decisions/200). */
  update(actor: Actor, id: string, body: CcCodeUpdateBody, expected?: string): Promise<Versioned<CcCode>> {
    const values = valuesOf(body);
    return this.db.transaction(async (tx) => {
      await repo.versions.lock(tx, id, expected, 'CC code');
      await repo.assertCodeFree(tx, values.code, id);
      const row = await repo.updateCcCode(tx, id, values, actor);
      if (!row) throw new NotFoundError();
      return { ...toCcCode(row), version: await repo.versions.now(tx, id) };
    });
  }

  remove(_actor: Actor, id: string): Promise<void> {
    return repo.removeCcCode(this.db, id);
  }
}

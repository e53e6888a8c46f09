/**
 * CC codes (spec 2.12, 3, 7): unique code ignoring case, price in whole pence, a client-generated
 * UUID on create that makes a retried POST harmless.
 */
import type { ListResponse } from '@cooler-hub/contract/common';
import type {
  CcCode,
  CcCodeCreateBody,
  CcCodeDropDownQuery,
  CcCodeListQuery,
  CcCodeUpdateBody,
} from '@cooler-hub/contract/settings';
import type { Db } from '../../db/client';
import { ccCodes } from '../../db/schema';
import { assertUnique } from '../../db/unique';
import { createOnce } from '../../lib/create-once';
import { NotFoundError } from '../../lib/errors';
import { listResponseOf } from '../../lib/list';
import { removeUnlessUsed } from '../../lib/remove-unused';
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
    return listResponseOf(query, rows.map(toCcCode), total);
  }

  async dropDown(query: CcCodeDropDownQuery): Promise<ListResponse<{ id: string; code: string; name: string }>> {
    const { rows, total } = await repo.listCcCodeOptions(this.db, query);
    return listResponseOf(query, rows, total);
  }

  async get(id: string): Promise<CcCode> {
    const row = await repo.findCcCode(this.db, id);
    if (!row) throw new NotFoundError();
    return toCcCode(row);
  }

  async create(body: CcCodeCreateBody): Promise<CcCode> {
    const values = valuesOf(body);
    const row = await createOnce({
      find: () => repo.findCcCode(this.db, body.id),
      check: () => this.assertCodeFree(values.code),
      insert: () => repo.insertCcCode(this.db, body.id, values),
      matches: (r) => r.code === values.code && r.name === values.name && r.pricePence === values.pricePence,
      conflict: CC_CODE_ID_CONFLICT,
    });
    return toCcCode(row);
  }

  async update(id: string, body: CcCodeUpdateBody): Promise<CcCode> {
    const values = valuesOf(body);
    if (!(await repo.findCcCode(this.db, id))) throw new NotFoundError();
    await this.assertCodeFree(values.code, id);
    const row = await repo.updateCcCode(this.db, id, values);
    if (!row) throw new NotFoundError();
    return toCcCode(row);
  }

  remove(id: string): Promise<void> {
    return removeUnlessUsed(this.db, ccCodes, ccCodes.id, id);
  }

  private assertCodeFree(code: string, exceptId?: string): Promise<void> {
    return assertUnique(this.db, { table: ccCodes, column: ccCodes.code, idColumn: ccCodes.id, value: code, exceptId, field: 'code' });
  }
}

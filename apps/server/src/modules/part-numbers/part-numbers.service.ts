/**
 * Part numbers (spec 2.12, 3, 5.4, 7): the number is required and unique ignoring case; the id is
 * client-generated on create, so a retried POST is harmless.
 */
import type { ListResponse } from '@cooler-hub/contract/common';
import type {
  PartNumber,
  PartNumberCreateBody,
  PartNumberListQuery,
  PartNumberUpdateBody,
} from '@cooler-hub/contract/settings';
import type { Db } from '../../db/client';
import { partNumbers } from '../../db/schema';
import { assertUnique } from '../../db/unique';
import { createOnce } from '../../lib/create-once';
import { NotFoundError } from '../../lib/errors';
import { listResponseOf } from '../../lib/list';
import { removeUnlessUsed } from '../../lib/remove-unused';
import * as repo from './part-numbers.repository';
import type { PartNumberRow } from './part-numbers.repository';

export const PART_NUMBER_ID_CONFLICT = 'A different part number was already created with this id.';

export function toPartNumber(row: PartNumberRow): PartNumber {
  return { id: row.id, partNumber: row.partNumber, description: row.description };
}

export class PartNumbersService {
  constructor(private readonly db: Db) {}

  async list(query: PartNumberListQuery): Promise<ListResponse<PartNumber>> {
    const { rows, total } = await repo.listPartNumbers(this.db, query);
    return listResponseOf(query, rows.map(toPartNumber), total);
  }

  async get(id: string): Promise<PartNumber> {
    const row = await repo.findPartNumber(this.db, id);
    if (!row) throw new NotFoundError();
    return toPartNumber(row);
  }

  async create({ id, partNumber, description }: PartNumberCreateBody): Promise<PartNumber> {
    const row = await createOnce({
      find: () => repo.findPartNumber(this.db, id),
      check: () => this.assertNumberFree(partNumber),
      insert: () => repo.insertPartNumber(this.db, id, { partNumber, description }),
      matches: (r) => r.partNumber === partNumber && r.description === description,
      conflict: PART_NUMBER_ID_CONFLICT,
    });
    return toPartNumber(row);
  }

  async update(id: string, { partNumber, description }: PartNumberUpdateBody): Promise<PartNumber> {
    if (!(await repo.findPartNumber(this.db, id))) throw new NotFoundError();
    await this.assertNumberFree(partNumber, id);
    const row = await repo.updatePartNumber(this.db, id, { partNumber, description });
    if (!row) throw new NotFoundError();
    return toPartNumber(row);
  }

  remove(id: string): Promise<void> {
    return removeUnlessUsed(this.db, partNumbers, partNumbers.id, id);
  }

  private assertNumberFree(partNumber: string, exceptId?: string): Promise<void> {
    return assertUnique(this.db, {
      table: partNumbers,
      column: partNumbers.partNumber,
      idColumn: partNumbers.id,
      value: partNumber,
      exceptId,
      field: 'partNumber',
    });
  }
}

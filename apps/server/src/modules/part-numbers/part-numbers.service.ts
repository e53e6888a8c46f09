/**
 * Part numbers (docs/product.md §2.12, §3, §5.4, §7): the number is required and unique ignoring case; the id is
 * client-generated on create, so a retried POST is harmless.
 */
import type { ListResponse, Versioned } from '@cooler-hub/contract/common';
import type { PartNumber, PartNumberCreateBody, PartNumberListQuery, PartNumberUpdateBody } from '@cooler-hub/contract/settings';
import type { Db } from '../../db/client';
import { createOnce } from '../../lib/create-once';
import { NotFoundError } from '../../lib/errors';
import { listResponseOf } from '../../lib/list';
import type { Actor } from '../revision-entries/revisions';
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
    return listResponseOf(query, rows, total);
  }

  get(id: string): Promise<Versioned<PartNumber>> {
    return repo.versions.read(this.db, id, async () => {
      const row = await repo.findPartNumber(this.db, id);
      if (!row) throw new NotFoundError();
      return toPartNumber(row);
    });
  }

  async create(_actor: Actor, { id, partNumber, description }: PartNumberCreateBody): Promise<Versioned<PartNumber>> {
    const row = await createOnce({
      find: () => repo.findPartNumber(this.db, id),
      check: () => repo.assertNumberFree(this.db, partNumber),
      insert: () => repo.insertPartNumber(this.db, id, { partNumber, description }),
      matches: (r) => r.partNumber === partNumber && r.description === description,
      conflict: PART_NUMBER_ID_CONFLICT,
    });
    return { ...toPartNumber(row), version: await repo.versions.now(this.db, id) };
  }

  /** `expected`: the version the editor saw (If-Match); a stale one is refused with 409 (docs/decisions/200). */
  update(actor: Actor, id: string, { partNumber, description }: PartNumberUpdateBody, expected?: string): Promise<Versioned<PartNumber>> {
    return this.db.transaction(async (tx) => {
      await repo.versions.lock(tx, id, expected, 'part number');
      await repo.assertNumberFree(tx, partNumber, id);
      const row = await repo.updatePartNumber(tx, id, { partNumber, description }, actor);
      if (!row) throw new NotFoundError();
      return { ...toPartNumber(row), version: await repo.versions.now(tx, id) };
    });
  }

  remove(_actor: Actor, id: string): Promise<void> {
    return repo.removePartNumber(this.db, id);
  }
}

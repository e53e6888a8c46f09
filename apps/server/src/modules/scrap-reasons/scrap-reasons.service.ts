/**
 * Scrap reasons (spec 2.12, 3, 5.4, 7): the form sends `number` (the integer code, unique) and
 * `name` (the reason); answers carry `code` and `reason`.
 */
import type { ListResponse } from '@cooler-hub/contract/common';
import type { ScrapReason, ScrapReasonBody, ScrapReasonListQuery } from '@cooler-hub/contract/settings';
import type { Db } from '../../db/client';
import { scrapReasons } from '../../db/schema';
import { assertUnique } from '../../db/unique';
import { NotFoundError } from '../../lib/errors';
import { listResponseOf } from '../../lib/list';
import { removeUnlessUsed } from '../../lib/remove-unused';
import * as repo from './scrap-reasons.repository';

export class ScrapReasonsService {
  constructor(private readonly db: Db) {}

  async list(query: ScrapReasonListQuery): Promise<ListResponse<ScrapReason>> {
    const { rows, total } = await repo.listScrapReasons(this.db, query);
    return listResponseOf(query, rows, total);
  }

  async get(id: number): Promise<ScrapReason> {
    const row = await repo.findScrapReason(this.db, id);
    if (!row) throw new NotFoundError();
    return row;
  }

  async create(body: ScrapReasonBody): Promise<ScrapReason> {
    await this.assertCodeFree(body.number);
    return repo.insertScrapReason(this.db, { code: body.number, reason: body.name });
  }

  async update(id: number, body: ScrapReasonBody): Promise<ScrapReason> {
    if (!(await repo.findScrapReason(this.db, id))) throw new NotFoundError();
    await this.assertCodeFree(body.number, id);
    const row = await repo.updateScrapReason(this.db, id, { code: body.number, reason: body.name });
    if (!row) throw new NotFoundError();
    return row;
  }

  remove(id: number): Promise<void> {
    return removeUnlessUsed(this.db, scrapReasons, scrapReasons.id, id);
  }

  private assertCodeFree(code: number, exceptId?: number): Promise<void> {
    return assertUnique(this.db, {
      table: scrapReasons,
      column: scrapReasons.code,
      idColumn: scrapReasons.id,
      value: code,
      exceptId,
      field: 'number',
    });
  }
}

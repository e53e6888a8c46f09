/**
 * Scrap reasons (docs/product.md §2.12, §3, §5.4, §7): the form sends `number` (the integer code, unique) and
 * `name` (the reason); answers carry `code` and `reason`.
 */
import type { ListResponse, Versioned } from '@cooler-hub/contract/common';
import type { ScrapReason, ScrapReasonBody, ScrapReasonListQuery } from '@cooler-hub/contract/settings';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { listResponseOf } from '../../lib/list';
import type { Actor } from '../revision-entries/revisions';
import * as repo from './scrap-reasons.repository';

export class ScrapReasonsService {
  constructor(private readonly db: Db) {}

  async list(query: ScrapReasonListQuery): Promise<ListResponse<ScrapReason>> {
    const { rows, total } = await repo.listScrapReasons(this.db, query);
    return listResponseOf(query, rows, total);
  }

  get(id: number): Promise<Versioned<ScrapReason>> {
    return repo.versions.read(this.db, id, async () => {
      const row = await repo.findScrapReason(this.db, id);
      if (!row) throw new NotFoundError();
      return row;
    });
  }

  async create(_actor: Actor, body: ScrapReasonBody): Promise<Versioned<ScrapReason>> {
    await repo.assertCodeFree(this.db, body.number);
    const row = await repo.insertScrapReason(this.db, { code: body.number, reason: body.name });
    return { ...row, version: await repo.versions.now(this.db, row.id) };
  }

  /** `expected`: the version the editor saw (If-Match); a stale one is refused with 409 (docs/decisions/200). */
  update(actor: Actor, id: number, body: ScrapReasonBody, expected?: string): Promise<Versioned<ScrapReason>> {
    return this.db.transaction(async (tx) => {
      await repo.versions.lock(tx, id, expected, 'scrap reason');
      await repo.assertCodeFree(tx, body.number, id);
      const row = await repo.updateScrapReason(tx, id, { code: body.number, reason: body.name }, actor);
      if (!row) throw new NotFoundError();
      return { ...row, version: await repo.versions.now(tx, id) };
    });
  }

  remove(_actor: Actor, id: number): Promise<void> {
    return repo.removeScrapReason(this.db, id);
  }
}

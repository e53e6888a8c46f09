/** Collection points (docs/product.md §2.12, §3, §7): a name, unique ignoring case; deleted only while unused. */
import type { ListResponse, Versioned } from '@cooler-hub/contract/common';
import type { CollectionPoint, CollectionPointBody, CollectionPointListQuery } from '@cooler-hub/contract/settings';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { listResponseOf } from '../../lib/list';
import type { Actor } from '../revision-entries/revisions';
import { collectionPointsRepository as repo } from './collection-points.repository';

export class CollectionPointsService {
  constructor(private readonly db: Db) {}

  async list(query: CollectionPointListQuery): Promise<ListResponse<CollectionPoint>> {
    const { rows, total } = await repo.list(this.db, query);
    return listResponseOf(query, rows, total);
  }

  get(id: number): Promise<Versioned<CollectionPoint>> {
    return repo.versions.read(this.db, id, async () => {
      const row = await repo.find(this.db, id);
      if (!row) throw new NotFoundError();
      return row;
    });
  }

  async create(_actor: Actor, { name }: CollectionPointBody): Promise<Versioned<CollectionPoint>> {
    await repo.assertNameFree(this.db, name);
    const row = await repo.insert(this.db, name);
    return { ...row, version: await repo.versions.now(this.db, row.id) };
  }

  /** `expected`: the version the editor saw (If-Match); a stale one is refused with 409 (docs/decisions/200). */
  update(actor: Actor, id: number, { name }: CollectionPointBody, expected?: string): Promise<Versioned<CollectionPoint>> {
    return this.db.transaction(async (tx) => {
      await repo.versions.lock(tx, id, expected, 'collection point');
      await repo.assertNameFree(tx, name, id);
      const row = await repo.update(tx, id, name, actor);
      if (!row) throw new NotFoundError();
      return { ...row, version: await repo.versions.now(tx, id) };
    });
  }

  remove(_actor: Actor, id: number): Promise<void> {
    return repo.remove(this.db, id);
  }
}

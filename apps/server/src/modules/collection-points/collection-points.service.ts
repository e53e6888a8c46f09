/** Collection points (spec 2.12, 3, 7): a name, unique ignoring case; deleted only while unused. */
import type { ListResponse } from '@cooler-hub/contract/common';
import type { CollectionPoint, CollectionPointBody, CollectionPointListQuery } from '@cooler-hub/contract/settings';
import type { Db } from '../../db/client';
import { collectionPoints } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import { listResponseOf } from '../../lib/list';
import { removeUnlessUsed } from '../../lib/remove-unused';
import { collectionPointsRepository as repo } from './collection-points.repository';

export class CollectionPointsService {
  constructor(private readonly db: Db) {}

  async list(query: CollectionPointListQuery): Promise<ListResponse<CollectionPoint>> {
    const { rows, total } = await repo.list(this.db, query);
    return listResponseOf(query, rows, total);
  }

  async get(id: number): Promise<CollectionPoint> {
    const row = await repo.find(this.db, id);
    if (!row) throw new NotFoundError();
    return row;
  }

  async create({ name }: CollectionPointBody): Promise<CollectionPoint> {
    await repo.assertNameFree(this.db, name);
    return repo.insert(this.db, name);
  }

  async update(id: number, { name }: CollectionPointBody): Promise<CollectionPoint> {
    if (!(await repo.find(this.db, id))) throw new NotFoundError();
    await repo.assertNameFree(this.db, name, id);
    const row = await repo.update(this.db, id, name);
    if (!row) throw new NotFoundError();
    return row;
  }

  remove(id: number): Promise<void> {
    return removeUnlessUsed(this.db, collectionPoints, collectionPoints.id, id);
  }
}

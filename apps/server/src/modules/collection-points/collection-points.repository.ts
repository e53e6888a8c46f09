/** SQL for collection points: an id and a unique name (db/named-rows). */
import { namedRowsRepository } from '../../db/named-rows';
import { collectionPoints } from '../../db/schema';

export const collectionPointsRepository = namedRowsRepository(collectionPoints);

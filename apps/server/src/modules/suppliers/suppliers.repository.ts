/** SQL for suppliers: an id and a unique name (db/named-rows). */
import { namedRowsRepository } from '../../db/named-rows';
import { suppliers } from '../../db/schema';

export const suppliersRepository = namedRowsRepository(suppliers);

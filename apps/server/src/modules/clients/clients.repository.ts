/** SQL for clients: an id and a unique name (db/named-rows). */
import { namedRowsRepository } from '../../db/named-rows';
import { clients } from '../../db/schema';

export const clientsRepository = namedRowsRepository(clients);

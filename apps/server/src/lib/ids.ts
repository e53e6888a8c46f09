/** Path ids that the contract accepts but no row can have. */
import { MAX_INT32 } from '@cooler-hub/contract/common';
import { NotFoundError } from './errors';

/** An integer id beyond PostgreSQL's `integer` cannot exist: 404, rather than a failed cast. */
export function existingId(id: number): number {
  if (id > MAX_INT32) throw new NotFoundError();
  return id;
}

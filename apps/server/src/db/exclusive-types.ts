/**
 * "A transfer or scrap note holds its LB numbers exclusively" as SQL, made once from the contract's
 * table of delivery types (docs/decisions/151): `<column> in ('transfer', 'scrap')`.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { EXCLUSIVE_DELIVERY_TYPES } from '@cooler-hub/contract/delivery-types';

/** `('transfer', 'scrap')`, from the contract's constants, never from input: safe as raw SQL text. */
const EXCLUSIVE_LIST = `(${EXCLUSIVE_DELIVERY_TYPES.map((type) => `'${type}'`).join(', ')})`;

/** `<column> in ('transfer', 'scrap')`: a drizzle column, or a qualified name such as `dl.delivery_type`. */
export function isExclusiveTypeSql(column: AnyColumn | string): SQL {
  return sql`${typeof column === 'string' ? sql.raw(column) : column} in ${sql.raw(EXCLUSIVE_LIST)}`;
}

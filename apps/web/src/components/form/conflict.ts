/**
 * A save refused because the record changed since it was opened (409, docs/decisions/200): what the
 * form shows, and the pure merge behind 'Review changes' — theirs beside yours, field by field.
 */

/** One field either side changed since the form was opened. */
export interface ConflictRow {
  field: string;
  /** The value now stored (their change, or what you opened). */
  theirs: unknown;
  /** What Update will send: your value where you changed the field, else theirs. */
  yours: unknown;
  /** You changed this field. */
  mine: boolean;
}

export interface FormConflict {
  /** The server's sentence: 'This receipt was changed by ann at 25/11/2026 14:02 after you opened it.' */
  message: string;
  /** Rows once 'Review changes' has loaded theirs; null before. */
  rows: ConflictRow[] | null;
  /** Reads the record again and shows it, keeping nothing typed. */
  reload: () => Promise<void>;
  /** Reads the record again and shows theirs beside yours; Update then saves on their version. */
  review: () => Promise<void>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Three versions of the form's values: as opened, as stored now (theirs), as typed (yours). A field
 * only you changed keeps yours; one only they changed takes theirs (saving again must not undo
 * it); one both changed keeps yours — the person sees both in the review before pressing Update.
 */
export function mergeValues(
  opened: Record<string, unknown>,
  theirs: Record<string, unknown>,
  yours: Record<string, unknown>,
): { values: Record<string, unknown>; rows: ConflictRow[] } {
  const values: Record<string, unknown> = { ...theirs };
  const rows: ConflictRow[] = [];
  for (const field of new Set([...Object.keys(theirs), ...Object.keys(yours)])) {
    const mine = !same(yours[field], opened[field]);
    const changedByThem = !same(theirs[field], opened[field]);
    if (mine) values[field] = yours[field];
    if (mine || changedByThem) rows.push({ field, theirs: theirs[field], yours: values[field], mine });
  }
  return { values, rows };
}

/** A value as the review table shows it. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(displayValue).join(', ');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return value.toString();
  return JSON.stringify(value) ?? '—';
}

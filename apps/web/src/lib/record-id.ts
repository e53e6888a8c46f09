/** A numeric record id from a route parameter ('12' → 12); anything else (0, '1.5', 'abc') is null, which screens send to /404. */
export function parseRecordId(param: string): number | null {
  if (!/^\d+$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id >= 1 ? id : null;
}

import { useCallback, useState } from 'react';

/**
 * A client-generated id for the resources that take one on create (receipts, coolers, CC codes,
 * part numbers; docs/architecture.md §4). `crypto.randomUUID` exists only in secure contexts (https, localhost): an intranet
 * deployment over plain http still gets a version-4 UUID from `crypto.getRandomValues`.
 */
interface RandomSource {
  getRandomValues: (array: Uint8Array<ArrayBuffer>) => Uint8Array;
  randomUUID?: () => string;
}

export function newUuid(source: RandomSource = crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The client id of one create form: made when the form is shown, kept for every retry of the same
 * attempt (a retry after a lost answer is still the same create), and `renew`ed once that create has succeeded, so nothing the form shows
 * afterwards can be sent under it (docs/decisions/215).
 */
export function useNewId(): [id: string, renew: () => void] {
  const [id, setId] = useState(() => newUuid());
  const renew = useCallback(() => setId(newUuid()), []);
  return [id, renew];
}

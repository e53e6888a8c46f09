/**
 * A lookup that remembers what it was answered and, with the network gone, answers from what this
 * device has seen (docs/decisions/270): page 1 of the records whose text contains what was typed.
 */
import { isApiError } from '../api-client';
import { isOffline, outboxUser } from './outbox';
import { findSeen, remember, searchSeen, type SeenKind } from './seen';

export interface Described {
  id: string | number;
  text: string;
}

export async function lookupOrSeen<T>(
  kind: SeenKind,
  text: string,
  fetch: () => Promise<T[]>,
  describe: (item: T) => Described,
): Promise<T[]> {
  const user = outboxUser();
  const fromDevice = async () => (user ? (await searchSeen<T>(user, kind, text)).map((s) => s.value) : []);
  if (isOffline()) return fromDevice();
  try {
    const items = await fetch();
    if (user)
      void remember(
        user,
        kind,
        items.map((item) => ({ ...describe(item), value: item })),
      ).catch(() => undefined);
    return items;
  } catch (error) {
    if (isApiError(error) && error.kind === 'network') return fromDevice();
    throw error;
  }
}

/** Keeps records this screen was answered (one record read, a record just made) for offline lookups. */
export function rememberSeen<T>(kind: SeenKind, items: readonly T[], describe: (item: T) => Described, pending = false): Promise<void> {
  const user = outboxUser();
  if (!user) return Promise.resolve();
  return remember(
    user,
    kind,
    items.map((item) => ({ ...describe(item), value: item, pending })),
  ).catch(() => undefined);
}

/** One record this device has seen, by id. */
export async function seenById<T>(kind: SeenKind, id: string | number): Promise<{ value: T; pending: boolean } | null> {
  const user = outboxUser();
  return user ? findSeen<T>(user, kind, String(id)).catch(() => null) : null;
}

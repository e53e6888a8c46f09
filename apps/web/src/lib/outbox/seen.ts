/**
 * What this device has seen of the server's records (docs/decisions/270): coolers, receipts and
 * the reference lists, stored per user as their answers arrive, and the records made here while
 * offline (marked `pending` until the outbox has sent them). Lookups answer from it when the
 * network is gone; what it does not know is 'to be checked' when the network returns.
 */
import { SEEN, done, inTransaction } from './db';

export type SeenKind = 'cooler' | 'receipt' | `ref:${string}`;

interface SeenRecord {
  key: string;
  user: string;
  kind: SeenKind;
  id: string;
  /** What a lookup matches, lower case (a serial, an LB number, a name). */
  text: string;
  value: unknown;
  /** Made on this device and not yet on the server. */
  pending: boolean;
}

export interface Seen<T> {
  value: T;
  pending: boolean;
}

const keyOf = (user: string, kind: SeenKind, id: string) => `${user}|${kind}|${id}`;

export async function remember<T>(
  user: string,
  kind: SeenKind,
  records: readonly { id: string | number; text: string; value: T; pending?: boolean }[],
): Promise<void> {
  if (records.length === 0) return;
  await inTransaction([SEEN], 'readwrite', (tx) => {
    const store = tx.objectStore(SEEN);
    for (const r of records) {
      const id = String(r.id);
      const record: SeenRecord = {
        key: keyOf(user, kind, id),
        user,
        kind,
        id,
        text: r.text.trim().toLowerCase(),
        value: r.value,
        pending: r.pending ?? false,
      };
      store.put(record);
    }
  });
}

/** Records of `kind` whose text contains `text` (any case), those matching it exactly first. */
export async function searchSeen<T>(user: string, kind: SeenKind, text: string, limit = 20): Promise<Seen<T>[]> {
  const all = await inTransaction([SEEN], 'readonly', (tx) =>
    done(tx.objectStore(SEEN).index('user-kind').getAll([user, kind]) as IDBRequest<SeenRecord[]>),
  );
  const wanted = text.trim().toLowerCase();
  return all
    .filter((r) => r.text.includes(wanted))
    .sort((a, b) => Number(b.text === wanted) - Number(a.text === wanted) || a.text.localeCompare(b.text))
    .slice(0, limit)
    .map((r) => ({ value: r.value as T, pending: r.pending }));
}

export async function findSeen<T>(user: string, kind: SeenKind, id: string): Promise<Seen<T> | null> {
  const r = await inTransaction([SEEN], 'readonly', (tx) =>
    done(tx.objectStore(SEEN).get(keyOf(user, kind, id)) as IDBRequest<SeenRecord | undefined>),
  );
  return r ? { value: r.value as T, pending: r.pending } : null;
}

/** Signing out: what this user's screens fetched goes with them. */
export async function forgetUser(user: string): Promise<void> {
  await inTransaction([SEEN], 'readwrite', async (tx) => {
    const store = tx.objectStore(SEEN);
    for (const key of await done(store.index('user').getAllKeys(user))) store.delete(key);
  });
}

/**
 * The outbox in IndexedDB (docs/decisions/270): items of every user, each under its client id, in
 * the order they were made (`seq`, taken in the transaction that stores the item, so two tabs
 * storing at once still get two places in one order).
 */
import { OUTBOX, done, inTransaction } from './db';
import type { NewOutboxItem, OutboxItem } from './types';

export async function enqueue(user: string, item: NewOutboxItem, now = Date.now()): Promise<OutboxItem> {
  return inTransaction([OUTBOX], 'readwrite', async (tx) => {
    const store = tx.objectStore(OUTBOX);
    const existing = await done(store.get(item.id) as IDBRequest<OutboxItem | undefined>);
    // The same write stored twice (a retry of a retry) is one item.
    if (existing) return existing;
    const all = await done(store.getAll() as IDBRequest<OutboxItem[]>);
    const seq = all.reduce((max, i) => Math.max(max, i.seq), 0) + 1;
    const stored: OutboxItem = {
      ...item,
      seq,
      user,
      status: 'waiting',
      attempts: 0,
      notBefore: 0,
      lastFailure: null,
      refusal: null,
      answer: null,
      madeAt: now,
      sentAt: null,
    };
    store.put(stored);
    return stored;
  });
}

/** This user's items, oldest first. */
export async function itemsOf(user: string): Promise<OutboxItem[]> {
  const items = await inTransaction([OUTBOX], 'readonly', (tx) =>
    done(tx.objectStore(OUTBOX).index('user').getAll(user) as IDBRequest<OutboxItem[]>),
  );
  return items.sort((a, b) => a.seq - b.seq);
}

export function getItem(id: string): Promise<OutboxItem | undefined> {
  return inTransaction([OUTBOX], 'readonly', (tx) => done(tx.objectStore(OUTBOX).get(id) as IDBRequest<OutboxItem | undefined>));
}

/** Changes one item as `change` says, reading it in the same transaction; answers the new item. */
export function updateItem(id: string, change: (item: OutboxItem) => OutboxItem): Promise<OutboxItem | undefined> {
  return inTransaction([OUTBOX], 'readwrite', async (tx) => {
    const store = tx.objectStore(OUTBOX);
    const item = await done(store.get(id) as IDBRequest<OutboxItem | undefined>);
    if (!item) return undefined;
    const next = change(item);
    store.put(next);
    return next;
  });
}

export function deleteItem(id: string): Promise<void> {
  return inTransaction([OUTBOX], 'readwrite', (tx) => {
    tx.objectStore(OUTBOX).delete(id);
  });
}

/** Signing out: this user's items go. */
export async function deleteItemsOf(user: string): Promise<void> {
  await inTransaction([OUTBOX], 'readwrite', async (tx) => {
    const store = tx.objectStore(OUTBOX);
    const keys = await done(store.index('user').getAllKeys(user));
    for (const key of keys) store.delete(key);
  });
}

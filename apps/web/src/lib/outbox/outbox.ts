/**
 * The outbox as the screens use it (docs/decisions/270). A floor write goes to the server as it
 * always did while the network answers and nothing of this user is waiting; with the network gone,
 * or no answer to the send, or earlier writes still waiting (they go first), it is kept here and
 * sent in order when the network returns. Screens read the items with `useOutbox()`.
 */
import { useSyncExternalStore } from 'react';
import type { z } from 'zod';
import { pathOf } from '@cooler-hub/contract/operation';
import { api, isApiError } from '../api-client';
import { currentToken, getAuthState } from '../auth';
import type { SendResult } from './classify';
import { sendUnderLock } from './sender';
import { forgetUser, remember } from './seen';
import { deleteItem, deleteItemsOf, enqueue, getItem, itemsOf, updateItem } from './store';
import { isPending, type NewOutboxItem, type OutboxItem, type OutboxRequest } from './types';

/** The signed-in user's key (token `sub`), or null when signed out. */
export function outboxUser(): string | null {
  const auth = getAuthState();
  return auth.status === 'authenticated' ? String(auth.payload.sub) : null;
}

export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

// ── the items as the screens see them ─────────────────────────────────────────────────────────

export interface OutboxSnapshot {
  items: readonly OutboxItem[];
  /** Not yet on the server and not refused: waiting and held items. */
  waiting: number;
  refused: number;
}

let snapshot: OutboxSnapshot = { items: [], waiting: 0, refused: 0 };
const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('cooler-outbox');

async function refresh(broadcast = true) {
  const user = outboxUser();
  const items = user ? await itemsOf(user).catch(() => []) : [];
  snapshot = { items, waiting: items.filter(isPending).length, refused: items.filter((i) => i.status === 'refused').length };
  for (const listener of listeners) listener();
  if (broadcast) channel?.postMessage('changed');
}

export function useOutbox(): OutboxSnapshot {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshot,
  );
}

// ── sending ───────────────────────────────────────────────────────────────────────────────────

async function transport(request: Pick<OutboxRequest, 'path' | 'body' | 'ifMatch'> & { method: string }): Promise<SendResult> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    Authorization: `Bearer ${currentToken()}`,
  };
  if (request.ifMatch !== undefined) headers['If-Match'] = `"${request.ifMatch}"`;
  let response: Response;
  try {
    response = await fetch(request.path, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
  } catch {
    return { kind: 'network' };
  }
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    body = text;
  }
  return { kind: 'answer', status: response.status, body };
}

/** An update answered 409: does the record already hold what the item sends (its own first send landed)? */
async function alreadySaved(item: OutboxItem): Promise<unknown> {
  if (item.kind !== 'receipt-update') return undefined;
  const id = item.request.path.split('/')[3] ?? '';
  // Loaded here, not with the outbox: the receipt's schemas stay out of the sign-in screen's first load.
  const { getReceipt } = await import('@cooler-hub/contract/operations/receipts');
  const answer = await transport({ method: getReceipt.method, path: pathOf(getReceipt, { id }), body: undefined });
  if (answer.kind !== 'answer' || answer.status !== 200) return undefined;
  return holdsValues(answer.body, item.request.body) ? answer.body : undefined;
}

/** Every field the body sends equals the record's (a reference by its id; `customerAccount` is the record's `account`). */
export function holdsValues(record: unknown, body: unknown): boolean {
  if (typeof record !== 'object' || record === null || typeof body !== 'object' || body === null) return false;
  const r = record as Record<string, unknown>;
  return Object.entries(body as Record<string, unknown>).every(([field, sent]) => {
    let stored = field === 'customerAccount' ? r.account : field === 'inventoryItem' ? r.inventoryItem : r[field];
    if (typeof stored === 'object' && stored !== null && 'id' in stored) stored = stored.id;
    return (stored ?? null) === (sent === '' ? null : (sent ?? null));
  });
}

/** After a send: what the screens looked up offline now reads as on the server. */
function onSent(item: OutboxItem) {
  const user = item.user;
  const answer = item.answer as { id?: string; lbNumber?: string; serialNumber?: string } | null;
  if (!answer?.id) return;
  if (item.kind === 'receipt' || item.kind === 'receipt-update')
    void remember(user, 'receipt', [{ id: answer.id, text: answer.lbNumber ?? '', value: answer }]);
  if (item.kind === 'cooler') void remember(user, 'cooler', [{ id: answer.id, text: answer.serialNumber ?? '', value: answer }]);
  void refresh();
  sentListeners.forEach((l) => l(item));
}

const sentListeners = new Set<(item: OutboxItem) => void>();
/** Told of each item the server took (a screen refreshes what it shows). */
export function onOutboxSent(listener: (item: OutboxItem) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

let running = false;
let again = false;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Sends what is due now (one round under the lock), and plans the next retry. */
export async function syncOutbox(): Promise<void> {
  const user = outboxUser();
  if (!user || isOffline()) return;
  if (running) {
    again = true;
    return;
  }
  running = true;
  try {
    do {
      again = false;
      const round = await sendUnderLock({ user, transport, alreadySaved, onSent });
      clearTimeout(timer);
      if (round.next !== null) timer = setTimeout(() => void syncOutbox(), Math.max(0, round.next - Date.now()));
    } while (again);
  } catch (error) {
    console.error('The outbox could not be sent', error);
  } finally {
    running = false;
    await refresh();
  }
}

/** The network is back: items waiting for it go now, not after their backoff. */
async function networkBack() {
  const user = outboxUser();
  if (!user) return;
  for (const item of await itemsOf(user)) {
    if (item.status === 'waiting' && item.lastFailure === 'network' && item.notBefore > Date.now())
      await updateItem(item.id, (i) => ({ ...i, notBefore: 0 }));
  }
  await syncOutbox();
}

/** Reads the items again (another user signed in) and sends what is due. */
export async function refreshOutbox(): Promise<void> {
  startOutbox();
  await refresh(false);
  await syncOutbox();
}

let started = false;
/** Once per page: listens for the network and other tabs, asks for durable storage, sends what waits. */
export function startOutbox() {
  if (started || typeof window === 'undefined' || typeof indexedDB === 'undefined') return;
  started = true;
  window.addEventListener('online', () => void networkBack());
  channel?.addEventListener('message', () => void refresh(false));
  void navigator.storage?.persist?.().catch(() => false);
  void refresh(false).then(() => syncOutbox());
}

// ── what screens call ─────────────────────────────────────────────────────────────────────────

/** Keeps a write for later and starts sending (if the network is there). */
export async function queueWrite(item: NewOutboxItem): Promise<OutboxItem> {
  const user = outboxUser();
  if (!user) throw new Error('Signed out: nothing can be kept.');
  const stored = await enqueue(user, item);
  await refresh();
  void syncOutbox();
  return stored;
}

export type SaveOutcome<T> = { saved: T; queued?: undefined } | { saved?: undefined; queued: OutboxItem };

/**
 * A floor write: sent now as before when the network is there and nothing of this user waits;
 * kept in the outbox when offline, when earlier writes still wait (they go first), or when the
 * send got no answer. A refusal (4xx) or a server error is thrown as before.
 */
export async function saveOrQueue<S extends z.ZodType>(item: NewOutboxItem, schema: S): Promise<SaveOutcome<z.output<S>>> {
  const user = outboxUser();
  if (user && (isOffline() || (await itemsOf(user).catch(() => [])).some(isPending))) return { queued: await queueWrite(item) };
  try {
    const { method, path, body, ifMatch } = item.request;
    return { saved: await api.request(path, { method, body, ifMatch, quietNetwork: true }, schema) };
  } catch (error) {
    if (isApiError(error) && error.kind === 'network' && user) return { queued: await queueWrite(item) };
    throw error;
  }
}

/** Fix and resend: the item (changed by `change`, if given) goes again; so do those held behind it. */
export async function resendItem(id: string, change?: (item: OutboxItem) => OutboxItem): Promise<void> {
  await updateItem(id, (i) => ({ ...(change ? change(i) : i), status: 'waiting', notBefore: 0, lastFailure: null, refusal: null }));
  await refresh();
  await syncOutbox();
}

export async function discardItem(id: string): Promise<void> {
  await deleteItem(id);
  await refresh();
}

export const outboxItem = getItem;

/** This user's items (what a screen decides an item's dependencies from). */
export async function outboxItems(): Promise<OutboxItem[]> {
  const user = outboxUser();
  return user ? itemsOf(user).catch(() => []) : [];
}

/** Signing out: this user's outbox and what their screens cached go from this device. */
export async function forgetSignedOutUser(user: string): Promise<void> {
  await Promise.all([deleteItemsOf(user), forgetUser(user)]);
  clearTimeout(timer);
  snapshot = { items: [], waiting: 0, refused: 0 };
  for (const listener of listeners) listener();
  channel?.postMessage('changed');
}

/**
 * Sends the outbox (docs/decisions/270): one tab at a time (the Web Lock 'cooler-outbox'), this
 * user's items in the order they were made, each re-read from IndexedDB inside the lock so a tab
 * that waited for it finds what another tab already sent. Each is sent under its client id, key or
 * version, so a send whose answer was lost (a tab closed mid-sync) is sent again without doubling.
 *
 * - sent, refused: done (a refused item stays until fixed and resent, or discarded);
 * - an item whose dependency was refused or is held is held with it; the items behind go on;
 * - no answer (network): the round stops here — nothing behind it is sent before it — and the item
 *   is tried again after a backoff;
 * - the server there but busy (408, 429, 5xx): this item waits with a backoff, the others go on;
 * - 401: the round stops; nothing is sent until someone signs in again.
 *
 * An update kept behind an earlier update of the same record (it depends on it) was made on what
 * that one saves: once that one is sent, it goes under the version the answer carries (If-Match).
 */
import { backoffMs, classify, type SendResult } from './classify';
import { itemsOf, updateItem } from './store';
import type { OutboxItem, OutboxRequest } from './types';

export interface SenderDeps {
  user: string;
  transport: (request: OutboxRequest) => Promise<SendResult>;
  now?: () => number;
  /**
   * An update answered 409: whether the record already holds what the item sends (its own first
   * send landed and the answer was lost). Then the item counts as sent.
   */
  alreadySaved?: (item: OutboxItem) => Promise<unknown>;
  onSent?: (item: OutboxItem) => void;
}

export interface RoundResult {
  /** When the next retry is due (ms since 1970), or null when nothing is waiting on a timer. */
  next: number | null;
  sent: number;
}

const LOCK_NAME = 'cooler-outbox';

export async function sendRound(deps: SenderDeps): Promise<RoundResult> {
  const now = deps.now ?? Date.now;
  const items = await itemsOf(deps.user);
  const done = new Set(items.filter((i) => i.status === 'sent').map((i) => i.id));
  const blocked = new Set(items.filter((i) => i.status === 'refused').map((i) => i.id));
  const later = new Set<string>();
  let next: number | null = null;
  let sent = 0;
  const due = (at: number) => {
    next = next === null ? at : Math.min(next, at);
  };

  for (const item of items) {
    if (item.status === 'sent' || item.status === 'refused') continue;
    const waitsOn = item.dependsOn.filter((id) => !done.has(id));
    if (waitsOn.some((id) => blocked.has(id))) {
      blocked.add(item.id);
      if (item.status !== 'held') await updateItem(item.id, (i) => ({ ...i, status: 'held' }));
      continue;
    }
    if (waitsOn.some((id) => later.has(id))) {
      later.add(item.id);
      continue;
    }
    if (item.notBefore > now()) {
      due(item.notBefore);
      // Waiting for the network: nothing behind it goes first.
      if (item.lastFailure === 'network') return { next, sent };
      later.add(item.id);
      continue;
    }
    const outcome = classify(await deps.transport(item.request).catch((): SendResult => ({ kind: 'network' })));
    if (outcome.kind === 'offline' || outcome.kind === 'later') {
      const lastFailure = outcome.kind === 'offline' ? 'network' : 'server';
      const retried = await updateItem(item.id, (i) => ({
        ...i,
        status: 'waiting',
        attempts: i.attempts + 1,
        notBefore: now() + backoffMs(i.attempts + 1),
        lastFailure,
      }));
      due(retried?.notBefore ?? now());
      if (outcome.kind === 'offline') return { next, sent };
      later.add(item.id);
      continue;
    }
    if (outcome.kind === 'signed-out') return { next: null, sent };
    if (outcome.kind === 'refused' && outcome.refusal.status === 409 && deps.alreadySaved) {
      const saved = await deps.alreadySaved(item).catch(() => undefined);
      if (saved !== undefined) {
        await markSent(item, saved, now(), deps, items);
        done.add(item.id);
        sent += 1;
        continue;
      }
    }
    if (outcome.kind === 'refused') {
      await updateItem(item.id, (i) => ({ ...i, status: 'refused', attempts: i.attempts + 1, refusal: outcome.refusal }));
      blocked.add(item.id);
      continue;
    }
    await markSent(item, outcome.answer, now(), deps, items);
    done.add(item.id);
    sent += 1;
  }
  return { next, sent };
}

/** `items`: the round's copies; an update kept behind this one is changed there too, as it is sent later in the round. */
async function markSent(item: OutboxItem, answer: unknown, at: number, deps: SenderDeps, items: OutboxItem[]) {
  const stored = await updateItem(item.id, (i) => ({
    ...i,
    status: 'sent',
    refusal: null,
    answer,
    sentAt: at,
    notBefore: 0,
    lastFailure: null,
  }));
  await rebaseBehind(item, answer, items);
  if (stored) deps.onSent?.(stored);
}

/** The version a saved record's answer carries (docs/decisions/200), or null. */
function versionOf(answer: unknown): string | null {
  const version = typeof answer === 'object' && answer !== null && 'version' in answer ? answer.version : null;
  return typeof version === 'string' ? version : null;
}

/** The updates of the same record kept behind `sent` now build on what it saved: its answer's version. */
async function rebaseBehind(sent: OutboxItem, answer: unknown, items: OutboxItem[]) {
  const version = versionOf(answer);
  if (sent.request.method !== 'PUT' || version === null) return;
  for (const [index, later] of items.entries()) {
    if (
      later.status === 'sent' ||
      later.request.method !== 'PUT' ||
      later.request.path !== sent.request.path ||
      !later.dependsOn.includes(sent.id)
    )
      continue;
    const stored = await updateItem(later.id, (i) => ({ ...i, request: { ...i.request, ifMatch: version } }));
    if (stored) items[index] = { ...later, request: stored.request };
  }
}

/** A round under the Web Lock: tabs take turns; without Web Locks the server's idempotency still keeps each write once. */
export function sendUnderLock(
  deps: SenderDeps,
  locks: LockManager | undefined = typeof navigator === 'undefined' ? undefined : navigator.locks,
): Promise<RoundResult> {
  if (!locks) return sendRound(deps);
  // The lock is held until the round's promise settles; the request answers what it resolved to.
  return locks.request(LOCK_NAME, async () => sendRound(deps)) as unknown as Promise<RoundResult>;
}

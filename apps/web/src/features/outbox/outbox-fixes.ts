/**
 * The ways to fix a refused outbox item and send it again (docs/decisions/270): a receipt whose LB
 * number is already used (a receipt made, or an LB number changed, offline) takes another (and the
 * notes made with the old one follow it); a note with LB numbers the server refused (another note
 * holds them, unknown) goes without them; an update someone else changed first goes on their
 * version once the person chooses to.
 */
import type { OutboxItem } from '../../lib/outbox/types';

/** The positions `lbNumbers[i]` the refusal names. */
export function refusedLbIndexes(item: OutboxItem): number[] {
  const indexes = (item.refusal?.violations ?? [])
    .map((v) => /^lbNumbers\[(\d+)\]/.exec(v.propertyPath ?? '')?.[1])
    .filter((i): i is string => i !== undefined);
  return [...new Set(indexes.map(Number))].sort((a, b) => a - b);
}

/** Whether the refusal is about the receipt's LB number. */
export const refusedLb = (item: OutboxItem) =>
  (item.kind === 'receipt' || item.kind === 'receipt-update') &&
  (item.refusal?.violations ?? []).some((v) => v.propertyPath === 'lbNumber');

type WithLbs = { lbNumbers?: string[] };
type WithLb = { lbNumber?: string };

/** The note without the refused LB numbers. */
export function withoutRefusedLbs(item: OutboxItem): OutboxItem {
  const drop = new Set(refusedLbIndexes(item));
  const body = item.request.body as WithLbs;
  const lbNumbers = (body.lbNumbers ?? []).filter((_, i) => !drop.has(i));
  return { ...item, request: { ...item.request, body: { ...body, lbNumbers } }, label: noteLabel(item.label, lbNumbers.length) };
}

const noteLabel = (label: string, count: number) => label.replace(/\d+ LB numbers?/, count === 1 ? '1 LB number' : `${count} LB numbers`);

/** The receipt with another LB number, its label saying so. */
export function withLb(item: OutboxItem, lbNumber: string): OutboxItem {
  const body = item.request.body as WithLb;
  const old = body.lbNumber ?? '';
  return {
    ...item,
    request: { ...item.request, body: { ...body, lbNumber } },
    label: old ? item.label.replace(old, lbNumber) : item.label,
  };
}

/** A note made with the receipt's old LB number lists the new one instead. */
export function noteFollowingLb(note: OutboxItem, oldLb: string, newLb: string): OutboxItem | null {
  const body = note.request.body as WithLbs;
  const lbs = body.lbNumbers ?? [];
  if (note.kind !== 'delivery' || !lbs.some((lb) => lb.toUpperCase() === oldLb.toUpperCase())) return null;
  return {
    ...note,
    request: { ...note.request, body: { ...body, lbNumbers: lbs.map((lb) => (lb.toUpperCase() === oldLb.toUpperCase() ? newLb : lb)) } },
  };
}

/**
 * What the outbox keeps (docs/decisions/270): one floor write made while the network was gone (or
 * whose send failed for the network), as the request that makes it — a create under its client id
 * or key, an update under the version its editor saw — with what the server said once it answered.
 */
import type { Violation } from '@cooler-hub/contract/common';

export type OutboxKind = 'cooler' | 'receipt' | 'receipt-update' | 'delivery';

/**
 * waiting: to be sent (again); sent: the server took it; refused: the server said no (a 4xx) — kept
 * with its sentence until fixed and resent or discarded; held: waits on an item it depends on that
 * was refused, and goes again once that one is sent.
 */
export type OutboxStatus = 'waiting' | 'sent' | 'refused' | 'held';

export interface OutboxRequest {
  method: 'POST' | 'PUT';
  path: string;
  body: unknown;
  /** The version the update is based on (If-Match, docs/decisions/200). */
  ifMatch?: string;
}

export interface Refusal {
  status: number;
  /** The server's own sentence (hydra:description), or the violations' joined. */
  sentence: string;
  violations: Violation[];
}

export interface OutboxItem {
  /** The client id of the record (receipt, cooler) or the note's clientKey: also this item's key. */
  id: string;
  /** Order of making: items are sent in this order. */
  seq: number;
  /** The signed-in user who made it (token `sub`): only they send it; signing out deletes it. */
  user: string;
  kind: OutboxKind;
  /** What a person reads in the list: 'Receipt LB1234 for serial S-9'. */
  label: string;
  request: OutboxRequest;
  /** Items that must be on the server first (the cooler of a receipt, the receipts of a note's lines). */
  dependsOn: string[];
  status: OutboxStatus;
  attempts: number;
  /** ms since 1970: not sent again before. */
  notBefore: number;
  /** Why the last send did not land: no answer (the network), or the server could not take it now. */
  lastFailure: 'network' | 'server' | null;
  refusal: Refusal | null;
  /** The server's answer once sent. */
  answer: unknown;
  madeAt: number;
  sentAt: number | null;
}

/** What a screen hands the outbox: the rest is filled in when it is stored. */
export type NewOutboxItem = Pick<OutboxItem, 'id' | 'kind' | 'label' | 'request' | 'dependsOn'>;

/** Still to reach the server: what the top bar counts as 'waiting'. */
export const isPending = (item: OutboxItem) => item.status === 'waiting' || item.status === 'held';

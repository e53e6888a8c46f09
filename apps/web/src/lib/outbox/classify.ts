/**
 * What an answer means for an outbox item (docs/decisions/270): 2xx sent; no answer at all (the
 * network) — try again later and send nothing behind it; 408, 429 and 5xx (the server is there but
 * could not take it now) — this item and what depends on it try again later, the others go on;
 * 401 — the session has ended, nothing is sent until someone signs in; any other 4xx — refused,
 * with the server's own sentence.
 */
import type { Violation } from '@cooler-hub/contract/common';
import type { Refusal } from './types';

export type SendResult = { kind: 'answer'; status: number; body: unknown } | { kind: 'network' };

export type Outcome =
  | { kind: 'sent'; answer: unknown }
  | { kind: 'offline' }
  | { kind: 'later' }
  | { kind: 'signed-out' }
  | { kind: 'refused'; refusal: Refusal };

function violationsOf(body: unknown): Violation[] {
  if (typeof body !== 'object' || body === null || !('violations' in body) || !Array.isArray(body.violations)) return [];
  return (body.violations as unknown[]).filter((v): v is Violation => typeof v === 'object' && v !== null && 'message' in v);
}

/** The server's sentence: hydra:description, else the violations, else the status. */
export function sentenceOf(status: number, body: unknown): string {
  const violations = violationsOf(body);
  if (violations.length) return violations.map((v) => (v.propertyPath ? `${v.propertyPath}: ${v.message}` : v.message)).join(' ');
  if (typeof body === 'object' && body !== null) {
    const record = body as Record<string, unknown>;
    for (const key of ['hydra:description', 'detail', 'message', 'hydra:title']) {
      const text = record[key];
      if (typeof text === 'string' && text.trim()) return text;
    }
  }
  return `The server refused it (${status}).`;
}

export function classify(result: SendResult): Outcome {
  if (result.kind === 'network') return { kind: 'offline' };
  const { status, body } = result;
  if (status >= 200 && status < 300) return { kind: 'sent', answer: body };
  if (status === 401) return { kind: 'signed-out' };
  if (status === 408 || status === 429 || status >= 500) return { kind: 'later' };
  return { kind: 'refused', refusal: { status, sentence: sentenceOf(status, body), violations: violationsOf(body) } };
}

/** Wait before the n-th retry: 1 s, 2 s, 4 s … at most a minute. */
export function backoffMs(attempts: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempts - 1), 60_000);
}

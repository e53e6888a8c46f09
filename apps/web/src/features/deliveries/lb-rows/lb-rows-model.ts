/**
 * The pure half of the LB rows (lb-rows.tsx): the list of LB numbers a note is built from, and what
 * the server's check (POST /api/deliveries/check_lb_numbers, docs/decisions/153) said of each. The
 * list itself is a plain string[] owned by the screen (the create draft, an edit form); the checks
 * are kept beside it, by LB number, so they follow a row however the list is reordered or edited.
 */
import type { DeliveryType } from '@cooler-hub/contract/delivery-types';
import { lineWarnings, type LbCheckItem, type LbCheckReceipt } from '@cooler-hub/contract/lb-numbers';
import { normalizeLbNumber } from '@cooler-hub/contract/rules';

/**
 * The list with the new codes appended, each at most once: a code already in the list (or twice in
 * `codes`) is not added again. `added` are the codes that were new, in order; `repeated` the ones
 * that were already on the note (a tag scanned twice), for the screen to say so.
 */
export function addCodes(list: readonly string[], codes: readonly string[]): { list: string[]; added: string[]; repeated: string[] } {
  const seen = new Set(list);
  const added: string[] = [];
  const repeated: string[] = [];
  for (const raw of codes) {
    // Compared and sent as the create call reads them.
    const code = normalizeLbNumber(raw);
    if (!code) continue;
    if (seen.has(code)) {
      repeated.push(code);
      continue;
    }
    seen.add(code);
    added.push(code);
  }
  return { list: added.length ? [...list, ...added] : [...list], added, repeated };
}

export function removeCode(list: readonly string[], code: string): string[] {
  return list.filter((lb) => lb !== code);
}

/** What is known of one row: not asked yet, being asked, the server's answer, or the ask failed. */
export type LbCheckState = { kind: 'pending' } | { kind: 'checked'; item: LbCheckItem } | { kind: 'failed' };

export type LbChecks = ReadonlyMap<string, LbCheckState>;

/** Offline, or no answer: the row is 'to be checked' when the network returns, and on save (docs/decisions/270). */
export const CHECK_FAILED_MESSAGE = 'To be checked: the server did not answer. It is checked when the network returns, and again on save.';

/** The rows whose check failed are asked again (the network is back). */
export function withoutFailures(checks: LbChecks): Map<string, LbCheckState> {
  return new Map([...checks].filter(([, state]) => state.kind !== 'failed'));
}

/** The codes of the list nobody has asked about yet (neither answered nor on the way). */
export function codesToCheck(list: readonly string[], checks: LbChecks, inFlight: ReadonlySet<string>): string[] {
  return [...new Set(list)].filter((lb) => !checks.has(lb) && !inFlight.has(lb));
}

/** The checks with the server's answers merged in (one item per code sent, in order). */
export function withAnswers(checks: LbChecks, items: readonly LbCheckItem[]): Map<string, LbCheckState> {
  const next = new Map(checks);
  for (const item of items) next.set(item.lbNumber, { kind: 'checked', item });
  return next;
}

export function withFailures(checks: LbChecks, codes: readonly string[]): Map<string, LbCheckState> {
  const next = new Map(checks);
  for (const code of codes) next.set(code, { kind: 'failed' });
  return next;
}

/**
 * ok: ready; checking: asked, no answer yet; flagged: the server would refuse it; unchecked: the
 * check failed; attention: the server takes it, but it carries warnings nobody has accepted yet.
 */
export type RowTone = 'ok' | 'checking' | 'flagged' | 'unchecked' | 'attention';

/** One row as drawn: its LB number, how it stands and the sentence shown under it (null when fine). */
export interface LbRowView {
  lbNumber: string;
  tone: RowTone;
  message: string | null;
  /** The receipt holding the code, once the server has said (serial, part number, customer). */
  receipt: LbCheckReceipt | null;
  /** The line's warnings (docs/decisions/220), and whether the person has accepted them all. */
  warnings: string[];
  accepted: boolean;
}

/** What the warnings depend on: the note's type and customer, and which warnings were accepted. */
export interface DeliveryContext {
  type: DeliveryType;
  customerAccount: number | null;
  /** `acceptanceKey`s of the warnings the person accepted. */
  accepted: ReadonlySet<string>;
}

/** A warning is accepted for one LB number and one wording: another customer asks again. */
export function acceptanceKey(lbNumber: string, warning: string): string {
  return `${lbNumber}\u0000${warning}`;
}

/**
 * The rows to draw. `errors` are the server's violations of the last save, by position in the list
 * (`lbNumbers[i]`): they win over the check, which may be older than the save.
 */
export function rowViews(
  list: readonly string[],
  checks: LbChecks,
  delivery: DeliveryContext,
  errors: Readonly<Record<number, string>> = {},
): LbRowView[] {
  return list.map((lbNumber, index): LbRowView => {
    const state = checks.get(lbNumber);
    const receipt = state?.kind === 'checked' ? state.item.receipt : null;
    const row = { lbNumber, receipt, warnings: [] as string[], accepted: false };
    const error = errors[index];
    if (error) return { ...row, tone: 'flagged', message: error };
    if (!state || state.kind === 'pending') return { ...row, tone: 'checking', message: null };
    if (state.kind === 'failed') return { ...row, tone: 'unchecked', message: CHECK_FAILED_MESSAGE };
    const { item } = state;
    if (item.status !== 'ok') return { ...row, tone: 'flagged', message: item.message ?? 'This LB number cannot go on this note.' };
    const warnings = receipt ? lineWarnings(delivery.type, delivery.customerAccount, receipt) : [];
    const accepted = warnings.every((w) => delivery.accepted.has(acceptanceKey(lbNumber, w)));
    return { ...row, warnings, accepted, tone: accepted ? 'ok' : 'attention', message: null };
  });
}

/** How many rows are flagged (a save would be refused for them). */
export function flaggedCount(rows: readonly LbRowView[]): number {
  return rows.filter((r) => r.tone === 'flagged').length;
}

/** How many rows carry warnings nobody has accepted yet. */
export function attentionCount(rows: readonly LbRowView[]): number {
  return rows.filter((r) => r.tone === 'attention').length;
}

/**
 * Server violations of a save, split: `lbNumbers[i]` (react-hook-form style `lbNumbers.3` too) go
 * to row i; the rest are returned for the form.
 */
export function lbErrorsByIndex(fieldErrors: Readonly<Record<string, string>>): {
  rows: Record<number, string>;
  rest: Record<string, string>;
} {
  const rows: Record<number, string> = {};
  const rest: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const match = /^lbNumbers(?:\[(\d+)\]|\.(\d+))$/.exec(path);
    const index = match ? Number(match[1] ?? match[2]) : Number.NaN;
    if (Number.isInteger(index)) rows[index] = message;
    else rest[path] = message;
  }
  return { rows, rest };
}

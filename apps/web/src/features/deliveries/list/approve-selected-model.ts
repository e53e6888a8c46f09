/**
 * The words of 'Approve selected' on the transfer and scrap lists (docs/decisions/257): the one
 * confirmation — how many notes, that each is e-mailed to its recipients, which selected ones are
 * approved already — and what became of each note afterwards.
 */
import type { ApproveOutcome, ApproveSelectedResponse } from '@cooler-hub/contract/deliveries';
import { DELIVERY_TYPE_TABLE, deliveryTitle, type DeliveryType } from '@cooler-hub/contract/delivery-types';

export const APPROVE_SELECTED_LABEL = 'Approve selected';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

export interface ApproveQuestion {
  title: string;
  /** What approving does; null when nothing selected is pending. */
  text: string | null;
  /** The selected notes approved before, which the call leaves as they are. */
  skipped: string | null;
}

/** The confirmation for `pending` notes to approve and `approved` ones selected as well. */
export function approveQuestion(type: DeliveryType, pending: number, approved: number): ApproveQuestion {
  const noun = DELIVERY_TYPE_TABLE[type].noun;
  const skipped =
    approved === 0
      ? null
      : approved === 1
        ? `1 selected ${noun} is already approved and is left as it is.`
        : `${approved} selected ${noun}s are already approved and are left as they are.`;
  if (pending === 0) return { title: `Nothing to approve`, text: null, skipped };
  return {
    title: `Approve ${plural(pending, noun)}?`,
    text:
      pending === 1
        ? `The ${noun} will be e-mailed to its recipients with its CSV and PDF. An approved note can no longer be changed or deleted.`
        : `Each of the ${pending} ${noun}s will be e-mailed to its own recipients with its CSV and PDF. An approved note can no longer be changed or deleted.`,
    skipped,
  };
}

export interface OutcomeLine {
  id: number;
  title: string;
  outcome: ApproveOutcome;
  /** 'Approved', 'Already approved', 'Not approved'. */
  status: string;
  /** Why it was not approved, or what to know about it (no recipients). */
  detail: string | null;
}

const STATUS: Record<ApproveOutcome, string> = { approved: 'Approved', alreadyApproved: 'Already approved', failed: 'Not approved' };

/** One line per note of the answer, in the order of the selection. */
export function outcomeLines(type: DeliveryType, answer: ApproveSelectedResponse): OutcomeLine[] {
  return answer.items.map((item) => ({
    id: item.id,
    title: deliveryTitle({ id: item.id, type }),
    outcome: item.outcome,
    status: STATUS[item.outcome],
    detail: item.message,
  }));
}

/** '3 approved, 1 already approved, 1 not approved' (the parts with no notes left out). */
export function outcomeSummary(answer: ApproveSelectedResponse): string {
  const count = (outcome: ApproveOutcome) => answer.items.filter((i) => i.outcome === outcome).length;
  return [
    [count('approved'), 'approved'],
    [count('alreadyApproved'), 'already approved'],
    [count('failed'), 'not approved'],
  ]
    .filter(([n]) => (n as number) > 0)
    .map(([n, words]) => `${n} ${words}`)
    .join(', ');
}

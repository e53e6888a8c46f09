/**
 * The one LB classifier of a delivery (docs/decisions/227): what the rules say of each LB number,
 * in the body's order, with the contract's messages. The scan step's check answers every verdict;
 * a create or an edit refuses the delivery on each that is not ok.
 */
import { DUPLICATE_LB_NUMBER } from '@cooler-hub/contract/deliveries';
import type { DeliveryType } from '@cooler-hub/contract/delivery-types';
import { noteHoldingMessage, UNKNOWN_LB_NUMBER, type LbCheckItem } from '@cooler-hub/contract/lb-numbers';
import { isLbNumber, WRONG_LB_NUMBER } from '@cooler-hub/contract/rules';

/** The transfer or scrap delivery that holds a receipt. */
export interface Holder {
  id: number;
  type: DeliveryType;
}

export interface LbVerdict {
  status: LbCheckItem['status'];
  /** The sentence a flagged LB number shows; null when ok. */
  message: string | null;
  holder: Holder | null;
}

/**
 * invalid (not an LB number), duplicate (seen earlier in the list), unknown (no receipt has it),
 * taken (its receipt is on another transfer or scrap delivery), else ok.
 */
export function classifyLbNumbers(
  lbNumbers: readonly string[],
  receiptIdOf: (lbNumber: string) => string | undefined,
  holderOf: (receiptId: string) => Holder | undefined,
): LbVerdict[] {
  const seen = new Set<string>();
  const verdict = (status: LbVerdict['status'], message: string | null, holder: Holder | null = null): LbVerdict => ({
    status,
    message,
    holder,
  });
  return lbNumbers.map((lbNumber) => {
    if (!isLbNumber(lbNumber)) return verdict('invalid', WRONG_LB_NUMBER);
    if (seen.has(lbNumber)) return verdict('duplicate', DUPLICATE_LB_NUMBER);
    seen.add(lbNumber);
    const receiptId = receiptIdOf(lbNumber);
    if (receiptId === undefined) return verdict('unknown', UNKNOWN_LB_NUMBER);
    const holder = holderOf(receiptId);
    if (holder) return verdict('taken', noteHoldingMessage(holder), holder);
    return verdict('ok', null);
  });
}

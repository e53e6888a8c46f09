/**
 * What the scan step says of each code entered (docs/decisions/214): an LB number new to the note is
 * accepted; a code that is no LB number (it is still listed, flagged) or one the note already holds
 * is refused.
 */
import { WRONG_LB_NUMBER, isLbNumber } from '@cooler-hub/contract/rules';
import type { ScanOutcome } from '../../../components/scan-feedback/scan-feedback-model';
import { normalizeLbNumber } from '@cooler-hub/contract/rules';

/** Short, beside the field's own notice (the contract's sentence), which says it in full. */
export const ALREADY_ON_THIS_NOTE = 'already on this note';

export function lbScanFeedback(code: string, added: boolean): { outcome: ScanOutcome; message: string } {
  const lb = normalizeLbNumber(code);
  if (!added) return { outcome: 'refused', message: `${lb}: ${ALREADY_ON_THIS_NOTE}` };
  if (!isLbNumber(lb)) return { outcome: 'refused', message: `${lb}: ${WRONG_LB_NUMBER}` };
  return { outcome: 'accepted', message: `${lb} added` };
}

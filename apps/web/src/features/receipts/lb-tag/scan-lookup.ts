/**
 * Opening a receipt by a scanned or typed LB number (/main, /lb-tag, /scan-update):
 * the text is read the way the contract reads an LB number (trimmed, upper-cased), and only a
 * receipt whose LB number is exactly that one counts — the list call matches "contains".
 */
import { isLbNumber, normalizeLbNumber } from '@cooler-hub/contract/rules';
import type { Receipt } from '@cooler-hub/contract/receipts';
import { RECEIPTS_KEY } from '../../../lib/query-keys';
import { receiptsByLbInOrder } from '../api';

/** 'lb123 ' → 'LB123'; anything that is not an LB number → null. */
export function scannedLbNumber(text: string): string | null {
  const lb = normalizeLbNumber(text);
  return isLbNumber(lb) ? lb : null;
}

/** The receipt whose LB number is exactly `lb` among a list answer's items, or null. */
export function exactReceipt<T extends Pick<Receipt, 'lbNumber'>>(items: readonly T[], lb: string): T | null {
  return items.find((r) => r.lbNumber === lb) ?? null;
}

/**
 * The receipt with exactly this LB number, or null. The receipts starting with `lb` come in
 * LB-number order, where `lb` itself is first: one row answers it however many LB numbers share
 * the prefix.
 */
export async function findReceiptByLb(lb: string, signal?: AbortSignal): Promise<Receipt | null> {
  const answer = await receiptsByLbInOrder(lb, 1, signal);
  return exactReceipt(answer.items, lb);
}

/** The receipt holding exactly this LB number, as a query (cached with the other receipt calls, dropped when they change). */
export function receiptWithLbQuery(lb: string) {
  return {
    queryKey: [...RECEIPTS_KEY, 'lb', lb] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) => findReceiptByLb(lb, signal),
    staleTime: 10_000,
  };
}

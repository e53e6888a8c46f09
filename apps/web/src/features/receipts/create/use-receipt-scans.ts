/**
 * Floor speed on the receipt step (docs/product.md §5.3; docs/decisions/120): a scanned LB number or engineer
 * number is shown at once, answered by a sound and a flash, and moves the focus on to what is still
 * empty — else to the create button this user chose last.
 */
import type { RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { UseFormReturn } from 'react-hook-form';
import type { ReceiptCreateBody } from '@cooler-hub/contract/receipts';
import { formatLbInput, isLbNumber } from '@cooler-hub/contract/rules';
import { scanAccepted, scanRefused } from '../../../components/scan-feedback/scan-feedback';
import type { ReceiptCreateFormInput } from '../form/receipt-form-schema';
import { focusByName, nextFrame } from './focus-field';
import { afterScan } from './receipt-create-model';
import type { AfterCreate } from './receipt-defaults';

export function useReceiptScans(options: {
  form: UseFormReturn<ReceiptCreateFormInput, unknown, ReceiptCreateBody>;
  /** The receipt step: the fields and the create buttons. */
  stepRef: RefObject<HTMLDivElement | null>;
  /** This user's last choice of create button. */
  after: AfterCreate;
}) {
  const { form, stepRef, after } = options;
  const focusField = (name: keyof ReceiptCreateFormInput) => focusByName(() => stepRef.current, name);

  /** After a scan: on to the first thing still missing, else to Create (the one click). */
  const moveOn = async (scanned: 'lbNumber' | 'engineerNo') => {
    const next = afterScan(form.getValues(), scanned);
    if (next === null) return undefined;
    if (next !== 'create') return focusField(next);
    await nextFrame();
    // The create button this user chose last.
    stepRef.current?.querySelector<HTMLButtonElement>(`button[data-after-create="${after}"]`)?.focus();
    return undefined;
  };

  const onEngineerScan = async (value: string) => {
    flushSync(() => form.setValue('engineerNo', value, { shouldDirty: true, shouldTouch: true, shouldValidate: true }));
    scanAccepted(`Engineer number ${value}`);
    await moveOn('engineerNo');
  };

  const onLbScan = async (value: string) => {
    const lb = formatLbInput(value);
    flushSync(() => form.setValue('lbNumber', lb, { shouldDirty: true, shouldTouch: true, shouldValidate: true }));
    if (!isLbNumber(lb)) {
      scanRefused(`${value.trim() || 'An empty scan'}: Wrong Lb number`);
      return;
    }
    scanAccepted(`LB Number ${lb}`);
    await moveOn('lbNumber');
  };

  return { focusField, onEngineerScan, onLbScan };
}

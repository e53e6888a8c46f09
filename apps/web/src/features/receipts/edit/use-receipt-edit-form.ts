/**
 * The state of the update form of /receipt/:receipt/edit (docs/product.md §2.9, §8; docs/decisions/121, 270):
 * it starts from the receipt, or from an update of it still kept on this device; it saves under the
 * version the editor saw, or keeps the update in the outbox and says so; saved, it goes back to the
 * screen the user came from, else /main. A scan into LB Number or the engineer number is shown before
 * the next one is taken.
 */
import { useCallback, useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import type { Versioned } from '@cooler-hub/contract/common';
import type { Receipt, ReceiptUpdateBody } from '@cooler-hub/contract/receipts';
import { formatLbInput } from '@cooler-hub/contract/rules';
import { useAppForm } from '../../../components/form/use-app-form';
import { useSaveForm } from '../../../components/form/use-save-form';
import { isApiError } from '../../../lib/api-client';
import type { OutboxItem } from '../../../lib/outbox/types';
import { paths } from '../../../lib/paths';
import { RECEIPTS_KEY } from '../../../lib/query-keys';
import { getReceipt, updateReceiptOrKeep } from '../api';
import { receiptUpdateForm } from '../form/receipt-form-schema';
import { formValues, keptFormValues, receiptKey } from './receipt-edit-model';

/**
 * A save answers the receipt as the server now keeps it; one kept on this device answers a copy of
 * the record as the server still has it (version unchanged), listed here.
 */
const keptSaves = new WeakSet<Versioned<Receipt>>();

export function useReceiptEditForm(record: Versioned<Receipt>, kept: OutboxItem | undefined) {
  const navigate = useNavigate();
  const location = useLocation();
  // An update of this receipt still kept on this device: the form goes on from it, not from the server's record.
  const [keptAtOpen] = useState(kept);
  const formApi = useAppForm(receiptUpdateForm, { defaultValues: keptAtOpen ? keptFormValues(keptAtOpen) : formValues(record) });
  const { form } = formApi;
  const cameFromApp = location.key !== 'default';
  // Kept: the form stays as the person left it, pristine.
  const resetTo = useCallback((saved: Versioned<Receipt>) => (keptSaves.has(saved) ? form.getValues() : formValues(saved)), [form]);

  const onSubmit = useSaveForm(formApi, {
    save: async (values: ReceiptUpdateBody, version): Promise<Versioned<Receipt>> => {
      try {
        const outcome = await updateReceiptOrKeep(record, values, version);
        if (outcome.saved) return outcome.saved;
        // Kept on this device: the form stays based on the version it had; nothing reads as saved (docs/decisions/270).
        const asStored = { ...record, version: version ?? record.version };
        keptSaves.add(asStored);
        return asStored;
      } catch (error) {
        if (isApiError(error) && error.kind === 'toast') formApi.setFormError(error.message);
        throw error;
      }
    },
    edit: { record, reload: () => getReceipt(record.id) },
    message: (saved) =>
      keptSaves.has(saved)
        ? `Kept on this device, not yet on the server: the update of ${form.getValues('lbNumber')} is sent when the network returns.`
        : 'Receipt has been successfully updated',
    resetTo,
    // Kept: the record as the server still has it, not what was kept.
    recordKey: (saved) => receiptKey(saved.id),
    invalidate: RECEIPTS_KEY,
    onSaved: () => {
      if (cameFromApp) void navigate(-1);
      else void navigate(paths.main.to());
    },
  });

  // Shown before the next scan is taken (scans are queued, each one seen).
  const onLbScan = (value: string) => {
    flushSync(() => form.setValue('lbNumber', formatLbInput(value), { shouldDirty: true, shouldTouch: true, shouldValidate: true }));
  };
  const onEngineerScan = (value: string) => {
    flushSync(() => form.setValue('engineerNo', value, { shouldDirty: true, shouldTouch: true, shouldValidate: true }));
  };

  return { formApi, onSubmit, onLbScan, onEngineerScan };
}

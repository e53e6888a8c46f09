/**
 * The save of the receipt step (docs/product.md §2.9, §8; docs/decisions/215, 270): on the server, or kept on
 * this device and said so; then the tag printed if asked, the client id spent, this user's defaults and
 * create button kept, and a fresh form (`onReceived`) or Master Data (`onLeaving`).
 */
import type { RefObject } from 'react';
import { useNavigate } from 'react-router';
import type { Cooler } from '@cooler-hub/contract/coolers';
import type { ReceiptCreateBody } from '@cooler-hub/contract/receipts';
import type { AppFormApi } from '../../../components/form/use-app-form';
import { useSaveForm } from '../../../components/form/use-save-form';
import { isApiError } from '../../../lib/api-client';
import { newUuid } from '../../../lib/new-id';
import { paths } from '../../../lib/paths';
import { RECEIPTS_KEY } from '../../../lib/query-keys';
import { createReceiptOrKeep } from '../api';
import type { ReceiptCreateFormInput } from '../form/receipt-form-schema';
import { useCreateAndPrintTag } from '../lb-tag/use-lb-tag-print';
import { defaultsAfterCreate, type ChosenLabels } from './receipt-create-model';
import { saveAfterCreate, saveReceiptDefaults, type AfterCreate } from './receipt-defaults';
import type { Received } from './received-so-far';

export function useSaveReceipt(options: {
  formApi: AppFormApi<ReceiptCreateFormInput, ReceiptCreateBody>;
  userId: string;
  cooler: Cooler | null;
  chosen: RefObject<ChosenLabels>;
  /** The create button pressed. */
  pressed: RefObject<AfterCreate>;
  /** Keeps the button pressed as this user's choice. */
  setAfter: (choice: AfterCreate) => void;
  onReceived: (saved: Received) => void;
  onLeaving: () => void;
}) {
  const { formApi, userId, cooler, chosen, pressed, setAfter, onReceived, onLeaving } = options;
  const { form } = formApi;
  const navigate = useNavigate();
  const printTag = useCreateAndPrintTag();

  const onSubmit = useSaveForm(formApi, {
    save: async (values: ReceiptCreateBody): Promise<Received> => {
      try {
        const outcome = await createReceiptOrKeep(values, cooler?.serialNumber ?? '');
        if (outcome.saved) return outcome.saved;
        // Kept on this device: shown as such, never as saved on the server (docs/decisions/270).
        return { id: values.id, lbNumber: values.lbNumber, inventoryItem: { serialNumber: cooler?.serialNumber ?? '' }, kept: true };
      } catch (error) {
        // A general server error shows as a red alert on the form too (docs/product.md §8), besides its toast.
        if (isApiError(error) && error.kind === 'toast') formApi.setFormError(error.message);
        throw error;
      }
    },
    message: (saved) =>
      saved.kept ? 'Receipt kept on this device: it is sent when the network returns.' : 'Receipt has been successfully created',
    invalidate: RECEIPTS_KEY,
    onSaved: (saved) => {
      if (!saved.kept) printTag.afterCreate(saved);
      const v = form.getValues();
      // Spent: whatever this form shows next is another receipt (docs/decisions/215).
      form.setValue('id', newUuid());
      saveReceiptDefaults(userId, defaultsAfterCreate(chosen.current, v));
      const choice = pressed.current;
      saveAfterCreate(userId, choice);
      setAfter(choice);
      if (choice === 'next') onReceived(saved);
      else {
        onLeaving();
        void navigate(paths.receipts.to());
      }
    },
  });

  return { onSubmit, onClickCapture: printTag.onClickCapture };
}

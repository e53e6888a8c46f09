/**
 * The state of one receipt form on /receipt-create (docs/product.md §2.9, §5.3; docs/decisions/120, 215): the
 * cooler chosen in step 1, the form of step 2 starting from this user's defaults ('Clear defaults' forgets
 * them), the labels chosen in its search-selects, and the create button this user pressed last. Its
 * scans are use-receipt-scans.ts, its save use-save-receipt.ts.
 */
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Cooler } from '@cooler-hub/contract/coolers';
import type { NamedRef } from '@cooler-hub/contract/common';
import type { CollectionPoint } from '@cooler-hub/contract/settings';
import { useAppForm } from '../../../components/form/use-app-form';
import { receiptCreateForm } from '../form/receipt-form-schema';
import { startValues, type ChosenLabels } from './receipt-create-model';
import { clearReceiptDefaults, readAfterCreate, readReceiptDefaults, type AfterCreate } from './receipt-defaults';
import type { Received } from './received-so-far';
import { useReceiptScans } from './use-receipt-scans';
import { useSaveReceipt } from './use-save-receipt';
import { useScanOnButtonGuard } from './use-scan-on-button-guard';

export function useReceiptCreateForm(options: {
  userId: string;
  onReceived: (saved: Received) => void;
  /** A plain Create is leaving for Master Data. */
  onLeaving: () => void;
}) {
  const { userId } = options;
  const [defaults, setDefaults] = useState(() => readReceiptDefaults(userId));
  const [cooler, setCooler] = useState<Cooler | null>(null);
  const [stepKey, setStepKey] = useState(0);
  const [after, setAfter] = useState(() => readAfterCreate(userId));
  /** The create button pressed: what follows the save. */
  const pressed = useRef<AfterCreate>(after);
  const guardScanOnButton = useScanOnButtonGuard();
  const [initialValues] = useState(() => startValues(defaults));
  const formApi = useAppForm(receiptCreateForm, { defaultValues: initialValues });
  const { form } = formApi;
  const stepRef = useRef<HTMLDivElement>(null);
  // The labels of what was chosen, kept as this user's defaults after a successful create.
  const chosen = useRef<ChosenLabels>({
    account: defaults?.account ?? null,
    supplier: defaults?.supplier ?? null,
    point: defaults?.collectionPoint ?? null,
  });
  const { focusField, onEngineerScan, onLbScan } = useReceiptScans({ form, stepRef, after });
  const save = useSaveReceipt({ ...options, formApi, cooler, chosen, pressed, setAfter });

  const chooseCooler = async (next: Cooler) => {
    // Committed at once, so LB Number is there to take the focus — and the next scan (docs/decisions/275).
    flushSync(() => setCooler(next));
    form.setValue('inventoryItem', next.id, { shouldValidate: form.formState.isSubmitted });
    // Picked, scanned or just added: the LB tag is what comes next.
    await focusField('lbNumber');
  };

  const clearCooler = () => {
    setCooler(null);
    form.setValue('inventoryItem', null);
  };

  const clearDefaults = () => {
    clearReceiptDefaults(userId);
    setDefaults(null);
    chosen.current = { account: null, supplier: null, point: null };
    const now = form.getValues();
    form.reset({ ...startValues(null), id: now.id, inventoryItem: now.inventoryItem, lbNumber: now.lbNumber });
    setStepKey((k) => k + 1);
  };

  /** The search-selects' choices, kept with the defaults after a create. */
  const remember = {
    account: (item: NamedRef | null) => {
      chosen.current.account = item;
    },
    supplier: (item: NamedRef | null) => {
      chosen.current.supplier = item;
    },
    point: (item: CollectionPoint | null) => {
      chosen.current.point = item;
    },
  };

  const mode = form.watch('mode');
  const isDirty = form.formState.isDirty;

  return {
    formApi,
    onSubmit: save.onSubmit,
    defaults,
    cooler,
    chooseCooler,
    clearCooler,
    clearDefaults,
    stepKey,
    stepRef,
    /** What the search-selects start from: the labels chosen so far. */
    initialChoice: chosen.current,
    remember,
    onEngineerScan,
    onLbScan,
    buttons: {
      after,
      pressed,
      ready: isDirty && mode !== null,
      processing: formApi.processing,
      onClickCapture: save.onClickCapture,
      onKeyDown: guardScanOnButton,
    },
  };
}

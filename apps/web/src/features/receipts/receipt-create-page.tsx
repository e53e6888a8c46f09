/**
 * 'Create receipt' (/receipt-create, spec 2.9, 4, 5.3, 8): step 1 chooses or adds the cooler
 * (receipt-cooler-step); step 2, revealed with a 500 ms animation once a cooler is chosen, is the
 * receipt: Asset No., Account, collection point or engineer number, LB Number*, Receipt date,
 * Supplier Code, Process option, Process State, Scrap reason*, Notes, Tag Fault Comment. Create
 * stays disabled until the form changed and a mode is chosen; success goes to /receipts.
 *
 * Floor speed (issue 8 item 9, docs/decisions/120): a scanned serial of a known cooler moves the
 * focus to LB Number; a scanned LB number moves it on to what is still empty; account, supplier,
 * mode, process option and (same day) receipt date start from this user's previous receipt.
 */
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Cooler } from '@cooler-hub/contract/coolers';
import type { NamedRef } from '@cooler-hub/contract/common';
import { londonToday } from '@cooler-hub/contract/london-time';
import type { ReceiptCreateBody } from '@cooler-hub/contract/receipts';
import { formatLbInput, isLbNumber } from '@cooler-hub/contract/rules';
import type { CollectionPoint } from '@cooler-hub/contract/settings';
import { AppForm, SubmitButton } from '../../components/form/app-form';
import { DateField } from '../../components/form/date-field';
import { TextField, TextareaField } from '../../components/form/fields';
import { customerAccountLookup, supplierLookup } from '../../components/form/lookups';
import { SearchSelect } from '../../components/form/search-select';
import { useAppForm } from '../../components/form/use-app-form';
import { useSaveForm } from '../../components/form/use-save-form';
import { isApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { newUuid } from '../../lib/new-id';
import { paths } from '../../lib/paths';
import { RECEIPTS_KEY, createReceipt } from './api';
import { CreateAndPrintTagButton, useCreateAndPrintTag } from './lb-tag-print';
import { ReceiptCoolerStep, focusByName, nextFrame } from './receipt-cooler-step';
import { clearReceiptDefaults, readReceiptDefaults, saveReceiptDefaults, type ReceiptDefaults } from './receipt-defaults';
import { LbNumberField, ModeFields, ProcessFields } from './receipt-form-fields';
import { receiptCreateForm, type ReceiptCreateFormInput } from './receipt-form-schema';
import './receipt-form.css';

function startValues(defaults: ReceiptDefaults | null): ReceiptCreateFormInput {
  return {
    id: newUuid(),
    inventoryItem: null,
    assetNo: '',
    customerAccount: defaults?.account?.id ?? null,
    mode: defaults?.mode ?? null,
    collectionPoint: defaults?.mode === 'collectionPoint' ? (defaults.collectionPoint?.id ?? null) : null,
    engineerNo: '',
    lbNumber: 'LB',
    receiptDate: defaults?.receiptDate ?? londonToday(),
    supplier: defaults?.supplier?.id ?? null,
    processOption: defaults?.processOption ?? null,
    processState: null,
    scrapReason: null,
    notes: '',
    tagFaultComment: '',
  };
}

function ReceiptCreate({ userId }: { userId: string }) {
  const [defaults, setDefaults] = useState(() => readReceiptDefaults(userId));
  const [cooler, setCooler] = useState<Cooler | null>(null);
  const [stepKey, setStepKey] = useState(0);
  const formApi = useAppForm(receiptCreateForm, { defaultValues: startValues(defaults) });
  const { form } = formApi;
  const stepRef = useRef<HTMLDivElement>(null);
  // The labels of what was chosen, kept as this user's defaults after a successful create.
  const chosen = useRef<{ account: NamedRef | null; supplier: NamedRef | null; point: CollectionPoint | null }>({
    account: defaults?.account ?? null,
    supplier: defaults?.supplier ?? null,
    point: defaults?.collectionPoint ?? null,
  });

  const focusField = (name: keyof ReceiptCreateFormInput) => focusByName(() => stepRef.current, name);
  const printTag = useCreateAndPrintTag();

  /** After a scan: on to the first thing still missing, else to Create (the one click). */
  const moveOn = async (after: 'lbNumber' | 'engineerNo') => {
    const v = form.getValues();
    const empty = (x: unknown) => x === null || x === undefined || x === '';
    if (after !== 'engineerNo' && v.mode === 'engineer' && empty(v.engineerNo)) return focusField('engineerNo');
    if (v.mode === 'collectionPoint' && empty(v.collectionPoint)) return focusField('collectionPoint');
    if (empty(v.customerAccount)) return focusField('customerAccount');
    if (empty(v.supplier)) return focusField('supplier');
    if (empty(v.processOption)) return focusField('processOption');
    if (v.mode === null) return undefined;
    await nextFrame();
    stepRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
    return undefined;
  };

  const onSubmit = useSaveForm(formApi, {
    save: async (values: ReceiptCreateBody) => {
      try {
        return await createReceipt(values);
      } catch (error) {
        // A general server error shows as a red alert on the form too (spec 8), besides its toast.
        if (isApiError(error) && error.kind === 'toast') formApi.setFormError(error.message);
        throw error;
      }
    },
    message: 'Receipt has been successfully created',
    invalidate: RECEIPTS_KEY,
    goTo: paths.receipts.to(),
    onSaved: (saved) => {
      printTag.afterCreate(saved);
      const v = form.getValues();
      saveReceiptDefaults(userId, {
        account: chosen.current.account,
        supplier: chosen.current.supplier,
        mode: v.mode,
        collectionPoint: v.mode === 'collectionPoint' ? chosen.current.point : null,
        processOption: v.processOption === 'X' || v.processOption === 'D' || v.processOption === 'S' ? v.processOption : null,
        receiptDate: v.receiptDate,
      });
    },
  });

  const chooseCooler = async (next: Cooler) => {
    // Committed at once, so LB Number is there to take the focus — and the next scan (decision 122).
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

  const mode = form.watch('mode');
  const isDirty = form.formState.isDirty;

  return (
    <Stack maw={760}>
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {paths.receiptCreate.title}
        </Title>
        {defaults && (
          <Button variant="subtle" size="compact-sm" onClick={clearDefaults}>
            Clear defaults
          </Button>
        )}
      </Group>
      <Paper withBorder p="lg" radius="md">
        <ReceiptCoolerStep cooler={cooler} onChoose={chooseCooler} onClear={clearCooler} />
      </Paper>
      {cooler && (
        <Paper ref={stepRef} withBorder p="lg" radius="md" className="ch-receipt-reveal">
          <AppForm api={formApi} aria-label="Receipt" onSubmit={onSubmit} key={stepKey}>
            {defaults && (
              <Text size="xs" c="dimmed">
                Account, supplier, mode, process option and receipt date start from your previous receipt.
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              <TextField name="assetNo" label="Asset No." autoComplete="off" />
              <SearchSelect<NamedRef>
                name="customerAccount"
                label="Account"
                withAsterisk
                placeholder="Search account"
                {...customerAccountLookup}
                initialItem={chosen.current.account}
                onItemChange={(item) => {
                  chosen.current.account = item;
                }}
              />
            </SimpleGrid>
            <ModeFields
              initialPoint={chosen.current.point}
              onPointChange={(item) => {
                chosen.current.point = item;
              }}
              onEngineerScan={async (value) => {
                flushSync(() => form.setValue('engineerNo', value, { shouldDirty: true, shouldTouch: true, shouldValidate: true }));
                await moveOn('engineerNo');
              }}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              <LbNumberField
                onScan={async (value) => {
                  const lb = formatLbInput(value);
                  flushSync(() => form.setValue('lbNumber', lb, { shouldDirty: true, shouldTouch: true, shouldValidate: true }));
                  if (isLbNumber(lb)) await moveOn('lbNumber');
                }}
              />
              <DateField name="receiptDate" label="Receipt date" withAsterisk />
              <SearchSelect<NamedRef>
                name="supplier"
                label="Supplier Code"
                withAsterisk
                placeholder="Search supplier"
                {...supplierLookup}
                initialItem={chosen.current.supplier}
                onItemChange={(item) => {
                  chosen.current.supplier = item;
                }}
              />
              <ProcessFields />
            </SimpleGrid>
            <TextareaField name="notes" label="Notes" minRows={2} />
            <TextareaField name="tagFaultComment" label="Tag Fault Comment" minRows={2} />
            <Group justify="flex-end" mt="sm" onClickCapture={printTag.onClickCapture}>
              <SubmitButton api={formApi} update={false} disabled={!isDirty || mode === null}>
                Create
              </SubmitButton>
              <CreateAndPrintTagButton disabled={!isDirty || mode === null} loading={formApi.processing} />
            </Group>
          </AppForm>
        </Paper>
      )}
    </Stack>
  );
}

export default function ReceiptCreatePage() {
  const auth = useAuth();
  const userId = auth.status === 'authenticated' ? auth.payload.sub : 'signed-out';
  return <ReceiptCreate key={userId} userId={userId} />;
}

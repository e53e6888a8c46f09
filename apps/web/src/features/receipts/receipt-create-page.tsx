/**
 * 'Create receipt' (/receipt-create, docs/product.md §2.9, §4, §5.3, §8): step 1 chooses or adds the cooler
 * (receipt-cooler-step); step 2, revealed with a 500 ms animation once a cooler is chosen, is the
 * receipt: Asset No., Account, collection point or engineer number, LB Number*, Receipt date,
 * Supplier Code, Process option, Process State, Scrap reason*, Notes, Tag Fault Comment. Create
 * stays disabled until the form changed and a mode is chosen; success goes to /receipts.
 *
 * Floor speed (docs/decisions/120): a scanned serial of a known cooler moves the focus to LB
 * Number; a scanned LB number moves it on to what is still empty; account, supplier, mode, process
 * option and (same day) receipt date start from this user's previous receipt.
 *
 * The receiving loop (docs/decisions/215): 'Create and receive next' saves and starts a fresh form
 * for the next cooler on this screen — a new client id, the defaults kept, the focus on the serial —
 * with the receipt just made shown and linked above it. Every scan is answered by a sound and a
 * flash (docs/decisions/214).
 */
import { Anchor, Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate } from 'react-router';
import type { Cooler } from '@cooler-hub/contract/coolers';
import type { NamedRef } from '@cooler-hub/contract/common';
import { londonToday } from '@cooler-hub/contract/london-time';
import type { Receipt, ReceiptCreateBody } from '@cooler-hub/contract/receipts';
import { formatLbInput, isLbNumber } from '@cooler-hub/contract/rules';
import type { CollectionPoint } from '@cooler-hub/contract/settings';
import { AppForm } from '../../components/form/app-form';
import { DateField } from '../../components/form/date-field';
import { TextField, TextareaField } from '../../components/form/fields';
import { customerAccountLookup, supplierLookup } from '../../components/form/lookups';
import { SearchSelect } from '../../components/form/search-select';
import { useAppForm } from '../../components/form/use-app-form';
import { useSaveForm } from '../../components/form/use-save-form';
import { scanAccepted, scanRefused } from '../../components/scan-feedback/scan-feedback';
import { ScanFeedback } from '../../components/scan-feedback/scan-feedback-view';
import { isApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { newUuid } from '../../lib/new-id';
import { paths } from '../../lib/paths';
import { RECEIPTS_KEY } from '../../lib/query-keys';
import { createReceipt } from './api';
import { CreateAndPrintTagButton, useCreateAndPrintTag } from './lb-tag-print';
import { ReceiptCoolerStep, focusByName, nextFrame } from './receipt-cooler-step';
import {
  AFTER_CREATE,
  clearReceiptDefaults,
  readAfterCreate,
  readReceiptDefaults,
  saveAfterCreate,
  saveReceiptDefaults,
  type AfterCreate,
  type ReceiptDefaults,
} from './receipt-defaults';
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

const AFTER_CREATE_LABEL: Record<AfterCreate, string> = { list: 'Create', next: 'Create and receive next' };

/** The receipts made with 'Create and receive next' on this screen, newest first. */
function ReceivedSoFar({ received }: { received: readonly Receipt[] }) {
  const last = received[0];
  if (!last) return null;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Receipt just created">
      <Group gap={8} wrap="nowrap" align="flex-start">
        <IconCircleCheck size={20} color="var(--mantine-color-green-5)" aria-hidden style={{ flexShrink: 0, marginTop: 1 }} />
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Created{' '}
          <Anchor component={Link} to={paths.receiptEdit.to({ receipt: last.id })} fw={600}>
            {last.lbNumber}
          </Anchor>{' '}
          for serial {last.inventoryItem.serialNumber}.{' '}
          <Text span c="dimmed" size="sm">
            {received.length === 1 ? '1 receipt' : `${received.length} receipts`} on this screen so far.
          </Text>
        </Text>
      </Group>
    </Paper>
  );
}

/**
 * Keys typed onto a focused create button are a scan that missed its field: its Enter must not
 * press the button and save (docs/product.md §5.1: a scanner's Enter never submits).
 */
function useScanOnButtonGuard() {
  const lastKey = useRef(-Infinity);
  return (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key.length === 1 && event.key !== ' ') {
      lastKey.current = event.timeStamp;
      return;
    }
    if (event.key === 'Enter' && event.timeStamp - lastKey.current < 1000) {
      event.preventDefault();
      scanRefused('That scan reached a button, not a field: nothing was created.');
    }
  };
}

/** One receipt's form; mounted afresh for each cooler, so each starts with a new client id. */
function ReceiptCreateForm({ userId, received, onReceived }: { userId: string; received: readonly Receipt[]; onReceived: (saved: Receipt) => void }) {
  const navigate = useNavigate();
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
  const chosen = useRef<{ account: NamedRef | null; supplier: NamedRef | null; point: CollectionPoint | null }>({
    account: defaults?.account ?? null,
    supplier: defaults?.supplier ?? null,
    point: defaults?.collectionPoint ?? null,
  });

  const focusField = (name: keyof ReceiptCreateFormInput) => focusByName(() => stepRef.current, name);
  const printTag = useCreateAndPrintTag();

  /** After a scan: on to the first thing still missing, else to Create (the one click). */
  const moveOn = async (scanned: 'lbNumber' | 'engineerNo') => {
    const v = form.getValues();
    const empty = (x: unknown) => x === null || x === undefined || x === '';
    if (scanned !== 'engineerNo' && v.mode === 'engineer' && empty(v.engineerNo)) return focusField('engineerNo');
    if (v.mode === 'collectionPoint' && empty(v.collectionPoint)) return focusField('collectionPoint');
    if (empty(v.customerAccount)) return focusField('customerAccount');
    if (empty(v.supplier)) return focusField('supplier');
    if (empty(v.processOption)) return focusField('processOption');
    if (v.mode === null) return undefined;
    await nextFrame();
    // The create button this user chose last.
    stepRef.current?.querySelector<HTMLButtonElement>(`button[data-after-create="${after}"]`)?.focus();
    return undefined;
  };

  const onSubmit = useSaveForm(formApi, {
    save: async (values: ReceiptCreateBody) => {
      try {
        return await createReceipt(values);
      } catch (error) {
        // A general server error shows as a red alert on the form too (docs/product.md §8), besides its toast.
        if (isApiError(error) && error.kind === 'toast') formApi.setFormError(error.message);
        throw error;
      }
    },
    message: 'Receipt has been successfully created',
    invalidate: RECEIPTS_KEY,
    onSaved: (saved) => {
      printTag.afterCreate(saved);
      const v = form.getValues();
      // Spent: whatever this form shows next is another receipt (docs/decisions/215).
      form.setValue('id', newUuid());
      saveReceiptDefaults(userId, {
        account: chosen.current.account,
        supplier: chosen.current.supplier,
        mode: v.mode,
        collectionPoint: v.mode === 'collectionPoint' ? chosen.current.point : null,
        processOption: v.processOption === 'X' || v.processOption === 'D' || v.processOption === 'S' ? v.processOption : null,
        receiptDate: v.receiptDate,
      });
      const choice = pressed.current;
      saveAfterCreate(userId, choice);
      setAfter(choice);
      if (choice === 'next') onReceived(saved);
      else void navigate(paths.receipts.to());
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
      <ScanFeedback idle={received.length > 0 ? 'Scan the next serial number.' : 'Scan a serial number, then the LB tag.'} />
      <ReceivedSoFar received={received} />
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
                scanAccepted(`Engineer number ${value}`);
                await moveOn('engineerNo');
              }}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              <LbNumberField
                onScan={async (value) => {
                  const lb = formatLbInput(value);
                  flushSync(() => form.setValue('lbNumber', lb, { shouldDirty: true, shouldTouch: true, shouldValidate: true }));
                  if (!isLbNumber(lb)) {
                    scanRefused(`${value.trim() || 'An empty scan'}: Wrong Lb number`);
                    return;
                  }
                  scanAccepted(`LB Number ${lb}`);
                  await moveOn('lbNumber');
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
            <Group justify="flex-end" mt="sm" gap="sm" onClickCapture={printTag.onClickCapture}>
              {AFTER_CREATE.map((choice) => (
                <Button
                  key={choice}
                  type="submit"
                  data-after-create={choice}
                  variant={choice === after ? 'filled' : 'default'}
                  disabled={!isDirty || mode === null || (formApi.processing && pressed.current !== choice)}
                  loading={formApi.processing && pressed.current === choice}
                  onClick={() => {
                    pressed.current = choice;
                  }}
                  onKeyDown={guardScanOnButton}
                >
                  {AFTER_CREATE_LABEL[choice]}
                </Button>
              ))}
              {/* Prints the new receipt's tag, then goes on as the user's last choice does. */}
              <Box
                onClickCapture={() => {
                  pressed.current = after;
                }}
              >
                <CreateAndPrintTagButton disabled={!isDirty || mode === null || formApi.processing} loading={false} />
              </Box>
            </Group>
          </AppForm>
        </Paper>
      )}
    </Stack>
  );
}

function ReceiptCreate({ userId }: { userId: string }) {
  const [received, setReceived] = useState<readonly Receipt[]>([]);
  // A new form for each cooler (keyed by the count): fresh id, fresh cooler step, defaults re-read.
  return (
    <ReceiptCreateForm
      key={received.length}
      userId={userId}
      received={received}
      onReceived={(saved) => setReceived((list) => [saved, ...list])}
    />
  );
}

export default function ReceiptCreatePage() {
  const auth = useAuth();
  const userId = auth.status === 'authenticated' ? auth.payload.sub : 'signed-out';
  return <ReceiptCreate key={userId} userId={userId} />;
}

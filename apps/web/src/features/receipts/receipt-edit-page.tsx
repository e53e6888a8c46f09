/**
 * 'Update receipt' (/receipt/:receipt/edit, docs/product.md §2.9, §4, §5.3, §8): the linked cooler's part number,
 * serial number and DOM, then LB Number, Process option, Process State (D only), Scrap reason (S, or
 * D with D5), collection point or engineer number (the mode inferred from which is present; the
 * engineer number takes a wedge scan), Notes, Tag Fault Comment and Asset No. Update stays disabled
 * while the form is pristine. Saved, it says 'Receipt has been successfully updated' and goes back
 * to the screen the user came from — /main, Master Data, /lb-tag — or /main (docs/decisions/121).
 */
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import type { Versioned } from '@cooler-hub/contract/common';
import type { Receipt, ReceiptUpdateBody } from '@cooler-hub/contract/receipts';
import { formatLbInput } from '@cooler-hub/contract/rules';
import { AppForm } from '../../components/form/app-form';
import { TextField, TextareaField } from '../../components/form/fields';
import { SerialLink } from '../../components/links/serial-link';
import { FormActions, FormScreen } from '../../components/form/form-screen';
import { useAppForm } from '../../components/form/use-app-form';
import { useSaveForm } from '../../components/form/use-save-form';
import { isApiError } from '../../lib/api-client';
import { formatDate, formatDateTime } from '../../lib/format-date';
import { paths } from '../../lib/paths';
import { RECEIPTS_KEY } from '../../lib/query-keys';
import { getReceipt, updateReceipt, useReceipt } from './api';
import { PrintTagsButton } from './lb-tag-print';
import { LbNumberField, ModeFields, ProcessFields } from './receipt-form-fields';
import { receiptUpdateForm, type ReceiptUpdateFormInput } from './receipt-form-schema';

function formValues(r: Receipt): ReceiptUpdateFormInput {
  return {
    lbNumber: r.lbNumber,
    supplier: r.supplier.id,
    customerAccount: r.account.id,
    inventoryItem: r.inventoryItem.id,
    mode: r.collectionPoint ? 'collectionPoint' : r.engineerNo ? 'engineer' : null,
    collectionPoint: r.collectionPoint?.id ?? null,
    engineerNo: r.engineerNo ?? '',
    processOption: r.processOption,
    processState: r.processState,
    scrapReason: r.scrapReason,
    notes: r.notes ?? '',
    tagFaultComment: r.tagFaultComment ?? '',
    assetNo: r.assetNo ?? '',
  };
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </div>
  );
}

function ReceiptForm({ record }: { record: Versioned<Receipt> }) {
  const navigate = useNavigate();
  const location = useLocation();
  const formApi = useAppForm(receiptUpdateForm, { defaultValues: formValues(record) });
  const { form } = formApi;
  const cameFromApp = location.key !== 'default';

  const onSubmit = useSaveForm(formApi, {
    save: async (values: ReceiptUpdateBody, version) => {
      try {
        return await updateReceipt(record.id, values, version);
      } catch (error) {
        if (isApiError(error) && error.kind === 'toast') formApi.setFormError(error.message);
        throw error;
      }
    },
    edit: { record, reload: () => getReceipt(record.id) },
    message: 'Receipt has been successfully updated',
    resetTo: formValues,
    recordKey: (saved) => [...RECEIPTS_KEY, 'one', saved.id],
    invalidate: RECEIPTS_KEY,
    onSaved: () => {
      if (cameFromApp) void navigate(-1);
      else void navigate(paths.main.to());
    },
  });

  const cooler = record.inventoryItem;
  return (
    <AppForm api={formApi} aria-label={paths.receiptEdit.title} onSubmit={onSubmit}>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="xs" aria-label="Cooler" role="group">
        <Fact label="Part number" value={cooler.partNumber.partNumber} />
        <Fact label="Serial number" value={<SerialLink coolerId={cooler.id} serialNumber={cooler.serialNumber} />} />
        <Fact label="DOM" value={formatDate(cooler.dateOfManufacture)} />
        <Fact label="Account" value={record.account.name} />
        <Fact label="Supplier Code" value={record.supplier.name} />
        <Fact label="Receipt date" value={formatDateTime(record.receiptDate)} />
      </SimpleGrid>
      <Group justify="flex-end">
        <PrintTagsButton
          ids={[record.id]}
          label="Print tag"
          disabled={form.formState.dirtyFields.lbNumber === true}
          disabledReason="Update first: the tag prints the saved LB number."
        />
      </Group>
      <LbNumberField
        exceptId={record.id}
        onScan={(value) => {
          // Shown before the next scan is taken (scans are queued, each one seen).
          flushSync(() => form.setValue('lbNumber', formatLbInput(value), { shouldDirty: true, shouldTouch: true, shouldValidate: true }));
        }}
      />
      <ProcessFields initialScrapReason={record.scrapReason} />
      <ModeFields
        initialPoint={record.collectionPoint}
        onEngineerScan={(value) => {
          flushSync(() => form.setValue('engineerNo', value, { shouldDirty: true, shouldTouch: true, shouldValidate: true }));
        }}
      />
      <TextareaField name="notes" label="Notes" minRows={2} />
      <TextareaField name="tagFaultComment" label="Tag Fault Comment" minRows={2} />
      <TextField name="assetNo" label="Asset No." autoComplete="off" />
      <Group justify="space-between" mt="sm" wrap="wrap">
        <Text size="xs" c="dimmed">
          {record.isExported ? 'Exported' : 'Not exported'}
        </Text>
        <FormActions cancelTo={paths.main.to()} api={formApi} update />
      </Group>
    </AppForm>
  );
}

function EditReceipt({ id }: { id: string }) {
  const query = useReceipt(id);
  return (
    <FormScreen
      title={paths.receiptEdit.title}
      maw={720}
      loading={!query.data}
      failed={query.isError}
      failedMessage="The receipt could not be loaded."
    >
      {query.data && (
        <Stack gap="md">
          <ReceiptForm key={query.data.id} record={query.data} />
        </Stack>
      )}
    </FormScreen>
  );
}

export default function ReceiptEditPage() {
  const { receipt } = useParams();
  if (receipt === undefined || !z.uuid().safeParse(receipt).success) return <Navigate to={paths.notFound.to()} replace />;
  return <EditReceipt id={receipt} />;
}

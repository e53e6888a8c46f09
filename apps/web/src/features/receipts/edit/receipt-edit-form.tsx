/**
 * The update form of /receipt/:receipt/edit (docs/product.md §2.9, §4, §5.3): the linked cooler's part number,
 * serial number and DOM with the receipt's account, supplier and date, then LB Number, Process option,
 * Process State (D only), Scrap reason (S, or D with D5), collection point or engineer number, Notes,
 * Tag Fault Comment and Asset No. Its state is use-receipt-edit-form.ts.
 */
import { Group, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Versioned } from '@cooler-hub/contract/common';
import type { Receipt } from '@cooler-hub/contract/receipts';
import { AppForm } from '../../../components/form/app-form';
import { TextField, TextareaField } from '../../../components/form/fields';
import { FormActions } from '../../../components/form/form-screen';
import { SerialLink } from '../../../components/links/serial-link';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import type { OutboxItem } from '../../../lib/outbox/types';
import { paths } from '../../../lib/paths';
import { LbNumberField } from '../form/lb-number-field';
import { ModeFields } from '../form/mode-fields';
import { ProcessFields } from '../form/process-fields';
import { PrintTagsButton } from '../lb-tag/lb-tag-print';
import { useReceiptEditForm } from './use-receipt-edit-form';

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

export function ReceiptEditForm({ record, kept }: { record: Versioned<Receipt>; kept: OutboxItem | undefined }) {
  const { formApi, onSubmit, onLbScan, onEngineerScan } = useReceiptEditForm(record, kept);
  const { form } = formApi;
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
          disabled={form.formState.dirtyFields.lbNumber === true || kept !== undefined}
          disabledReason={
            kept
              ? 'The update is not yet on the server: the tag prints the saved LB number.'
              : 'Update first: the tag prints the saved LB number.'
          }
        />
      </Group>
      <LbNumberField exceptId={record.id} onScan={onLbScan} />
      <ProcessFields initialScrapReason={record.scrapReason} />
      <ModeFields initialPoint={record.collectionPoint} onEngineerScan={onEngineerScan} />
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

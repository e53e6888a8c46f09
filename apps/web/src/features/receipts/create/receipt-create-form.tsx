/**
 * One receipt's form on /receipt-create (docs/product.md §2.9, §4, §5.3): the cooler step, then — revealed once
 * a cooler is chosen — the receipt. Mounted afresh for each cooler, so each starts with a new client
 * id. Its state is use-receipt-create-form.ts.
 */
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { NamedRef } from '@cooler-hub/contract/common';
import { AppForm } from '../../../components/form/app-form';
import { DateField } from '../../../components/form/date-field';
import { TextField, TextareaField } from '../../../components/form/fields';
import { customerAccountLookup, supplierLookup } from '../../../components/form/lookups';
import { SearchSelect } from '../../../components/form/search-select';
import { ScanFeedback } from '../../../components/scan-feedback/scan-feedback-view';
import { paths } from '../../../lib/paths';
import { LbNumberField } from '../form/lb-number-field';
import { ModeFields } from '../form/mode-fields';
import { ProcessFields } from '../form/process-fields';
import { CreateButtons } from './create-buttons';
import { ReceiptCoolerStep } from './cooler-step/receipt-cooler-step';
import { ReceivedSoFar, type Received } from './received-so-far';
import { useReceiptCreateForm } from './use-receipt-create-form';
import './receipt-form.css';

export function ReceiptCreateForm(props: {
  userId: string;
  received: readonly Received[];
  onReceived: (saved: Received) => void;
  /** A plain Create is leaving for Master Data. */
  onLeaving: () => void;
}) {
  const { received } = props;
  const create = useReceiptCreateForm(props);
  const { formApi, defaults, initialChoice, remember } = create;

  return (
    <Stack maw={760}>
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {paths.receiptCreate.title}
        </Title>
        {defaults && (
          <Button variant="subtle" size="compact-sm" onClick={create.clearDefaults}>
            Clear defaults
          </Button>
        )}
      </Group>
      <ScanFeedback idle={received.length > 0 ? 'Scan the next serial number.' : 'Scan a serial number, then the LB tag.'} />
      <ReceivedSoFar received={received} />
      <Paper withBorder p="lg" radius="md">
        <ReceiptCoolerStep cooler={create.cooler} onChoose={create.chooseCooler} onClear={create.clearCooler} />
      </Paper>
      {create.cooler && (
        <Paper ref={create.stepRef} withBorder p="lg" radius="md" className="ch-receipt-reveal">
          <AppForm api={formApi} aria-label="Receipt" onSubmit={create.onSubmit} key={create.stepKey}>
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
                initialItem={initialChoice.account}
                onItemChange={remember.account}
              />
            </SimpleGrid>
            <ModeFields initialPoint={initialChoice.point} onPointChange={remember.point} onEngineerScan={create.onEngineerScan} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              <LbNumberField onScan={create.onLbScan} />
              <DateField name="receiptDate" label="Receipt date" withAsterisk />
              <SearchSelect<NamedRef>
                name="supplier"
                label="Supplier Code"
                withAsterisk
                placeholder="Search supplier"
                {...supplierLookup}
                initialItem={initialChoice.supplier}
                onItemChange={remember.supplier}
              />
              <ProcessFields />
            </SimpleGrid>
            <TextareaField name="notes" label="Notes" minRows={2} />
            <TextareaField name="tagFaultComment" label="Tag Fault Comment" minRows={2} />
            <CreateButtons {...create.buttons} />
          </AppForm>
        </Paper>
      )}
    </Stack>
  );
}

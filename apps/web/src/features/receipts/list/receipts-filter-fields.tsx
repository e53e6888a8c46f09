/**
 * The fields of the Master Data filter panel (docs/product.md §2.8): customer and part number look up their
 * entity (the filter keeps its id), the serial number is a typeahead over the cooler lookup that
 * also takes any part of a serial (the list matches "contains"), then the texts, the receipt date
 * range and the selects, then the two filters the dashboard links with (docs/decisions/255): the
 * scrap reason (the filter keeps its code, as a receipt does) and the days its note was approved on.
 * They are bound by name to the react-hook-form of receipts-page.tsx. What the search-selects start from
 * is use-filter-labels.ts.
 */
import { Group, Loader } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PROCESS_OPTIONS, PROCESS_STATES } from '@cooler-hub/contract/receipts';
import type { ScrapReason } from '@cooler-hub/contract/settings';
import { CALENDAR_LABELS } from '../../../components/form/calendar-labels';
import { DateField } from '../../../components/form/date-field';
import { SelectField, TextField } from '../../../components/form/fields';
import { customerAccountLookup, partNumberLookup, scrapReasonLookup } from '../../../components/form/lookups';
import { SearchSelect } from '../../../components/form/search-select';
import type { ReceiptFilterForm } from './receipts-filters-model';
import { SerialTypeahead } from './serial-typeahead';
import { useFilterLabels } from './use-filter-labels';

type Name = keyof ReceiptFilterForm;
const name = (n: Name) => n;

/** 'code - reason'; a reason no longer in the list (a code from a link) shows its bare code. */
const scrapReasonLabel = (r: ScrapReason) => (r.reason ? `${r.code} - ${r.reason}` : String(r.code));

const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

export function ReceiptsFilterFields({ initial }: { initial: ReceiptFilterForm }) {
  const { t } = useTranslation();
  const labels = useFilterLabels(initial);
  const after = useWatch<ReceiptFilterForm, 'receiptDateAfter'>({ name: 'receiptDateAfter' });
  const approvedAfter = useWatch<ReceiptFilterForm, 'noteApprovedDateAfter'>({ name: 'noteApprovedDateAfter' });

  return (
    <>
      {labels.customerReady ? (
        <SearchSelect
          name={name('customerId')}
          label="Customer"
          placeholder="Customer account"
          {...customerAccountLookup}
          initialItem={labels.customer}
        />
      ) : (
        <Loader size="sm" aria-label={t('searchSelect.loading')} />
      )}
      {labels.partReady ? (
        <SearchSelect name={name('partNumber')} label="Part number" {...partNumberLookup} initialItem={labels.part} />
      ) : (
        <Loader size="sm" aria-label={t('searchSelect.loading')} />
      )}
      <TextField name={name('lbNumber')} label="Lb Number" />
      <TextField name={name('engineerNo')} label="Engineer Number" />
      <SerialTypeahead name={name('serialNumber')} />
      <Group grow align="flex-start">
        <DateField
          name={name('receiptDateAfter')}
          label="Receipt date from"
          clearable
          clearButtonProps={{ 'aria-label': 'Clear receipt date from' }}
          ariaLabels={CALENDAR_LABELS}
        />
        <DateField
          name={name('receiptDateBefore')}
          label="Receipt date to"
          clearable
          clearButtonProps={{ 'aria-label': 'Clear receipt date to' }}
          ariaLabels={CALENDAR_LABELS}
          minDate={after ?? undefined}
        />
      </Group>
      <Group grow align="flex-start">
        <SelectField name={name('processOption')} label="Process option" options={PROCESS_OPTIONS} emptyLabel={t('common.any')} />
        <SelectField name={name('processState')} label="Process state" options={PROCESS_STATES} emptyLabel={t('common.any')} />
      </Group>
      <Group grow align="flex-start">
        <SelectField name={name('isExported')} label="Is exported" options={YES_NO} emptyLabel={t('common.any')} />
        <SelectField name={name('inDeliveryNote')} label="In delivery note" options={YES_NO} emptyLabel={t('common.any')} />
      </Group>
      {labels.reasonReady ? (
        <SearchSelect<ScrapReason>
          name={name('scrapReason')}
          label="Scrap reason"
          placeholder="Search scrap reason"
          {...scrapReasonLookup}
          getLabel={scrapReasonLabel}
          getValue={(r) => r.code}
          initialItem={labels.reason}
        />
      ) : (
        <Loader size="sm" aria-label={t('searchSelect.loading')} />
      )}
      <Group grow align="flex-start">
        <DateField
          name={name('noteApprovedDateAfter')}
          label="Note approved from"
          clearable
          clearButtonProps={{ 'aria-label': 'Clear note approved from' }}
          ariaLabels={CALENDAR_LABELS}
        />
        <DateField
          name={name('noteApprovedDateBefore')}
          label="Note approved to"
          clearable
          clearButtonProps={{ 'aria-label': 'Clear note approved to' }}
          ariaLabels={CALENDAR_LABELS}
          minDate={approvedAfter ?? undefined}
        />
      </Group>
    </>
  );
}

/**
 * The fields of the Master Data filter panel (docs/product.md §2.8): customer and part number look up their
 * entity (the filter keeps its id), the serial number is a typeahead over the cooler lookup that
 * also takes any part of a serial (the list matches "contains"), then the texts, the receipt date
 * range and the selects, then the two filters the dashboard links with (docs/decisions/255): the
 * scrap reason (the filter keeps its code, as a receipt does) and the days its note was approved on.
 * They are bound by name to the react-hook-form of receipts-page.tsx.
 */
import { Autocomplete, Group, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PROCESS_OPTIONS, PROCESS_STATES } from '@cooler-hub/contract/receipts';
import type { ScrapReason } from '@cooler-hub/contract/settings';
import { DateField } from '../../components/form/date-field';
import { SelectField, TextField, useField } from '../../components/form/fields';
import { customerAccountLookup, partNumberLookup, scrapReasonLookup } from '../../components/form/lookups';
import { SearchSelect } from '../../components/form/search-select';
import { debounce, normalizeSearch } from '../../components/form/search-select-model';
import { findCoolerSerials, getCustomerAccountRef, getPartNumberRef, useScrapReasonByCode } from './api';
import { CALENDAR_LABELS } from '../../components/form/calendar-labels';
import type { ReceiptFilterForm } from './receipts-filters';

type Name = keyof ReceiptFilterForm;
const name = (n: Name) => n;

/** Serial numbers suggested as the user types (350 ms, page 1); free text is kept as typed. */
function SerialTypeahead() {
  const { t } = useTranslation();
  const { field } = useField(name('serialNumber'));
  const [options, setOptions] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const controller = useRef<AbortController | null>(null);

  const lookUp = useMemo(
    () =>
      debounce((text: string) => {
        controller.current?.abort();
        const ac = new AbortController();
        controller.current = ac;
        findCoolerSerials(text, ac.signal)
          .then((found) => {
            if (!ac.signal.aborted) setOptions(found);
          })
          .catch(() => {
            // The API client has told the user; an aborted lookup was replaced by a newer one.
            if (!ac.signal.aborted) setOptions([]);
          })
          .finally(() => {
            if (controller.current === ac) setLoading(false);
          });
      }),
    [],
  );
  useEffect(
    () => () => {
      lookUp.cancel();
      controller.current?.abort();
    },
    [lookUp],
  );

  const value = (field.value as string | undefined) ?? '';
  return (
    <Autocomplete
      ref={field.ref}
      name={field.name}
      label="Serial number"
      description="Any part of a serial number; suggestions as you type"
      value={value}
      data={options}
      // The server has already filtered by the typed text; Mantine should not filter again.
      filter={({ options: all }) => all}
      limit={20}
      onChange={(next) => {
        field.onChange(next);
        if (normalizeSearch(next) === '') {
          lookUp.cancel();
          controller.current?.abort();
          setOptions([]);
          setLoading(false);
          return;
        }
        setLoading(true);
        lookUp(normalizeSearch(next));
      }}
      onBlur={field.onBlur}
      rightSection={loading ? <Loader size={16} aria-label={t('searchSelect.loading')} /> : undefined}
    />
  );
}

/** The chosen customer account's name, so a filter restored from the URL shows it. */
function useCustomerLabel(id: number | null) {
  return useQuery({
    queryKey: ['customer_accounts', 'one', id],
    queryFn: ({ signal }) => getCustomerAccountRef(id ?? 0, signal),
    enabled: id !== null,
    staleTime: 60_000,
  });
}

function usePartNumberLabel(id: string | null) {
  return useQuery({
    queryKey: ['part_numbers', 'one', id],
    queryFn: ({ signal }) => getPartNumberRef(id ?? '', signal),
    enabled: id !== null,
    staleTime: 60_000,
  });
}

/** 'code - reason'; a reason no longer in the list (a code from a link) shows its bare code. */
const scrapReasonLabel = (r: ScrapReason) => (r.reason ? `${r.code} - ${r.reason}` : String(r.code));

const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

export function ReceiptsFilterFields({ initial }: { initial: ReceiptFilterForm }) {
  const { t } = useTranslation();
  const customer = useCustomerLabel(initial.customerId);
  const part = usePartNumberLabel(initial.partNumber);
  // The search-selects read their starting label once: wait for it rather than show a blank.
  const customerReady = initial.customerId === null || !customer.isPending;
  const partReady = initial.partNumber === null || !part.isPending;
  const reason = useScrapReasonByCode(initial.scrapReason);
  const reasonReady = initial.scrapReason === null || !reason.isPending;
  const initialReason = initial.scrapReason === null ? null : (reason.data ?? { id: 0, code: initial.scrapReason, reason: '' });
  const after = useWatch<ReceiptFilterForm, 'receiptDateAfter'>({ name: 'receiptDateAfter' });
  const approvedAfter = useWatch<ReceiptFilterForm, 'noteApprovedDateAfter'>({ name: 'noteApprovedDateAfter' });

  return (
    <>
      {customerReady ? (
        <SearchSelect
          name={name('customerId')}
          label="Customer"
          placeholder="Customer account"
          {...customerAccountLookup}
          initialItem={customer.data ? { id: customer.data.id, name: customer.data.name } : null}
        />
      ) : (
        <Loader size="sm" aria-label={t('searchSelect.loading')} />
      )}
      {partReady ? (
        <SearchSelect name={name('partNumber')} label="Part number" {...partNumberLookup} initialItem={part.data ?? null} />
      ) : (
        <Loader size="sm" aria-label={t('searchSelect.loading')} />
      )}
      <TextField name={name('lbNumber')} label="Lb Number" />
      <TextField name={name('engineerNo')} label="Engineer Number" />
      <SerialTypeahead />
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
        <SelectField
          name={name('inDeliveryNote')}
          label="In delivery note"
          options={YES_NO}
          emptyLabel={t('common.any')}
        />
      </Group>
      {reasonReady ? (
        <SearchSelect<ScrapReason>
          name={name('scrapReason')}
          label="Scrap reason"
          placeholder="Search scrap reason"
          {...scrapReasonLookup}
          getLabel={scrapReasonLabel}
          getValue={(r) => r.code}
          initialItem={initialReason}
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

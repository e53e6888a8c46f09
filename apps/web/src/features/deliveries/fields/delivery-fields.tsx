/**
 * The preparation fields of a delivery note (docs/decisions/170), for /create-dn and the edit
 * screens, inside an <AppForm> whose values are `DeliveryDraftFields`: Type (create only), CC code,
 * 'Customer (Asset owner)' (the types with a customer), Email recipients, Date, and for the types
 * with addresses 'Business name (Invoice to)' with the dispatch and invoice address pickers.
 * Choosing a customer brings in its default e-mail, replacing the previous customer's. The same
 * fields read-only (`DeliveryFieldsSummary`) head /create-dn's preview; their labels name the
 * server's violations there.
 */
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useRef, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { NamedRef } from '@cooler-hub/contract/common';
import type { DeliveryEmail } from '@cooler-hub/contract/delivery-emails';
import { DELIVERY_TYPE_TABLE, DELIVERY_TYPES, hasCustomer, type DeliveryType } from '@cooler-hub/contract/delivery-types';
import { DateField } from '../../../components/form/date-field';
import { SelectField, TextField } from '../../../components/form/fields';
import { ccCodeLookup, customerAccountLookup } from '../../../components/form/lookups';
import { SearchSelect } from '../../../components/form/search-select';
import { isApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { customerDefaultEmail } from '../api';
import { AddressPicker } from './address-picker';
import { choiceText } from './address-picker-model';
import type { CcCodeRef, DeliveryDraftFields } from './delivery-form-model';
import { formRequires, type FieldsMode } from './delivery-form-schema';
import { EmailRecipientsField } from './email-recipients-field';
import { withCustomerDefault } from './email-recipients-model';

/** The fields' labels, by the name a violation's path starts with. */
const FIELD_LABELS = {
  type: 'Type',
  CCCode: 'CC code',
  customerAccount: 'Customer (Asset owner)',
  emails: 'Email recipients',
  deliveryDay: 'Date',
  businessName: 'Business name (Invoice to)',
  dispatchAddress: 'Dispatch address',
  invoiceAddress: 'Invoice address',
} as const;

/** The label of the field a violation's path names ('emails', 'dispatchAddress.id'); else the path. */
export function fieldLabel(path: string): string {
  const root = path.split(/[.[]/)[0] ?? path;
  return (FIELD_LABELS as Record<string, string>)[root] ?? path;
}

const TYPE_OPTIONS = DELIVERY_TYPES.map((t) => ({ value: t, label: DELIVERY_TYPE_TABLE[t].label }));

export interface DeliveryFieldsProps {
  mode: FieldsMode;
  /** Told when the user picks another type (create only: the create flow remembers it). */
  onTypeChange?: (type: DeliveryType) => void;
  /** An approved note: everything read-only. */
  disabled?: boolean;
}

/** The customer's default e-mail, or null when it has none (a 404: docs/product.md §8 "no navigation"). */
async function defaultEmailOf(customer: NamedRef | null): Promise<DeliveryEmail | null> {
  if (!customer) return null;
  try {
    return await customerDefaultEmail(customer.id);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function DeliveryFields({ mode, onTypeChange, disabled }: DeliveryFieldsProps) {
  const { getValues, setValue, control } = useFormContext<DeliveryDraftFields>();
  const type = useWatch({ control, name: 'type' });
  // The items behind the starting values, so their labels show without a lookup.
  const initial = useRef({ cc: getValues('ccCodeItem'), customer: getValues('customerItem') });
  const customerRequest = useRef(0);

  const onCustomer = async (customer: NamedRef | null) => {
    setValue('customerItem', customer);
    const request = ++customerRequest.current;
    try {
      const email = await defaultEmailOf(customer);
      // A later pick wins: an older answer arriving last must not put its e-mail back.
      if (request !== customerRequest.current) return;
      const next = withCustomerDefault({ emails: getValues('emails'), defaultEmailId: getValues('defaultEmailId') }, email);
      setValue('emails', next.emails, { shouldDirty: true, shouldValidate: getValues('emails').length !== next.emails.length });
      setValue('defaultEmailId', next.defaultEmailId);
    } catch (error) {
      // The API client has shown the failure; the recipients stay as they were.
      console.error(error);
    }
  };

  return (
    <Stack gap="md">
      {mode === 'create' && (
        <SelectField
          name="type"
          label={FIELD_LABELS.type}
          withAsterisk
          options={TYPE_OPTIONS}
          disabled={disabled}
          onValueChange={(value) => {
            if (value) onTypeChange?.(value as DeliveryType);
          }}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <SearchSelect
          name="CCCode"
          label={FIELD_LABELS.CCCode}
          placeholder="Search by code"
          {...ccCodeLookup}
          initialItem={initial.current.cc}
          onItemChange={(item: CcCodeRef | null) => setValue('ccCodeItem', item)}
          disabled={disabled}
        />
        <DateField name="deliveryDay" label={FIELD_LABELS.deliveryDay} withAsterisk disabled={disabled} />
      </SimpleGrid>
      {hasCustomer(type) && (
        <SearchSelect
          name="customerAccount"
          label={FIELD_LABELS.customerAccount}
          withAsterisk={formRequires(type, mode, 'customerAccount')}
          {...customerAccountLookup}
          initialItem={initial.current.customer}
          onItemChange={(item) => void onCustomer(item)}
          disabled={disabled}
        />
      )}
      <EmailRecipientsField disabled={disabled} withAsterisk={formRequires(type, mode, 'emails')} />
      {type !== null && DELIVERY_TYPE_TABLE[type].hasAddresses && (
        <>
          <TextField name="businessName" label={FIELD_LABELS.businessName} autoComplete="off" disabled={disabled} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <AddressPicker name="dispatchAddress" target="dispatch" label={FIELD_LABELS.dispatchAddress} disabled={disabled} />
            <AddressPicker name="invoiceAddress" target="invoice" label={FIELD_LABELS.invoiceAddress} disabled={disabled} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </Stack>
  );
}

/** The fields read-only, of the note's type (/create-dn's preview). */
export function DeliveryFieldsSummary({ type, fields: f }: { type: DeliveryType; fields: DeliveryDraftFields }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm">
      <Item label={FIELD_LABELS.type}>{DELIVERY_TYPE_TABLE[type].label}</Item>
      <Item label={FIELD_LABELS.deliveryDay}>{formatDate(f.deliveryDay)}</Item>
      <Item label={FIELD_LABELS.CCCode}>{f.ccCodeItem ? `${f.ccCodeItem.code} (${f.ccCodeItem.name})` : ''}</Item>
      {hasCustomer(type) && <Item label={FIELD_LABELS.customerAccount}>{f.customerItem?.name ?? ''}</Item>}
      <Item label={FIELD_LABELS.emails}>{f.emails.map((e) => e.email).join(', ')}</Item>
      {DELIVERY_TYPE_TABLE[type].hasAddresses && (
        <>
          <Item label={FIELD_LABELS.businessName}>{f.businessName.trim()}</Item>
          <Item label={FIELD_LABELS.dispatchAddress}>{choiceText(f.dispatchAddress)}</Item>
          <Item label={FIELD_LABELS.invoiceAddress}>{choiceText(f.invoiceAddress)}</Item>
        </>
      )}
    </SimpleGrid>
  );
}

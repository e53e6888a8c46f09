/**
 * The preparation fields of a delivery note (docs/product.md §2.13, §4, §5.4; docs/decisions/170), for /create-dn
 * and the edit screens, inside an <AppForm> whose values are `DeliveryDraftFields`:
 * Type (create only), CC code, 'Customer (Asset owner)' (transfer and scrap), Email recipients, Date,
 * and for transfers 'Business name (Invoice to)' with the dispatch and invoice address pickers.
 * Choosing a customer brings in its default e-mail, replacing the previous customer's.
 */
import { SimpleGrid, Stack } from '@mantine/core';
import { useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { NamedRef } from '@cooler-hub/contract/common';
import type { DeliveryEmail } from '@cooler-hub/contract/delivery-emails';
import { DELIVERY_TYPES, type DeliveryType } from '@cooler-hub/contract/delivery-types';
import { DateField } from '../../../components/form/date-field';
import { SelectField, TextField } from '../../../components/form/fields';
import { ccCodeLookup, customerAccountLookup } from '../../../components/form/lookups';
import { SearchSelect } from '../../../components/form/search-select';
import { isApiError } from '../../../lib/api-client';
import { customerDefaultEmail } from '../api';
import { AddressPicker } from './address-picker';
import { hasCustomer, type CcCodeRef, type DeliveryDraftFields, type FieldsMode } from './delivery-form-model';
import { EmailRecipientsField } from './email-recipients-field';
import { withCustomerDefault } from './email-recipients-model';

export const DELIVERY_TYPE_LABELS: Record<DeliveryType, string> = {
  transfer: 'Transfer',
  scrap: 'Scrap',
  error_sheet: 'Error sheet',
};

const TYPE_OPTIONS = DELIVERY_TYPES.map((t) => ({ value: t, label: DELIVERY_TYPE_LABELS[t] }));

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
          label="Type"
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
          label="CC code"
          placeholder="Search by code"
          {...ccCodeLookup}
          initialItem={initial.current.cc}
          onItemChange={(item: CcCodeRef | null) => setValue('ccCodeItem', item)}
          disabled={disabled}
        />
        <DateField name="deliveryDay" label="Date" withAsterisk disabled={disabled} />
      </SimpleGrid>
      {hasCustomer(type) && (
        <SearchSelect
          name="customerAccount"
          label="Customer (Asset owner)"
          withAsterisk={mode === 'create' || type === 'transfer'}
          {...customerAccountLookup}
          initialItem={initial.current.customer}
          onItemChange={(item) => void onCustomer(item)}
          disabled={disabled}
        />
      )}
      <EmailRecipientsField disabled={disabled} withAsterisk={mode === 'create' && type === 'transfer'} />
      {type === 'transfer' && (
        <>
          <TextField name="businessName" label="Business name (Invoice to)" autoComplete="off" disabled={disabled} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <AddressPicker name="dispatchAddress" target="dispatch" label="Dispatch address" disabled={disabled} />
            <AddressPicker name="invoiceAddress" target="invoice" label="Invoice address" disabled={disabled} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

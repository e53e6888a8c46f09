/**
 * The preparation's fields as /create-dn carries them (dn-kit's delivery-form-model): whether a
 * draft may go on to the scan step and the preview, the call body, the read-only summary the
 * preview shows and the labels its errors use.
 */
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DeliveryCreateInput } from '@cooler-hub/contract/deliveries';
import { formatDate } from '../../../lib/format-date';
import { createDeliveryAddress } from '../api';
import { choiceText } from './address-picker-model';
import type { CreateDnDraft } from '../create/create-delivery-draft';
import { DELIVERY_TYPE_LABELS } from './delivery-fields';
import { hasCustomer, isPreparationReady, resolveAddresses, toBody, validateFields, type DeliveryDraftFields } from './delivery-form-model';

export type PrepFields = DeliveryDraftFields;

/** The labels of the preparation's fields (docs/product.md §2.13), by the path a violation names. */
const LABELS: Record<string, string> = {
  type: 'Type',
  CCCode: 'CC code',
  customerAccount: 'Customer (Asset owner)',
  emails: 'Email recipients',
  deliveryDay: 'Date',
  businessName: 'Business name (Invoice to)',
  dispatchAddress: 'Dispatch address',
  invoiceAddress: 'Invoice address',
};

export function fieldLabel(path: string): string {
  const root = path.split(/[.[]/)[0] ?? path;
  return LABELS[root] ?? path;
}

/** The fields of the draft, of the draft's type (the type is chosen on the page, kept in both). */
function fieldsOf(draft: CreateDnDraft<PrepFields>): PrepFields | null {
  return draft.fields ? { ...draft.fields, type: draft.type } : null;
}

export function isPrepReady(draft: CreateDnDraft<PrepFields>): boolean {
  const fields = fieldsOf(draft);
  return fields !== null && isPreparationReady(fields, 'create');
}

/** What is still missing before Scan and Manual open, as the labels the user sees. */
export function missingLabels(fields: PrepFields): string[] {
  return Object.keys(validateFields(fields, 'create')).map(fieldLabel);
}

/** Typed addresses stored first (docs/product.md §4); the answer holds them as chosen ones. */
export async function withResolvedAddresses(draft: CreateDnDraft<PrepFields>): Promise<CreateDnDraft<PrepFields>> {
  const fields = fieldsOf(draft);
  if (!fields) return draft;
  return { ...draft, fields: await resolveAddresses(fields, createDeliveryAddress) };
}

export function toCreateBody(draft: CreateDnDraft<PrepFields>): DeliveryCreateInput {
  const fields = fieldsOf(draft);
  if (!fields) throw new Error('The preparation is missing');
  return toBody(fields, draft.lbNumbers);
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

export function prepSummary(draft: CreateDnDraft<PrepFields>): ReactNode {
  const f = fieldsOf(draft);
  if (!f) return null;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm">
      <Item label="Type">{DELIVERY_TYPE_LABELS[draft.type]}</Item>
      <Item label="Date">{formatDate(f.deliveryDay)}</Item>
      <Item label="CC code">{f.ccCodeItem ? `${f.ccCodeItem.code} (${f.ccCodeItem.name})` : ''}</Item>
      {hasCustomer(draft.type) && <Item label="Customer (Asset owner)">{f.customerItem?.name ?? ''}</Item>}
      <Item label="Email recipients">{f.emails.map((e) => e.email).join(', ')}</Item>
      {draft.type === 'transfer' && (
        <>
          <Item label="Business name (Invoice to)">{f.businessName.trim()}</Item>
          <Item label="Dispatch address">{choiceText(f.dispatchAddress)}</Item>
          <Item label="Invoice address">{choiceText(f.invoiceAddress)}</Item>
        </>
      )}
    </SimpleGrid>
  );
}

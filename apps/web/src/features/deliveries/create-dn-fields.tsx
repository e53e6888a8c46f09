/**
 * The preparation's fields as /create-dn uses them. TEMPORARY until dn-kit's delivery-form-model
 * lands: only the type and today's date.
 */
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { londonToday } from '@cooler-hub/contract/london-time';
import type { DeliveryCreateInput } from '@cooler-hub/contract/deliveries';
import type { CreateDnDraft } from './create-dn-draft';

export interface PrepFields {
  deliveryDay: string;
}

export function emptyPrep(): PrepFields {
  return { deliveryDay: londonToday() };
}

export function isPrepReady(draft: CreateDnDraft<PrepFields>): boolean {
  return draft.fields !== null;
}

export async function withResolvedAddresses(draft: CreateDnDraft<PrepFields>): Promise<CreateDnDraft<PrepFields>> {
  return Promise.resolve(draft);
}

export function toCreateBody(draft: CreateDnDraft<PrepFields>): DeliveryCreateInput {
  return { type: draft.type, deliveryDay: draft.fields?.deliveryDay ?? londonToday(), lbNumbers: draft.lbNumbers };
}

export function prepSummary(draft: CreateDnDraft<PrepFields>): ReactNode {
  return <Text size="sm">Type: {draft.type}</Text>;
}

export function fieldLabel(path: string): string {
  return path;
}

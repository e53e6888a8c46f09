/**
 * The preparation's fields as /create-dn's draft carries them: whether the draft may go on to the
 * scan step and the preview, what is still missing, and the create call's body.
 */
import type { DeliveryCreateInput } from '@cooler-hub/contract/deliveries';
import { createDeliveryAddress } from '../api';
import { fieldLabel } from '../fields/delivery-fields';
import { resolveAddresses, toBody, type DeliveryDraftFields } from '../fields/delivery-form-model';
import { isPreparationReady, validateFields } from '../fields/delivery-form-schema';
import type { CreateDeliveryDraft } from './create-delivery-draft';

export type PrepFields = DeliveryDraftFields;

/** The fields of the draft, of the draft's type (the type is chosen on the page, kept in both). */
export function fieldsOf(draft: CreateDeliveryDraft<PrepFields>): PrepFields | null {
  return draft.fields ? { ...draft.fields, type: draft.type } : null;
}

export function isPrepReady(draft: CreateDeliveryDraft<PrepFields>): boolean {
  const fields = fieldsOf(draft);
  return fields !== null && isPreparationReady(fields, 'create');
}

/** What is still missing before Scan and Manual open, as the labels the user sees. */
export function missingLabels(fields: PrepFields): string[] {
  return Object.keys(validateFields(fields, 'create')).map(fieldLabel);
}

/** Typed addresses stored first; the answer holds them as chosen ones. */
export async function withResolvedAddresses(draft: CreateDeliveryDraft<PrepFields>): Promise<CreateDeliveryDraft<PrepFields>> {
  const fields = fieldsOf(draft);
  if (!fields) return draft;
  return { ...draft, fields: await resolveAddresses(fields, createDeliveryAddress) };
}

export function toCreateBody(draft: CreateDeliveryDraft<PrepFields>): DeliveryCreateInput {
  const fields = fieldsOf(draft);
  if (!fields) throw new Error('The preparation is missing');
  return toBody(fields, draft.lbNumbers);
}

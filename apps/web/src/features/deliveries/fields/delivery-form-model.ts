/**
 * The preparation fields of a delivery note, shared by /create-dn and the three edit screens
 * (docs/product.md §2.13, §3, §4, §5.4; docs/decisions/170): the form's values, their client validation, and the
 * API body they become.
 *
 *   const formApi = useAppForm(deliveryFieldsSchema('create'), { defaultValues: emptyFields('transfer') });
 *   <DeliveryFields mode="create" />                       // inside <AppForm api={formApi}>
 *   const ready = isPreparationReady(formApi.form.watch(), 'create');
 *   const resolved = await resolveAddresses(values);       // typed addresses are created first
 *   await createDelivery(toBody(resolved, lbNumbers));
 */
import { z } from 'zod';
import { REQUIRED_MESSAGE, type NamedRef } from '@cooler-hub/contract/common';
import { EMAIL_MISSED, type Delivery, type DeliveryCreateInput } from '@cooler-hub/contract/deliveries';
import type { AddressTarget, DeliveryAddress } from '@cooler-hub/contract/delivery-addresses';
import type { DeliveryEmail } from '@cooler-hub/contract/delivery-emails';
import type { DeliveryType } from '@cooler-hub/contract/delivery-types';
import { londonToday } from '@cooler-hub/contract/london-time';
import type { DeliveryBody } from '../api';
import { choiceId, NO_ADDRESS, usedChoice, type AddressChoice } from './address-picker-model';

export type { AddressChoice } from './address-picker-model';

export interface CcCodeRef {
  id: string;
  code: string;
  name: string;
}

export interface DeliveryDraftFields {
  type: DeliveryType | null;
  /** YYYY-MM-DD; null once the user emptied the date. */
  deliveryDay: string | null;
  /** The CC code's id, and the code itself so its label shows again without a lookup. */
  CCCode: string | null;
  ccCodeItem: CcCodeRef | null;
  /** The asset owner (transfer and scrap). */
  customerAccount: number | null;
  customerItem: NamedRef | null;
  /** The recipients, and which of them came in as the customer's default (docs/decisions/171). */
  emails: DeliveryEmail[];
  defaultEmailId: number | null;
  /** Transfer only. */
  businessName: string;
  dispatchAddress: AddressChoice;
  invoiceAddress: AddressChoice;
}

/**
 * 'create': /create-dn (type chosen, customer required for transfer and scrap, recipients required
 * for transfer). 'edit': a loaded note (customer required for transfer only; recipients not checked
 * here — docs/product.md §5.4 "disabled in the loaded-delivery flow"; the server still answers 'Email is missed').
 */
export type FieldsMode = 'create' | 'edit';

export type FieldErrorPath = 'type' | 'deliveryDay' | 'customerAccount' | 'emails';
export type FieldErrors = Partial<Record<FieldErrorPath, string>>;

export function emptyFields(type: DeliveryType | null, today: string = londonToday()): DeliveryDraftFields {
  return {
    type,
    deliveryDay: today,
    CCCode: null,
    ccCodeItem: null,
    customerAccount: null,
    customerItem: null,
    emails: [],
    defaultEmailId: null,
    businessName: '',
    dispatchAddress: NO_ADDRESS,
    invoiceAddress: NO_ADDRESS,
  };
}

function addressChoiceOf(address: DeliveryAddress | null): AddressChoice {
  return address ? usedChoice(address) : NO_ADDRESS;
}

/** A loaded note as form values (the edit screens). */
export function fieldsFromDelivery(d: Delivery): DeliveryDraftFields {
  return {
    type: d.type,
    deliveryDay: d.deliveryDay,
    CCCode: d.CCCode?.id ?? null,
    ccCodeItem: d.CCCode,
    customerAccount: d.customerAccount?.id ?? null,
    customerItem: d.customerAccount,
    emails: d.emails,
    defaultEmailId: null,
    businessName: d.businessName ?? '',
    dispatchAddress: addressChoiceOf(d.dispatchAddress),
    invoiceAddress: addressChoiceOf(d.invoiceAddress),
  };
}

/** Whether the type has an asset owner field (docs/product.md §2.13: scrap and transfer only). */
export function hasCustomer(type: DeliveryType | null): boolean {
  return type === 'transfer' || type === 'scrap';
}

/** docs/product.md §5.4's client rules; an empty object when the fields may be sent. */
export function validateFields(fields: DeliveryDraftFields, mode: FieldsMode): FieldErrors {
  const errors: FieldErrors = {};
  const { type } = fields;
  if (!type) errors.type = REQUIRED_MESSAGE;
  if (!fields.deliveryDay) errors.deliveryDay = REQUIRED_MESSAGE;
  const customerRequired = mode === 'create' ? hasCustomer(type) : type === 'transfer';
  if (customerRequired && fields.customerAccount === null) errors.customerAccount = REQUIRED_MESSAGE;
  if (mode === 'create' && type === 'transfer' && fields.emails.length === 0) errors.emails = EMAIL_MISSED;
  return errors;
}

/** "Is the preparation ready": Scan and Manual need valid fields (docs/product.md §2.13). */
export function isPreparationReady(fields: DeliveryDraftFields, mode: FieldsMode = 'create'): boolean {
  return Object.keys(validateFields(fields, mode)).length === 0;
}

/** The form layer's schema (useAppForm): the values pass through unchanged, `validateFields` rules. */
export function deliveryFieldsSchema(mode: FieldsMode) {
  return z.custom<DeliveryDraftFields>((v) => typeof v === 'object' && v !== null).superRefine((fields, ctx) => {
    const errors = validateFields(fields, mode);
    for (const [path, message] of Object.entries(errors)) ctx.addIssue({ code: 'custom', path: [path], message });
  });
}

/** The same rules over a form that holds more than the fields (an edit screen's LB numbers). */
export function withFieldRules<T extends DeliveryDraftFields>(mode: FieldsMode) {
  return z.custom<T>((v) => typeof v === 'object' && v !== null).superRefine((fields, ctx) => {
    const errors = validateFields(fields, mode);
    for (const [path, message] of Object.entries(errors)) ctx.addIssue({ code: 'custom', path: [path], message });
  });
}

export type CreateAddress = (searchText: string, target: AddressTarget) => Promise<DeliveryAddress>;

/**
 * docs/product.md §4: "On submit a new address is created first, then selected and its id placed into
 * dispatchAddress or invoiceAddress". Typed addresses of a transfer are stored one after the other;
 * the answer holds them as chosen addresses, so a retry after a failed save does not store them twice.
 */
export async function resolveAddresses(fields: DeliveryDraftFields, create: CreateAddress): Promise<DeliveryDraftFields> {
  if (fields.type !== 'transfer') return fields;
  const resolve = async (choice: AddressChoice, target: AddressTarget) =>
    choice.mode === 'search' && choice.searchText.trim() !== '' ? usedChoice(await create(choice.searchText.trim(), target)) : choice;
  const dispatchAddress = await resolve(fields.dispatchAddress, 'dispatch');
  const invoiceAddress = await resolve(fields.invoiceAddress, 'invoice');
  return { ...fields, dispatchAddress, invoiceAddress };
}

/** The fields of an update call (PUT …/transfer|scrap|error_sheet): only those the type has. */
export function toUpdateBody(fields: DeliveryDraftFields, lbNumbers: readonly string[]): DeliveryBody {
  const common = {
    deliveryDay: fields.deliveryDay ?? '',
    lbNumbers: [...lbNumbers],
    emails: fields.emails.map((e) => e.id),
    CCCode: fields.CCCode,
  };
  if (fields.type === 'error_sheet') return common;
  if (fields.type === 'scrap') return { ...common, customerAccount: fields.customerAccount };
  return {
    ...common,
    customerAccount: fields.customerAccount,
    businessName: fields.businessName.trim() === '' ? null : fields.businessName.trim(),
    dispatchAddress: choiceId(fields.dispatchAddress),
    invoiceAddress: choiceId(fields.invoiceAddress),
  };
}

/** POST /api/deliveries. Call after `resolveAddresses` (a typed address has no id until then). */
export function toBody(fields: DeliveryDraftFields, lbNumbers: readonly string[]): DeliveryCreateInput {
  return { type: fields.type ?? '', ...toUpdateBody(fields, lbNumbers) };
}

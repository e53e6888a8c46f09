/**
 * The preparation fields of a delivery note, shared by /create-dn and the three edit screens
 * (docs/decisions/170): the form's values and the API body they become. Their checks are the
 * contract's bodies (delivery-form-schema.ts).
 *
 *   <DeliveryFields mode="create" />                       // inside <AppForm api={formApi}>
 *   const resolved = await resolveAddresses(values);       // typed addresses are created first
 *   await createDelivery(toBody(resolved, lbNumbers));
 */
import type { NamedRef } from '@cooler-hub/contract/common';
import type { Delivery, DeliveryCreateInput } from '@cooler-hub/contract/deliveries';
import type { AddressTarget, DeliveryAddress } from '@cooler-hub/contract/delivery-addresses';
import type { DeliveryEmail } from '@cooler-hub/contract/delivery-emails';
import { DELIVERY_TYPE_TABLE, type DeliveryType } from '@cooler-hub/contract/delivery-types';
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

export type CreateAddress = (searchText: string, target: AddressTarget) => Promise<DeliveryAddress>;

/**
 * docs/product.md §4: "On submit a new address is created first, then selected and its id placed into
 * dispatchAddress or invoiceAddress". Typed addresses of a transfer are stored one after the other;
 * the answer holds them as chosen addresses, so a retry after a failed save does not store them twice.
 */
export async function resolveAddresses(fields: DeliveryDraftFields, create: CreateAddress): Promise<DeliveryDraftFields> {
  if (!fields.type || !DELIVERY_TYPE_TABLE[fields.type].hasAddresses) return fields;
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
  const { hasCustomer, hasAddresses } = fields.type ? DELIVERY_TYPE_TABLE[fields.type] : { hasCustomer: true, hasAddresses: true };
  if (!hasCustomer) return common;
  if (!hasAddresses) return { ...common, customerAccount: fields.customerAccount };
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

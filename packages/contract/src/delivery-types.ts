/**
 * The three delivery types and everything that differs between them, in one table: how a person
 * names them, which list they are read from, what their downloads are called, which fields they
 * have and which of those a create or an edit requires. Every switch on the type reads this table.
 */
import { z } from 'zod';

export const DELIVERY_TYPES = ['transfer', 'scrap', 'error_sheet'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

export const deliveryType = z.enum(DELIVERY_TYPES, {
  error: (i) => (i.input === undefined ? undefined : 'Choose transfer, scrap or error_sheet.'),
});

/** The fields a delivery type may require beyond the ones every note requires (type, date, LB numbers). */
export type RequirableField = 'customerAccount' | 'emails';

/** A form of a delivery: the create call (POST /api/deliveries) or the edit of a loaded note (PUT). */
export type DeliveryMode = 'create' | 'edit';

export interface DeliveryTypeInfo {
  /** The type's name in a choice: 'Transfer'. */
  label: string;
  /** What a person calls one note of this type: 'delivery note', 'error sheet'. */
  noun: string;
  /** The title before a note's id: 'Transfer delivery note' 12. */
  title: string;
  /** The start of a download's file name: 'transfer-note'-12.pdf. */
  fileName: string;
  /** The note names an asset owner (customer account); its recipients come from it. */
  hasCustomer: boolean;
  /** The note has a business name and dispatch and invoice addresses. */
  hasAddresses: boolean;
  /** The note holds its LB numbers exclusively: at most one such note per LB number (docs/decisions/153). */
  exclusive: boolean;
  /**
   * What each form requires: the customer account for transfer and scrap on create, for transfer
   * only on edit; the recipients of a transfer on both.
   */
  required: Record<DeliveryMode, readonly RequirableField[]>;
}

export const DELIVERY_TYPE_TABLE: Record<DeliveryType, DeliveryTypeInfo> = {
  transfer: {
    label: 'Transfer',
    noun: 'delivery note',
    title: 'Transfer delivery note',
    fileName: 'transfer-note',
    hasCustomer: true,
    hasAddresses: true,
    exclusive: true,
    required: { create: ['customerAccount', 'emails'], edit: ['customerAccount', 'emails'] },
  },
  scrap: {
    label: 'Scrap',
    noun: 'delivery note',
    title: 'Scrap delivery note',
    fileName: 'scrap-note',
    hasCustomer: true,
    hasAddresses: false,
    exclusive: true,
    required: { create: ['customerAccount'], edit: [] },
  },
  error_sheet: {
    label: 'Error sheet',
    noun: 'error sheet',
    title: 'Error sheet',
    fileName: 'error-sheet',
    hasCustomer: false,
    hasAddresses: false,
    exclusive: false,
    required: { create: [], edit: [] },
  },
};

export function isDeliveryType(value: unknown): value is DeliveryType {
  return typeof value === 'string' && (DELIVERY_TYPES as readonly string[]).includes(value);
}

/** The types whose notes hold an LB number exclusively: at most one such note per LB. */
export const EXCLUSIVE_DELIVERY_TYPES = DELIVERY_TYPES.filter((t) => DELIVERY_TYPE_TABLE[t].exclusive);
export function isExclusiveType(type: DeliveryType): boolean {
  return DELIVERY_TYPE_TABLE[type].exclusive;
}

/** Whether the type has an asset owner (transfer and scrap). */
export function hasCustomer(type: DeliveryType | null): boolean {
  return type !== null && DELIVERY_TYPE_TABLE[type].hasCustomer;
}

/** Whether the field is required of a note of this type in this form. */
export function isRequired(type: DeliveryType | null, mode: DeliveryMode, field: RequirableField): boolean {
  return type !== null && DELIVERY_TYPE_TABLE[type].required[mode].includes(field);
}

/** The title a person reads: 'Transfer delivery note 12', 'Error sheet 3'. */
export function deliveryTitle(d: { id: number; type: DeliveryType }): string {
  return `${DELIVERY_TYPE_TABLE[d.type].title} ${d.id}`;
}

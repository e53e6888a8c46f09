/**
 * The pure rules of the three delivery lists (docs/product.md §2.13, §4; docs/decisions/181): where a row's
 * links go, which row actions a note allows, and the accessible names of its buttons.
 */
import { APPROVED_READ_ONLY, NOT_APPROVED_YET, type DOWNLOAD_FORMATS, type EmailStatus } from '@cooler-hub/contract/deliveries';
import { DELIVERY_TYPE_TABLE, deliveryTitle, type DeliveryType } from '@cooler-hub/contract/delivery-types';
import { DELIVERY_SCREENS } from '../../../lib/delivery-screens';
import { paths } from '../../../lib/paths';

type DeliveryRef = { id: number; type: DeliveryType };
type DeliveryState = DeliveryRef & { status: 'pending' | 'approved' };

/** The list screen of a type: its title (paths.ts) and its create button. */
export function listScreenOf(type: DeliveryType): { title: string; createLabel: string } {
  return { title: DELIVERY_SCREENS[type].list.title, createLabel: `Create ${DELIVERY_TYPE_TABLE[type].noun}` };
}

/** The edit screen of a note. */
export function editPathOf(delivery: DeliveryRef): string {
  return DELIVERY_SCREENS[delivery.type].edit(delivery.id);
}

/**
 * Where a row's Items count leads: /main filtered to the note's receipts for a type that holds its
 * LB numbers exclusively (transfer, scrap); otherwise (error sheets, whose LB numbers stay free for
 * other notes and so are not the receipts' delivery, docs/decisions/181) the note's own items screen.
 */
export function itemsPathOf(delivery: DeliveryRef): string {
  if (!DELIVERY_TYPE_TABLE[delivery.type].exclusive) return DELIVERY_SCREENS[delivery.type].open(delivery.id);
  return `${paths.main.to()}?${new URLSearchParams({ deliveryId: String(delivery.id) }).toString()}`;
}

/** Why a note's delete icon is blocked: the server refuses deleting an approved note (decision 152). */
export function deleteBlockedReason(delivery: DeliveryState): string | undefined {
  return delivery.status === 'approved' ? APPROVED_READ_ONLY : undefined;
}

/** Why 'Resend' is blocked: only an approved note has been e-mailed (the server refuses a pending one). */
export function resendBlockedReason(delivery: DeliveryState): string | undefined {
  return delivery.status === 'approved' ? undefined : NOT_APPROVED_YET;
}

/** 'Download CSV of transfer delivery note 12', 'Download PDF of error sheet 3'. */
export function downloadLabel(delivery: DeliveryRef, format: (typeof DOWNLOAD_FORMATS)[number]): string {
  return `Download ${format.toUpperCase()} of ${lowerFirst(deliveryTitle(delivery))}`;
}

/** 'Approve transfer delivery note 12'. */
export function approveLabel(delivery: DeliveryRef): string {
  return `Approve ${lowerFirst(deliveryTitle(delivery))}`;
}

/** 'Resend transfer delivery note 12'. */
export function resendLabel(delivery: DeliveryRef): string {
  return `Resend ${lowerFirst(deliveryTitle(delivery))}`;
}

/** The Resend beside a failed e-mail's status: 'Resend failed e-mail of transfer delivery note 12'. */
export function resendFailedLabel(delivery: DeliveryRef): string {
  return `Resend failed e-mail of ${lowerFirst(deliveryTitle(delivery))}`;
}

/** 'Items of transfer delivery note 12: 3'. */
export function itemsLabel(delivery: DeliveryRef & { itemsCount: number }): string {
  return `${delivery.itemsCount} item${delivery.itemsCount === 1 ? '' : 's'} of ${lowerFirst(deliveryTitle(delivery))}`;
}

export const EMAIL_STATUS_COLORS: Record<EmailStatus, string> = { Read: 'green', Sent: 'blue', Failed: 'red', 'N/A': 'gray' };

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

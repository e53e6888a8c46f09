/**
 * The pure rules of the three delivery lists (docs/product.md §2.13, §4; docs/decisions/180–182): where a row's
 * links go, which row actions a note allows, and the accessible names of its buttons.
 */
import { APPROVED_READ_ONLY, NOT_APPROVED_YET, type DOWNLOAD_FORMATS, type EmailStatus } from '@cooler-hub/contract/deliveries';
import { deliveryTitle, type DeliveryType } from '@cooler-hub/contract/delivery-types';
import { paths } from '../../../lib/paths';

type NoteRef = { id: number; type: DeliveryType };
type NoteState = NoteRef & { status: 'pending' | 'approved' };

/** The list screen of each type: its title (paths.ts) and its create button (docs/product.md §2.13). */
export const LIST_SCREENS = {
  transfer: { title: paths.deliveryListTransfer.title, createLabel: 'Create delivery note' },
  scrap: { title: paths.deliveryListScrap.title, createLabel: 'Create delivery note' },
  error_sheet: { title: paths.errorSheet.title, createLabel: 'Create error sheet' },
} as const satisfies Record<DeliveryType, { title: string; createLabel: string }>;

/** The edit screen of a note. */
export function editPathOf(note: NoteRef): string {
  const id = String(note.id);
  if (note.type === 'transfer') return paths.updateDnTransfer.to({ id });
  if (note.type === 'scrap') return paths.updateScrap.to({ id });
  return paths.errorSheetView.to({ deliveryId: id, view: 'update' });
}

/**
 * Where a row's Items count leads: /main filtered to the note's receipts for transfers and scraps;
 * an error sheet's own items screen (its preview) for error sheets, whose LB numbers stay free for
 * other notes and so are not the receipts' delivery (docs/decisions/181).
 */
export function itemsPathOf(note: NoteRef): string {
  if (note.type === 'error_sheet') return paths.errorSheetView.to({ deliveryId: String(note.id), view: 'preview' });
  return `${paths.main.to()}?${new URLSearchParams({ deliveryId: String(note.id) }).toString()}`;
}

/** Why a note's delete icon is blocked: the server refuses deleting an approved note (decision 152). */
export function deleteBlockedReason(note: NoteState): string | undefined {
  return note.status === 'approved' ? APPROVED_READ_ONLY : undefined;
}

/** Why 'Resend' is blocked: only an approved note has been e-mailed (the server refuses a pending one). */
export function resendBlockedReason(note: NoteState): string | undefined {
  return note.status === 'approved' ? undefined : NOT_APPROVED_YET;
}

/** 'Download CSV of transfer delivery note 12', 'Download PDF of error sheet 3'. */
export function downloadLabel(note: NoteRef, format: (typeof DOWNLOAD_FORMATS)[number]): string {
  return `Download ${format.toUpperCase()} of ${lowerFirst(deliveryTitle(note))}`;
}

/** 'Approve transfer delivery note 12'. */
export function approveLabel(note: NoteRef): string {
  return `Approve ${lowerFirst(deliveryTitle(note))}`;
}

/** 'Resend transfer delivery note 12'. */
export function resendLabel(note: NoteRef): string {
  return `Resend ${lowerFirst(deliveryTitle(note))}`;
}

/** The Resend beside a failed e-mail's status: 'Resend failed e-mail of transfer delivery note 12'. */
export function resendFailedLabel(note: NoteRef): string {
  return `Resend failed e-mail of ${lowerFirst(deliveryTitle(note))}`;
}

/** 'Items of transfer delivery note 12: 3'. */
export function itemsLabel(note: NoteRef & { itemsCount: number }): string {
  return `${note.itemsCount} item${note.itemsCount === 1 ? '' : 's'} of ${lowerFirst(deliveryTitle(note))}`;
}

export const EMAIL_STATUS_COLORS: Record<EmailStatus, string> = { Read: 'green', Sent: 'blue', Failed: 'red', 'N/A': 'gray' };

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * The web's screens of each delivery type, beside the contract's table of what the types are
 * (`DELIVERY_TYPE_TABLE`: names, fields, rules): a type's list screen, a note's edit screen and
 * where a link to a note leads. Every switch of the web on the delivery type reads one of the two.
 */
import { DELIVERY_TYPE_TABLE, isDeliveryType, type DeliveryType } from '@cooler-hub/contract/delivery-types';
import { paths, type AppPath } from './paths';

export interface DeliveryScreens {
  /** The list screen of the type. */
  list: AppPath;
  /** The edit screen of the type (its title heads the screen, before the note's id). */
  editScreen: AppPath;
  /** A note's edit screen. */
  edit: (id: number) => string;
  /** Where a link to a note leads: its edit screen, or for an error sheet its items (the preview). */
  open: (id: number) => string;
  /** The list's columns: 'full' (customer, e-mail status, approval, CSV and PDF, Resend) or 'short' (date, items, CSV). */
  listColumns: 'full' | 'short';
}

const errorSheetView = (id: number, view: 'update' | 'preview') => paths.errorSheetView.to({ deliveryId: String(id), view });
const transferEdit = (id: number) => paths.updateDnTransfer.to({ id: String(id) });
const scrapEdit = (id: number) => paths.updateScrap.to({ id: String(id) });

export const DELIVERY_SCREENS: Record<DeliveryType, DeliveryScreens> = {
  transfer: {
    list: paths.deliveryListTransfer,
    editScreen: paths.updateDnTransfer,
    edit: transferEdit,
    open: transferEdit,
    listColumns: 'full',
  },
  scrap: { list: paths.deliveryListScrap, editScreen: paths.updateScrap, edit: scrapEdit, open: scrapEdit, listColumns: 'full' },
  error_sheet: {
    list: paths.errorSheet,
    editScreen: paths.errorSheetView,
    edit: (id) => errorSheetView(id, 'update'),
    open: (id) => errorSheetView(id, 'preview'),
    listColumns: 'short',
  },
};

/** Where a note is listed; null for a value that is no delivery type. */
export function listPathOf(type: unknown): string | null {
  return isDeliveryType(type) ? DELIVERY_SCREENS[type].list.to() : null;
}

/** 'delivery note', 'error sheet' with each word capitalised: 'Delivery Note'. */
export function nounTitle(type: DeliveryType): string {
  return DELIVERY_TYPE_TABLE[type].noun.replace(/\b\w/g, (c) => c.toUpperCase());
}

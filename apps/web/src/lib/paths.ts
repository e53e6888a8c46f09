/**
 * Every route of docs/product.md §2.1 in one typed registry: its pattern, its title (heading of the screen and
 * of its placeholder) and who may open it. `to()` builds a link with typed parameters. The router,
 * the side menu and the page guards all read this table.
 */
import { generatePath } from 'react-router';
import type { Ability } from '@cooler-hub/contract/permissions';

/** 'public': anyone; 'authenticated': any signed-in user; a list: signed in with any of these abilities. */
export type Access = 'public' | 'authenticated' | readonly Ability[];

type PathParams<P extends string> = Parameters<typeof generatePath<P>>[1];

export interface AppPath<P extends string = string> {
  readonly pattern: P;
  readonly title: string;
  readonly access: Access;
  readonly to: (params?: PathParams<P>) => string;
}

function path<const P extends string>(pattern: P, title: string, access: Access): AppPath<P> {
  return { pattern, title, access, to: (params) => generatePath<P>(pattern, params) };
}

const RECEIPTS: readonly Ability[] = ['receipts', 'inventory'];
const COOLERS: readonly Ability[] = ['coolers', 'inventory'];
const CUSTOMERS: readonly Ability[] = ['customers'];
const SETTINGS: readonly Ability[] = ['settings'];

export const paths = {
  login: path('/login', 'Login', 'public'),
  recovery: path('/login/recovery', 'Password recovery', 'public'),
  root: path('/', 'Main', 'authenticated'),
  main: path('/main', 'Main', RECEIPTS),
  receipts: path('/receipts', 'Master Data', RECEIPTS),
  dashboard: path('/dashboard', 'Dashboard', RECEIPTS),
  receiptCreate: path('/receipt-create', 'Create receipt', RECEIPTS),
  receiptEdit: path('/receipt/:receipt/edit', 'Update receipt', RECEIPTS),
  receiptRevisions: path('/receipt/:receipt/revisions', 'History of receipt changes', RECEIPTS),
  endOfDaySheet: path('/end-of-day-sheet', 'End Of Day Sheet', ['endOfDaySheet']),
  errorSheet: path('/error-sheet', 'Error Sheet', CUSTOMERS),
  errorSheetView: path('/error-sheet/:deliveryId/:view', 'Error Sheet', CUSTOMERS),
  deliveryListScrap: path('/delivery-list/scrap', 'Scrap delivery notes', CUSTOMERS),
  deliveryListTransfer: path('/delivery-list/transfer', 'Transfer delivery notes', CUSTOMERS),
  createDn: path('/create-dn/:view?', 'Create Delivery Note', CUSTOMERS),
  updateDnTransfer: path('/update-dn/:id/transfer', 'Edit transfer', CUSTOMERS),
  updateScrap: path('/update-scrap/:id', 'Edit Scrap Delivery', CUSTOMERS),
  lbTag: path('/lb-tag', 'Update LB tag', RECEIPTS),
  scanUpdate: path('/scan-update', 'Scan LB tag', RECEIPTS),
  coolersList: path('/coolers-list', 'Cooler History', COOLERS),
  coolersCreate: path('/coolers-create', 'Create Cooler', COOLERS),
  coolersEdit: path('/coolers-edit/:cooler', 'Edit Cooler', COOLERS),
  coolersRevisions: path('/coolers-revisions/:receipt', 'History of cooler changes', COOLERS),
  // One cooler's whole life: its receipts, their notes and its merged history (docs/decisions/251).
  cooler: path('/coolers/:cooler', 'Cooler', COOLERS),
  customers: path('/customers', 'Customers', CUSTOMERS),
  customerCreate: path('/customer-create', 'Add account', CUSTOMERS),
  customerEdit: path('/customer-edit/:customer', 'Update account', CUSTOMERS),
  settings: path('/settings', 'Settings', SETTINGS),
  ccodeCreate: path('/ccodes/new', 'Create CC code', SETTINGS),
  ccodeEdit: path('/ccodes/:id/edit', 'Update CC code', SETTINGS),
  collectionPointCreate: path('/collection_point/new', 'Create Point', SETTINGS),
  collectionPointEdit: path('/collection_point/:id/edit', 'Update Point', SETTINGS),
  scrapReasonCreate: path('/scrap_reason/new', 'Create Scrap', SETTINGS),
  scrapReasonEdit: path('/scrap_reason/:id/edit', 'Update Scrap', SETTINGS),
  partNumberCreate: path('/part-number-create', 'Add part number', SETTINGS),
  partNumberEdit: path('/part-number-edit/:part', 'Update part number', SETTINGS),
  // Webhooks under Settings, for Admins (docs/decisions/280).
  webhookCreate: path('/settings/webhooks/new', 'Add webhook', ['manageWebhooks']),
  webhook: path('/settings/webhooks/:id', 'Webhook', ['manageWebhooks']),
  // Label printers tags are sent to from the server, for Admins (docs/decisions/283).
  printerCreate: path('/settings/printers/new', 'Add label printer', ['managePrinters']),
  printerEdit: path('/settings/printers/:id', 'Edit label printer', ['managePrinters']),
  // Importing records from CSV or XLSX (docs/decisions/258); an import's own address shows its live state.
  importFile: path('/import/:importId?', 'Import', ['import']),
  users: path('/users', 'Users', ['manageUser']),
  editProfile: path('/edit-profile', 'Edit profile', 'authenticated'),
  // Personal API tokens for scripts, and every user's for whoever manages them (docs/decisions/279).
  myApiTokens: path('/edit-profile/api-tokens', 'API tokens', 'authenticated'),
  apiTokens: path('/api-tokens', 'API tokens', ['manageApiTokens']),
  // What this device keeps for the server while offline (docs/decisions/270).
  outbox: path('/outbox', 'Waiting to send', 'authenticated'),
  notFound: path('/404', '404 Not Found', 'public'),
} as const;

export type PathKey = keyof typeof paths;

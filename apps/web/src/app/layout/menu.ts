/**
 * The side menu of docs/product.md §2.1, its visibility rules (docs/product.md §6) and which entry a screen belongs to:
 * a form or history page keeps its section's entry highlighted (/ccodes/new → Settings).
 */
import { matchPath } from 'react-router';
import { can, type Ability } from '@cooler-hub/contract/permissions';
import { paths, type AppPath } from '../../lib/paths';

export interface MenuEntry {
  label: string;
  path: AppPath;
  /** Visible when the user has any of these. */
  abilities: readonly Ability[];
  /** The section's other screens (forms, history, views), which keep this entry highlighted. */
  section?: readonly AppPath[];
}

export const MENU: readonly MenuEntry[] = [
  // Main's big buttons lead to the LB tag screens and Create DN, which makes every delivery type (docs/product.md §2.6).
  { label: 'Main', path: paths.main, abilities: ['receipts', 'inventory'], section: [paths.lbTag, paths.scanUpdate, paths.createDn] },
  {
    label: 'Master Data',
    path: paths.receipts,
    abilities: ['receipts', 'inventory'],
    section: [paths.receiptCreate, paths.receiptEdit, paths.receiptRevisions],
  },
  // docs/decisions/255: for whoever may see receipts, where every figure links; Main stays the home.
  { label: 'Dashboard', path: paths.dashboard, abilities: ['receipts', 'inventory'] },
  { label: 'End Of Day Sheet', path: paths.endOfDaySheet, abilities: ['endOfDaySheet'] },
  { label: 'Error Sheet', path: paths.errorSheet, abilities: ['customers'], section: [paths.errorSheetView] },
  { label: 'Scrap delivery notes', path: paths.deliveryListScrap, abilities: ['customers'], section: [paths.updateScrap] },
  { label: 'Transfer delivery notes', path: paths.deliveryListTransfer, abilities: ['customers'], section: [paths.updateDnTransfer] },
  {
    label: 'Cooler History',
    path: paths.coolersList,
    abilities: ['receipts', 'inventory'],
    section: [paths.coolersCreate, paths.coolersEdit, paths.coolersRevisions, paths.cooler],
  },
  { label: 'Customers', path: paths.customers, abilities: ['customers'], section: [paths.customerCreate, paths.customerEdit] },
  {
    label: 'Settings',
    path: paths.settings,
    abilities: ['settings'],
    section: [
      paths.ccodeCreate,
      paths.ccodeEdit,
      paths.collectionPointCreate,
      paths.collectionPointEdit,
      paths.scrapReasonCreate,
      paths.scrapReasonEdit,
      paths.partNumberCreate,
      paths.partNumberEdit,
    ],
  },
  { label: 'Import', path: paths.importFile, abilities: ['import'] },
  { label: 'Users', path: paths.users, abilities: ['manageUser'] },
  { label: 'API tokens', path: paths.apiTokens, abilities: ['manageApiTokens'] },
];

export function visibleMenu(permissions: readonly string[]): MenuEntry[] {
  return MENU.filter((entry) => entry.abilities.some((a) => can(permissions, a)));
}

/** The menu entry whose section holds this path, if any (the page itself or one of its forms). */
export function activeEntry(pathname: string): MenuEntry | undefined {
  return MENU.find((entry) => [entry.path, ...(entry.section ?? [])].some((p) => matchPath(p.pattern, pathname)));
}

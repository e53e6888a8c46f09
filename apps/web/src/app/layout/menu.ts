/** The side menu of spec 2.1 and its visibility rules (spec part 6). */
import { can, type Ability } from '@cooler-hub/contract/permissions';
import { paths, type AppPath } from '../../lib/paths';

export interface MenuEntry {
  label: string;
  path: AppPath;
  /** Visible when the user has any of these. */
  abilities: readonly Ability[];
}

export const MENU: readonly MenuEntry[] = [
  { label: 'Main', path: paths.main, abilities: ['receipts', 'inventory'] },
  { label: 'Master Data', path: paths.receipts, abilities: ['receipts', 'inventory'] },
  { label: 'End Of Day Sheet', path: paths.endOfDaySheet, abilities: ['endOfDaySheet'] },
  { label: 'Error Sheet', path: paths.errorSheet, abilities: ['customers'] },
  { label: 'Scrap delivery notes', path: paths.deliveryListScrap, abilities: ['customers'] },
  { label: 'Transfer delivery notes', path: paths.deliveryListTransfer, abilities: ['customers'] },
  { label: 'Cooler History', path: paths.coolersList, abilities: ['receipts', 'inventory'] },
  { label: 'Customers', path: paths.customers, abilities: ['customers'] },
  { label: 'Settings', path: paths.settings, abilities: ['settings'] },
  { label: 'Users', path: paths.users, abilities: ['manageUser'] },
];

export function visibleMenu(permissions: readonly string[]): MenuEntry[] {
  return MENU.filter((entry) => entry.abilities.some((a) => can(permissions, a)));
}

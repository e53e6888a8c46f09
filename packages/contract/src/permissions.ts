/**
 * Roles, permissions and abilities (docs/product.md §6, docs/architecture.md §5). The server guard and the web's
 * menu ask the same `can()`, so what the UI hides is exactly what the API forbids.
 */
import { z } from 'zod';

export const ROLES = ['Admin', 'Production'] as const;
export const role = z.enum(ROLES, { error: 'Choose Admin or Production.' });
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = ['ROLE_ADMIN_USER', 'ROLE_MASTER_ACCOUNT', 'ROLE_REMOVE_INVENTORY', 'ROLE_IMPORT'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  Admin: ['ROLE_ADMIN_USER', 'ROLE_MASTER_ACCOUNT', 'ROLE_REMOVE_INVENTORY', 'ROLE_IMPORT'],
  Production: ['ROLE_ADMIN_USER'],
};

/** The abilities of docs/product.md §6, each tied to the permission it needs. */
export const ABILITIES = {
  admin: 'ROLE_ADMIN_USER',
  endOfDaySheet: 'ROLE_ADMIN_USER',
  receipts: 'ROLE_ADMIN_USER',
  customers: 'ROLE_ADMIN_USER',
  settings: 'ROLE_ADMIN_USER',
  coolers: 'ROLE_ADMIN_USER',
  inventory: 'ROLE_ADMIN_USER',
  manageUser: 'ROLE_MASTER_ACCOUNT',
  backup: 'ROLE_MASTER_ACCOUNT',
  manipulateInventory: 'ROLE_REMOVE_INVENTORY',
  /** Importing records from files (docs/decisions/258). */
  import: 'ROLE_IMPORT',
  /** Seeing and revoking every user's API tokens (docs/decisions/279); each person manages their own. */
  manageApiTokens: 'ROLE_MASTER_ACCOUNT',
  /** Registering webhooks that tell other systems what happened (docs/decisions/280). */
  manageWebhooks: 'ROLE_MASTER_ACCOUNT',
  /** Adding the label printers tags are sent to, with their addresses (docs/decisions/283). */
  managePrinters: 'ROLE_MASTER_ACCOUNT',
} as const satisfies Record<string, Permission>;
export type Ability = keyof typeof ABILITIES;

export function permissionsOf(r: Role): Permission[] {
  return [...ROLE_PERMISSIONS[r]];
}

export function can(permissions: readonly string[], ability: Ability): boolean {
  return permissions.includes(ABILITIES[ability]);
}

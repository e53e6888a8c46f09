/** Hub users calls (docs/product.md §7; contract users.ts). */
import type { HubUser, HubUserCreateBody, HubUserUpdateBody } from '@cooler-hub/contract/users';
import type { Versioned } from '@cooler-hub/contract/common';
import * as userOps from '@cooler-hub/contract/operations/users';
import type { ListFetcher } from '../../components/list/use-list-controller';
import { api } from '../../lib/api-client';

export const USERS_KEY = ['hub_users'] as const;

/** Each row carries its version: the edit modal opens from it (docs/decisions/200). */
export const listUsers: ListFetcher<Versioned<HubUser>> = (q, signal) => api.call(userOps.listHubUsers, { query: q.apiQuery, signal });

/** One user as stored now, with its version (what 'Reload' and 'Review changes' read). */
export const getUser = (id: number) => api.call(userOps.getHubUser, { params: { id } });
export const createUser = (body: HubUserCreateBody) => api.call(userOps.createHubUser, { body });
export const updateUser = (id: number, body: HubUserUpdateBody, version?: string) =>
  api.call(userOps.updateHubUser, { params: { id }, body, ifMatch: version });
export const deleteUser = (id: number) => api.call(userOps.deleteHubUser, { params: { id } });

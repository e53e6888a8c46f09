/** Hub users calls (docs/product.md §7; contract users.ts). */
import { hubUser, hubUserList, type HubUser, type HubUserCreateBody, type HubUserUpdateBody } from '@cooler-hub/contract/users';
import { withVersion, type Versioned } from '@cooler-hub/contract/common';
import type { ListFetcher } from '../../components/list/use-list-controller';
import { api } from '../../lib/api-client';

export const USERS_KEY = ['hub_users'] as const;

/** Each row carries its version: the edit modal opens from it (docs/decisions/200). */
export const listUsers: ListFetcher<Versioned<HubUser>> = (q, signal) => api.get('/api/hub_users', hubUserList, q.apiQuery, signal);

/** One user as stored now, with its version (what 'Reload' and 'Review changes' read). */
export const getUser = (id: number) => api.get(`/api/hub_users/${id}`, withVersion(hubUser));
export const createUser = (body: HubUserCreateBody) => api.post('/api/hub_users', body, hubUser);
export const updateUser = (id: number, body: HubUserUpdateBody, version?: string) =>
  api.put(`/api/hub_users/${id}`, body, withVersion(hubUser), version);
export const deleteUser = (id: number) => api.delete(`/api/hub_users/${id}`);

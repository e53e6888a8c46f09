/** Hub users calls (spec 7; contract users.ts). */
import {
  hubUser,
  hubUserList,
  type HubUser,
  type HubUserCreateBody,
  type HubUserUpdateBody,
} from '@cooler-hub/contract/users';
import type { ListFetcher } from '../../components/list/use-list-controller';
import { api } from '../../lib/api-client';

export const USERS_KEY = ['hub_users'] as const;

export const listUsers: ListFetcher<HubUser> = (q, signal) => api.get('/api/hub_users', hubUserList, q.apiQuery, signal);

export const createUser = (body: HubUserCreateBody) => api.post('/api/hub_users', body, hubUser);
export const updateUser = (id: number, body: HubUserUpdateBody) => api.put(`/api/hub_users/${id}`, body, hubUser);
export const deleteUser = (id: number) => api.delete(`/api/hub_users/${id}`);

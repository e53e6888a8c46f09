/** Hub users calls (spec 7; contract users.ts). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  hubUser,
  hubUserList,
  type HubUserCreateBody,
  type HubUserUpdateBody,
} from '@cooler-hub/contract/users';
import { api } from '../../lib/api-client';

export const USERS_KEY = ['hub_users'] as const;

export function useUsersList(apiQuery: string) {
  return useQuery({
    queryKey: [...USERS_KEY, 'list', apiQuery],
    queryFn: ({ signal }) => api.get('/api/hub_users', hubUserList, apiQuery, signal),
    placeholderData: keepPreviousData,
  });
}

export const createUser = (body: HubUserCreateBody) => api.post('/api/hub_users', body, hubUser);
export const updateUser = (id: number, body: HubUserUpdateBody) => api.put(`/api/hub_users/${id}`, body, hubUser);
export const deleteUser = (id: number) => api.delete(`/api/hub_users/${id}`);

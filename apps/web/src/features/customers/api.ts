/** Clients and customer accounts calls (docs/product.md §2.10, §7; contract customers.ts). */
import { useQuery } from '@tanstack/react-query';
import {
  clientList,
  customerAccount,
  customerAccountList,
  type Client,
  type CustomerAccount,
  type CustomerAccountBody,
} from '@cooler-hub/contract/customers';
import type { ListFetcher } from '../../components/list/use-list-controller';
import { api } from '../../lib/api-client';
import { withVersion } from '@cooler-hub/contract/common';

export const CLIENTS_KEY = ['clients'] as const;
export const ACCOUNTS_KEY = ['customer_accounts'] as const;

export const listClients: ListFetcher<Client> = (q, signal) => api.get('/api/clients', clientList, q.apiQuery, signal);

export const listAccounts: ListFetcher<CustomerAccount> = (q, signal) =>
  api.get('/api/customer_accounts', customerAccountList, q.apiQuery, signal);

/** One record with its version (what an edit form saves against, docs/decisions/200). */
export const getAccount = (id: number, signal?: AbortSignal) =>
  api.get(`/api/customer_accounts/${id}`, withVersion(customerAccount), undefined, signal);
export function useAccount(id: number) {
  return useQuery({
    refetchOnMount: 'always',
    queryKey: [...ACCOUNTS_KEY, 'one', id],
    queryFn: ({ signal }) => getAccount(id, signal),
  });
}

export const createAccount = (body: CustomerAccountBody) => api.post('/api/customer_accounts', body, customerAccount);
export const updateAccount = (id: number, body: CustomerAccountBody, version?: string) =>
  api.put(`/api/customer_accounts/${id}`, body, withVersion(customerAccount), version);
export const deleteAccount = (id: number) => api.delete(`/api/customer_accounts/${id}`);

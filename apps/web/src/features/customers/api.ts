/** Clients and customer accounts calls (docs/product.md §2.10, §7; contract customers.ts). */
import { useQuery } from '@tanstack/react-query';
import type { Client, CustomerAccount, CustomerAccountBody } from '@cooler-hub/contract/customers';
import * as clientOps from '@cooler-hub/contract/operations/clients';
import * as accountOps from '@cooler-hub/contract/operations/customer-accounts';
import type { ListFetcher } from '../../components/list/use-list-controller';
import { api } from '../../lib/api-client';

export const CLIENTS_KEY = ['clients'] as const;
export const ACCOUNTS_KEY = ['customer_accounts'] as const;

export const listClients: ListFetcher<Client> = (q, signal) => api.call(clientOps.listClients, { query: q.apiQuery, signal });

export const listAccounts: ListFetcher<CustomerAccount> = (q, signal) =>
  api.call(accountOps.listCustomerAccounts, { query: q.apiQuery, signal });

/** One record with its version (what an edit form saves against, docs/decisions/200). */
export const getAccount = (id: number, signal?: AbortSignal) => api.call(accountOps.getCustomerAccount, { params: { id }, signal });
export function useAccount(id: number) {
  return useQuery({
    refetchOnMount: 'always',
    queryKey: [...ACCOUNTS_KEY, 'one', id],
    queryFn: ({ signal }) => getAccount(id, signal),
  });
}

export const createAccount = (body: CustomerAccountBody) => api.call(accountOps.createCustomerAccount, { body });
export const updateAccount = (id: number, body: CustomerAccountBody, version?: string) =>
  api.call(accountOps.updateCustomerAccount, { params: { id }, body, ifMatch: version });
export const deleteAccount = (id: number) => api.call(accountOps.deleteCustomerAccount, { params: { id } });

/**
 * The lookups a SearchSelect can use (docs/product.md §7, §9): each calls a list endpoint for page 1 filtered by
 * the typed text and says how an item is labelled and which value the form keeps. Spread one into a
 * SearchSelect (`<SearchSelect name="client" label="Client" {...clientLookup} />`) and override
 * `getValue` where a form keeps something other than the id (a receipt keeps the scrap reason's code).
 */
import {
  client,
  clientList,
  customerAccountDropDown,
  supplierList,
  type Client,
  type Supplier,
} from '@cooler-hub/contract/customers';
import type { NamedRef } from '@cooler-hub/contract/common';
import {
  ccCodeDropDown,
  ccCodeLabel,
  collectionPointList,
  partNumberList,
  scrapReasonList,
  type CollectionPoint,
  type PartNumber,
  type ScrapReason,
} from '@cooler-hub/contract/settings';
import { api } from '../../lib/api-client';
import type { Lookup } from './search-select';

const FIRST_PAGE = 1;

export const clientLookup: Lookup<Client> = {
  search: async (name, signal) => (await api.get('/api/clients', clientList, { page: FIRST_PAGE, name }, signal)).items,
  getLabel: (c) => c.name,
  getValue: (c) => c.id,
};

/** POST /api/clients {name} → {id, name}: a client made from the account form's search-select. */
export const createClient = (name: string) => api.post('/api/clients', { name }, client);

export const supplierLookup: Lookup<Supplier> = {
  search: async (name, signal) => (await api.get('/api/suppliers', supplierList, { page: FIRST_PAGE, name }, signal)).items,
  getLabel: (s) => s.name,
  getValue: (s) => s.id,
};

export const customerAccountLookup: Lookup<NamedRef> = {
  search: async (name, signal) =>
    (await api.get('/api/customer_accounts_drop_down', customerAccountDropDown, { page: FIRST_PAGE, name }, signal)).items,
  getLabel: (a) => a.name,
  getValue: (a) => a.id,
};

export const collectionPointLookup: Lookup<CollectionPoint> = {
  search: async (name, signal) =>
    (await api.get('/api/collection_points', collectionPointList, { page: FIRST_PAGE, name }, signal)).items,
  getLabel: (p) => p.name,
  getValue: (p) => p.id,
};

export const partNumberLookup: Lookup<PartNumber> = {
  search: async (partNumber, signal) =>
    (await api.get('/api/part_numbers', partNumberList, { page: FIRST_PAGE, partNumber }, signal)).items,
  getLabel: (p) => p.partNumber,
  getValue: (p) => p.id,
};

export const scrapReasonLookup: Lookup<ScrapReason> = {
  search: async (name, signal) => (await api.get('/api/scrap_reasons', scrapReasonList, { page: FIRST_PAGE, name }, signal)).items,
  getLabel: (r) => `${r.code} - ${r.reason}`,
  getValue: (r) => r.id,
};

/** CC codes by code, labelled 'CODE (Name)' (docs/product.md §7). */
export const ccCodeLookup: Lookup<{ id: string; code: string; name: string }> = {
  search: async (code, signal) =>
    (await api.get('/api/cc_codes_drop_down', ccCodeDropDown, { page: FIRST_PAGE, code }, signal)).items,
  getLabel: ccCodeLabel,
  getValue: (c) => c.id,
};

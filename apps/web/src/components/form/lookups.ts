/**
 * The lookups a SearchSelect can use (docs/product.md §7, §9): each calls a list endpoint for page 1 filtered by
 * the typed text and says how an item is labelled and which value the form keeps. Spread one into a
 * SearchSelect (`<SearchSelect name="client" label="Client" {...clientLookup} />`) and override
 * `getValue` where a form keeps something other than the id (a receipt keeps the scrap reason's code).
 */
import type { Client, Supplier } from '@cooler-hub/contract/customers';
import * as clientOps from '@cooler-hub/contract/operations/clients';
import { listCustomerAccountOptions } from '@cooler-hub/contract/operations/customer-accounts';
import type { NamedRef } from '@cooler-hub/contract/common';
import { ccCodeLabel, type CollectionPoint, type PartNumber, type ScrapReason } from '@cooler-hub/contract/settings';
import { listCcCodeOptions } from '@cooler-hub/contract/operations/cc-codes';
import { listCollectionPoints } from '@cooler-hub/contract/operations/collection-points';
import { listPartNumbers } from '@cooler-hub/contract/operations/part-numbers';
import { listScrapReasons } from '@cooler-hub/contract/operations/scrap-reasons';
import { listSuppliers } from '@cooler-hub/contract/operations/suppliers';
import { api } from '../../lib/api-client';
import { lookupOrSeen } from '../../lib/outbox/offline-lookup';
import type { Lookup } from './search-select';

const FIRST_PAGE = 1;

/** The floor's lookups remember their answers for offline use (docs/decisions/270). */
const byName = (r: { id: number | string; name: string }) => ({ id: r.id, text: r.name });

export const clientLookup: Lookup<Client> = {
  search: async (name, signal) => (await api.call(clientOps.listClients, { query: { page: FIRST_PAGE, name }, signal })).items,
  getLabel: (c) => c.name,
  getValue: (c) => c.id,
};

/** {name} → {id, name}: a client made from the account form's search-select. */
export const createClient = (name: string) => api.call(clientOps.createClient, { body: { name } });

export const supplierLookup: Lookup<Supplier> = {
  search: (name, signal) =>
    lookupOrSeen(
      'ref:suppliers',
      name,
      async () => (await api.call(listSuppliers, { query: { page: FIRST_PAGE, name }, signal })).items,
      byName,
    ),
  getLabel: (s) => s.name,
  getValue: (s) => s.id,
};

export const customerAccountLookup: Lookup<NamedRef> = {
  search: (name, signal) =>
    lookupOrSeen(
      'ref:accounts',
      name,
      async () => (await api.call(listCustomerAccountOptions, { query: { page: FIRST_PAGE, name }, signal })).items,
      byName,
    ),
  getLabel: (a) => a.name,
  getValue: (a) => a.id,
};

export const collectionPointLookup: Lookup<CollectionPoint> = {
  search: (name, signal) =>
    lookupOrSeen(
      'ref:collection-points',
      name,
      async () => (await api.call(listCollectionPoints, { query: { page: FIRST_PAGE, name }, signal })).items,
      byName,
    ),
  getLabel: (p) => p.name,
  getValue: (p) => p.id,
};

export const partNumberLookup: Lookup<PartNumber> = {
  search: (partNumber, signal) =>
    lookupOrSeen(
      'ref:part-numbers',
      partNumber,
      async () => (await api.call(listPartNumbers, { query: { page: FIRST_PAGE, partNumber }, signal })).items,
      (p) => ({ id: p.id, text: p.partNumber }),
    ),
  getLabel: (p) => p.partNumber,
  getValue: (p) => p.id,
};

export const scrapReasonLookup: Lookup<ScrapReason> = {
  search: (name, signal) =>
    lookupOrSeen(
      'ref:scrap-reasons',
      name,
      async () => (await api.call(listScrapReasons, { query: { page: FIRST_PAGE, name }, signal })).items,
      (r) => ({ id: r.id, text: `${r.code} - ${r.reason}` }),
    ),
  getLabel: (r) => `${r.code} - ${r.reason}`,
  getValue: (r) => r.id,
};

/** CC codes by code, labelled 'CODE (Name)' (docs/product.md §7). */
export const ccCodeLookup: Lookup<{ id: string; code: string; name: string }> = {
  search: async (code, signal) => (await api.call(listCcCodeOptions, { query: { page: FIRST_PAGE, code }, signal })).items,
  getLabel: ccCodeLabel,
  getValue: (c) => c.id,
};

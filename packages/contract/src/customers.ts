/** Clients, customer accounts and suppliers (docs/product.md §2.10, §3, §5.3, §7). */
import { z } from 'zod';
import { integerId, listQuery, listResponse, namedRef, optionalText, queryValue, referenceId, requiredString, searchText } from './common';

export const client = z.object({ id: z.number().int(), name: z.string() });
export type Client = z.infer<typeof client>;
/** Creating a client from the account form's search-select when the name does not exist yet. */
export const clientCreateBody = z.object({ name: requiredString(255) });
export const clientListQuery = listQuery(['id', 'name'], { name: searchText(255) });
export type ClientListQuery = z.infer<typeof clientListQuery>;
export type ClientCreateBody = z.infer<typeof clientCreateBody>;
export const clientList = listResponse(client);

export const supplier = z.object({ id: z.number().int(), name: z.string() });
export type Supplier = z.infer<typeof supplier>;
export const supplierListQuery = listQuery(['id', 'name'], { name: searchText(255) });
export type SupplierListQuery = z.infer<typeof supplierListQuery>;
export const supplierList = listResponse(supplier);

export const customerAccount = z.object({
  id: z.number().int(),
  name: z.string(),
  contactPerson: z.string().nullable(),
  email: z.string().nullable(),
  telephone: z.string().nullable(),
  deliveryAddress: z.string().nullable(),
  billingAddress: z.string().nullable(),
  client: namedRef,
});
export type CustomerAccount = z.infer<typeof customerAccount>;

/** Client is required; the other account fields are not validated beyond length (docs/product.md §5.3). */
export const customerAccountBody = z.object({
  name: requiredString(255),
  contactPerson: optionalText(255),
  email: optionalText(255),
  telephone: optionalText(100),
  deliveryAddress: optionalText(1000),
  billingAddress: optionalText(1000),
  /** The client's id; missing → 'Required Field', unknown → UNKNOWN_REFERENCE (from the server). */
  client: referenceId,
});
export type CustomerAccountBody = z.infer<typeof customerAccountBody>;
export const customerAccountListQuery = listQuery(['id', 'name', 'email', 'telephone', 'contactPerson'], {
  name: searchText(255),
  client: queryValue(integerId),
});
export type CustomerAccountListQuery = z.infer<typeof customerAccountListQuery>;
export const customerAccountList = listResponse(customerAccount);

/** GET /api/customer_accounts_drop_down — page 1, id and name. */
export const customerAccountDropDownQuery = customerAccountListQuery.pick({ page: true, perPage: true, name: true });
export type CustomerAccountDropDownQuery = z.infer<typeof customerAccountDropDownQuery>;
export const customerAccountDropDown = listResponse(namedRef);

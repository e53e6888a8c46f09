/** The customer accounts calls, declared once for the server and the web (docs/decisions/281). */
import { z } from 'zod';
import { idParams, withVersion } from '../common';
import {
  customerAccount,
  customerAccountBody,
  customerAccountDropDown,
  customerAccountDropDownQuery,
  customerAccountList,
  customerAccountListQuery,
} from '../customers';
import { operation } from '../operation';

const tags = ['customer accounts'];

export const listCustomerAccounts = operation({
  operationId: 'listCustomerAccounts',
  method: 'GET',
  path: '/api/customer_accounts',
  summary: 'List customer accounts',
  description: 'name: contains, any case; client: a client id.',
  tags,
  ability: 'customers',
  query: customerAccountListQuery,
  response: { 200: customerAccountList },
});

export const listCustomerAccountOptions = operation({
  operationId: 'listCustomerAccountOptions',
  method: 'GET',
  path: '/api/customer_accounts_drop_down',
  summary: 'List customer accounts for a dropdown',
  description: 'Id and name of each, by name.',
  tags,
  ability: 'customers',
  query: customerAccountDropDownQuery,
  response: { 200: customerAccountDropDown },
});

export const getCustomerAccount = operation({
  operationId: 'getCustomerAccount',
  method: 'GET',
  path: '/api/customer_accounts/:id',
  summary: 'Get a customer account',
  tags,
  ability: 'customers',
  params: idParams,
  response: { 200: withVersion(customerAccount) },
});

export const createCustomerAccount = operation({
  operationId: 'createCustomerAccount',
  method: 'POST',
  path: '/api/customer_accounts',
  summary: 'Create a customer account',
  tags,
  ability: 'customers',
  body: customerAccountBody,
  response: { 201: withVersion(customerAccount) },
});

export const updateCustomerAccount = operation({
  operationId: 'updateCustomerAccount',
  method: 'PUT',
  path: '/api/customer_accounts/:id',
  summary: 'Update a customer account',
  description: 'With If-Match, only while it still has that version (else 409).',
  tags,
  ability: 'customers',
  errors: [409],
  params: idParams,
  body: customerAccountBody,
  response: { 200: withVersion(customerAccount) },
});

export const deleteCustomerAccount = operation({
  operationId: 'deleteCustomerAccount',
  method: 'DELETE',
  path: '/api/customer_accounts/:id',
  summary: 'Delete a customer account',
  description: 'Only one that nothing uses.',
  tags,
  ability: 'customers',
  params: idParams,
  response: { 204: z.undefined() },
});

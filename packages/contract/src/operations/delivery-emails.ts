/** The delivery emails calls, declared once for the server and the web (docs/decisions/281). */
import {
  customerAccountIdParams,
  deliveryEmail,
  deliveryEmailCreateBody,
  deliveryEmailDropDownQuery,
  deliveryEmailList,
} from '../delivery-emails';
import { operation } from '../operation';

const tags = ['delivery e-mails'];

export const listDeliveryEmailOptions = operation({
  operationId: 'listDeliveryEmailOptions',
  method: 'GET',
  path: '/api/delivery-emails/dropdown',
  summary: 'List recipient addresses for a search-select',
  description: 'searchEmail: contains, any case.',
  tags,
  ability: 'customers',
  query: deliveryEmailDropDownQuery,
  response: { 200: deliveryEmailList },
});

export const createDeliveryEmail = operation({
  operationId: 'createDeliveryEmail',
  method: 'POST',
  path: '/api/delivery-emails/create',
  summary: 'Add a recipient address',
  description: '201 when added; one already stored is answered as it is (200).',
  tags,
  ability: 'customers',
  body: deliveryEmailCreateBody,
  response: { 200: deliveryEmail, 201: deliveryEmail },
});

export const createDeliveryEmailFromCustomerAccount = operation({
  operationId: 'createDeliveryEmailFromCustomerAccount',
  method: 'POST',
  path: '/api/delivery-emails/customer_account_exchange/:customerAccountId',
  summary: "Use a customer account's e-mail as a recipient",
  description: 'Created if needed; 404 when the account has no e-mail.',
  tags,
  ability: 'customers',
  params: customerAccountIdParams,
  response: { 200: deliveryEmail },
});

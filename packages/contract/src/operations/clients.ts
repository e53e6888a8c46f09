/** The clients calls, declared once for the server and the web (docs/decisions/281). */
import { z } from 'zod';
import { idParams } from '../common';
import { client, clientCreateBody, clientList, clientListQuery } from '../customers';
import { operation } from '../operation';

const tags = ['clients'];

export const listClients = operation({
  operationId: 'listClients',
  method: 'GET',
  path: '/api/clients',
  summary: 'List clients',
  description: 'name: contains, any case.',
  tags,
  ability: 'customers',
  query: clientListQuery,
  response: { 200: clientList },
});

export const createClient = operation({
  operationId: 'createClient',
  method: 'POST',
  path: '/api/clients',
  summary: 'Create a client',
  tags,
  ability: 'customers',
  body: clientCreateBody,
  response: { 201: client },
});

export const deleteClient = operation({
  operationId: 'deleteClient',
  method: 'DELETE',
  path: '/api/clients/:id',
  summary: 'Delete a client',
  description: 'Only one that has no accounts.',
  tags,
  ability: 'customers',
  params: idParams,
  response: { 204: z.undefined() },
});

/** The users calls, declared once for the server and the web (docs/decisions/281). */
import { z } from 'zod';
import { idParams, withVersion } from '../common';
import { hubUser, hubUserCreateBody, hubUserList, hubUserListQuery, hubUserUpdateBody } from '../users';
import { operation } from '../operation';

const tags = ['users'];

export const listHubUsers = operation({
  operationId: 'listHubUsers',
  method: 'GET',
  path: '/api/hub_users',
  summary: 'List hub users',
  tags,
  ability: 'manageUser',
  query: hubUserListQuery,
  response: { 200: hubUserList },
});

export const getHubUser = operation({
  operationId: 'getHubUser',
  method: 'GET',
  path: '/api/hub_users/:id',
  summary: 'Get a hub user',
  description: 'One hub user, with its version (what an editor saves against).',
  tags,
  ability: 'manageUser',
  params: idParams,
  response: { 200: withVersion(hubUser) },
});

export const createHubUser = operation({
  operationId: 'createHubUser',
  method: 'POST',
  path: '/api/hub_users',
  summary: 'Create a hub user',
  tags,
  ability: 'manageUser',
  body: hubUserCreateBody,
  response: { 201: withVersion(hubUser) },
});

export const updateHubUser = operation({
  operationId: 'updateHubUser',
  method: 'PUT',
  path: '/api/hub_users/:id',
  summary: 'Update a hub user',
  description: 'Update a hub user (an empty plainPassword keeps the old one); with If-Match, only while it has that version (else 409).',
  tags,
  ability: 'manageUser',
  params: idParams,
  body: hubUserUpdateBody,
  response: { 200: withVersion(hubUser) },
});

export const deleteHubUser = operation({
  operationId: 'deleteHubUser',
  method: 'DELETE',
  path: '/api/hub_users/:id',
  summary: 'Delete a hub user',
  tags,
  ability: 'manageUser',
  params: idParams,
  response: { 204: z.undefined() },
});

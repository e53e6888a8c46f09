/** The api tokens calls, declared once for the server and the web (docs/decisions/281). */
import { z } from 'zod';
import { allApiTokensQuery, apiTokenCreateBody, apiTokenCreated, apiTokenList, apiTokenParams } from '../api-tokens';
import { operation } from '../operation';

const tags = ['api tokens'];

export const listMyApiTokens = operation({
  operationId: 'listMyApiTokens',
  method: 'GET',
  path: '/api/profile/tokens',
  summary: 'Your API tokens, newest first (never their secrets)',
  tags,
  signedIn: true,
  response: { 200: apiTokenList },
});

export const createApiToken = operation({
  operationId: 'createApiToken',
  method: 'POST',
  path: '/api/profile/tokens',
  summary: 'Make an API token for a script; the answer holds its secret, shown this once',
  tags,
  signedIn: true,
  body: apiTokenCreateBody,
  response: { 201: apiTokenCreated },
});

export const revokeMyApiToken = operation({
  operationId: 'revokeMyApiToken',
  method: 'DELETE',
  path: '/api/profile/tokens/:id',
  summary: 'Revoke one of your API tokens: it is refused from the next call on',
  tags,
  signedIn: true,
  params: apiTokenParams,
  response: { 204: z.undefined() },
});

export const listAllApiTokens = operation({
  operationId: 'listAllApiTokens',
  method: 'GET',
  path: '/api/tokens',
  summary: "Every user's API tokens, newest first; filter by the owner's name",
  tags,
  ability: 'manageApiTokens',
  query: allApiTokensQuery,
  response: { 200: apiTokenList },
});

export const revokeApiToken = operation({
  operationId: 'revokeApiToken',
  method: 'DELETE',
  path: '/api/tokens/:id',
  summary: "Revoke any user's API token",
  tags,
  ability: 'manageApiTokens',
  params: apiTokenParams,
  response: { 204: z.undefined() },
});

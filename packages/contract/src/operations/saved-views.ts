/** The saved views calls, declared once for the server and the web (docs/decisions/281). */
import { z } from 'zod';
import {
  savedView,
  savedViewCreateBody,
  savedViewListQuery,
  savedViewListResponse,
  savedViewParams,
  savedViewUpdateBody,
} from '../saved-views';
import { operation } from '../operation';

const tags = ['saved views'];

export const listSavedViews = operation({
  operationId: 'listSavedViews',
  method: 'GET',
  path: '/api/saved_views',
  summary: "List a list's saved views",
  description: "The user's own and everyone's shared ones, by name.",
  tags,
  ability: 'admin',
  query: savedViewListQuery,
  response: { 200: savedViewListResponse },
});

export const getSavedView = operation({
  operationId: 'getSavedView',
  method: 'GET',
  path: '/api/saved_views/:id',
  summary: 'Get a saved view',
  description: 'Own or shared.',
  tags,
  ability: 'admin',
  params: savedViewParams,
  response: { 200: savedView },
});

export const createSavedView = operation({
  operationId: 'createSavedView',
  method: 'POST',
  path: '/api/saved_views',
  summary: 'Save a view',
  tags,
  ability: 'admin',
  body: savedViewCreateBody,
  response: { 201: savedView },
});

export const updateSavedView = operation({
  operationId: 'updateSavedView',
  method: 'PUT',
  path: '/api/saved_views/:id',
  summary: 'Change one of your saved views',
  description: 'With If-Match, only while it still has that version (else 409).',
  tags,
  ability: 'admin',
  errors: [409],
  params: savedViewParams,
  body: savedViewUpdateBody,
  response: { 200: savedView },
});

export const deleteSavedView = operation({
  operationId: 'deleteSavedView',
  method: 'DELETE',
  path: '/api/saved_views/:id',
  summary: 'Delete one of your saved views',
  tags,
  ability: 'admin',
  params: savedViewParams,
  response: { 204: z.undefined() },
});

export const setDefaultSavedView = operation({
  operationId: 'setDefaultSavedView',
  method: 'PUT',
  path: '/api/saved_views/:id/default',
  summary: "Make a view the user's default of its list",
  description: 'Own or shared.',
  tags,
  ability: 'admin',
  params: savedViewParams,
  response: { 200: savedView },
});

export const unsetDefaultSavedView = operation({
  operationId: 'unsetDefaultSavedView',
  method: 'DELETE',
  path: '/api/saved_views/:id/default',
  summary: "Stop a view being the user's default of its list",
  tags,
  ability: 'admin',
  params: savedViewParams,
  response: { 200: savedView },
});

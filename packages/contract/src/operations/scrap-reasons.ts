/**
 * The scrap reasons calls (docs/decisions/281). The create, update and remove paths are those of
 * docs/product.md §7 (`/create`, `/{id}/update`, `/{id}/remove`).
 */
import { z } from 'zod';
import { idParams, withVersion } from '../common';
import { operation } from '../operation';
import { scrapReason, scrapReasonBody, scrapReasonList, scrapReasonListQuery } from '../settings';

const tags = ['scrap reasons'];
const ability = 'settings';

export const listScrapReasons = operation({
  operationId: 'listScrapReasons',
  method: 'GET',
  path: '/api/scrap_reasons',
  summary: 'List scrap reasons',
  description: 'name: the reason contains, any case.',
  tags,
  ability,
  query: scrapReasonListQuery,
  response: { 200: scrapReasonList },
});

export const getScrapReason = operation({
  operationId: 'getScrapReason',
  method: 'GET',
  path: '/api/scrap_reasons/:id',
  summary: 'Get a scrap reason',
  tags,
  ability,
  params: idParams,
  response: { 200: withVersion(scrapReason) },
});

export const createScrapReason = operation({
  operationId: 'createScrapReason',
  method: 'POST',
  path: '/api/scrap_reasons/create',
  summary: 'Create a scrap reason',
  description: 'number is the code, name the reason.',
  tags,
  ability,
  body: scrapReasonBody,
  response: { 201: withVersion(scrapReason) },
});

export const updateScrapReason = operation({
  operationId: 'updateScrapReason',
  method: 'PUT',
  path: '/api/scrap_reasons/:id/update',
  summary: 'Update a scrap reason',
  description: 'number is the code, name the reason. With If-Match, only while it still has that version (else 409).',
  tags,
  ability,
  errors: [409],
  params: idParams,
  body: scrapReasonBody,
  response: { 200: withVersion(scrapReason) },
});

export const deleteScrapReason = operation({
  operationId: 'deleteScrapReason',
  method: 'DELETE',
  path: '/api/scrap_reasons/:id/remove',
  summary: 'Delete a scrap reason',
  description: 'Only one that nothing uses.',
  tags,
  ability,
  params: idParams,
  response: { 204: z.undefined() },
});

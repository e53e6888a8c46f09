/** The collection points calls, declared once for the server and the web (docs/decisions/281). */
import { z } from 'zod';
import { idParams, withVersion } from '../common';
import { collectionPoint, collectionPointBody, collectionPointList, collectionPointListQuery } from '../settings';
import { operation } from '../operation';

const tags = ['collection points'];

export const listCollectionPoints = operation({
  operationId: 'listCollectionPoints',
  method: 'GET',
  path: '/api/collection_points',
  summary: 'List collection points',
  description: 'name: contains, any case.',
  tags,
  ability: 'settings',
  query: collectionPointListQuery,
  response: { 200: collectionPointList },
});

export const getCollectionPoint = operation({
  operationId: 'getCollectionPoint',
  method: 'GET',
  path: '/api/collection_points/:id',
  summary: 'Get a collection point',
  tags,
  ability: 'settings',
  params: idParams,
  response: { 200: withVersion(collectionPoint) },
});

export const createCollectionPoint = operation({
  operationId: 'createCollectionPoint',
  method: 'POST',
  path: '/api/collection_points/create',
  summary: 'Create a collection point',
  tags,
  ability: 'settings',
  body: collectionPointBody,
  response: { 201: withVersion(collectionPoint) },
});

export const updateCollectionPoint = operation({
  operationId: 'updateCollectionPoint',
  method: 'PUT',
  path: '/api/collection_points/:id/update',
  summary: 'Rename a collection point',
  description: 'With If-Match, only while it still has that version (else 409).',
  tags,
  ability: 'settings',
  errors: [409],
  params: idParams,
  body: collectionPointBody,
  response: { 200: withVersion(collectionPoint) },
});

export const deleteCollectionPoint = operation({
  operationId: 'deleteCollectionPoint',
  method: 'DELETE',
  path: '/api/collection_points/:id/remove',
  summary: 'Delete a collection point',
  description: 'Only one that nothing uses.',
  tags,
  ability: 'settings',
  params: idParams,
  response: { 204: z.undefined() },
});

/**
 * /api/receipts — Receipts ability (ROLE_ADMIN_USER), deleting included: docs/architecture.md §5 reserves
 * ROLE_REMOVE_INVENTORY for coolers and deliveries.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParams, withVersion } from '@cooler-hub/contract/common';
import { ABILITIES } from '@cooler-hub/contract/permissions';
import { receipt, receiptCreateBody, receiptList, receiptListQuery, receiptUpdateBody } from '@cooler-hub/contract/receipts';
import { signedInUser } from '../../plugins/auth';
import { ifMatch } from '../../plugins/versions';
import type { ReceiptsService } from './receipts.service';

const config = { permission: ABILITIES.receipts };
const tags = ['receipts'];

export const receiptsRoutes: FastifyPluginAsyncZod<{ receipts: ReceiptsService }> = async (app, { receipts }) => {
  app.get(
    '/api/receipts',
    {
      config,
      schema: {
        tags,
        summary: 'Master Data and /main: every filter of docs/product.md §2.8, sorting on each column, newest first by default',
        querystring: receiptListQuery,
        response: { 200: receiptList },
      },
    },
    (request) => receipts.list(request.query),
  );

  app.get(
    '/api/receipts/:id',
    { config, schema: { tags, summary: 'One receipt', params: uuidParams, response: { 200: withVersion(receipt) } } },
    (request) => receipts.get(request.params.id),
  );

  app.post(
    '/api/receipts',
    {
      config,
      schema: {
        tags,
        summary: 'Create a receipt with a client-generated id (a retry with the same id and values creates nothing)',
        body: receiptCreateBody,
        response: { 201: withVersion(receipt) },
      },
    },
    async (request, reply) => reply.code(201).send(await receipts.create(signedInUser(request), request.body)),
  );

  app.put(
    '/api/receipts/:id/main',
    {
      config,
      schema: {
        tags,
        summary: 'Update a receipt (docs/product.md §2.9); with If-Match, only while the receipt still has that version (else 409)',
        params: uuidParams,
        body: receiptUpdateBody,
        response: { 200: withVersion(receipt) },
      },
    },
    (request) => receipts.update(signedInUser(request), request.params.id, request.body, ifMatch(request)),
  );

  app.delete(
    '/api/receipts/:id',
    { config, schema: { tags, summary: 'Delete a receipt', params: uuidParams, response: { 204: z.undefined() } } },
    async (request, reply) => {
      await receipts.remove(signedInUser(request), request.params.id);
      return reply.code(204).send();
    },
  );
};

/**
 * /api/deliveries (docs/product.md §7): the three lists, one note, create, an edit per type, approve, resend,
 * downloads, and the scan step's LB check. The delivery screens need the Customers ability
 * (ROLE_ADMIN_USER, docs/product.md §6); deleting a note needs Manipulate Inventory (ROLE_REMOVE_INVENTORY).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, withVersion } from '@cooler-hub/contract/common';
import {
  approveResponse,
  approveSelectedBody,
  approveSelectedResponse,
  delivery,
  deliveryCreateBody,
  deliveryList,
  deliveryListQuery,
  downloadParams,
  errorSheetUpdateBody,
  scrapUpdateBody,
  transferUpdateBody,
} from '@cooler-hub/contract/deliveries';
import type { DeliveryType } from '@cooler-hub/contract/delivery-types';
import { lbCheckBody, lbCheckResponse } from '@cooler-hub/contract/lb-numbers';
import { ABILITIES } from '@cooler-hub/contract/permissions';
import { signedInUser } from '../../plugins/auth';
import { ifMatch } from '../../plugins/versions';
import type { DeliveriesService } from './deliveries.service';

const config = { permission: ABILITIES.customers };
const tags = ['deliveries'];

export const deliveriesRoutes: FastifyPluginAsyncZod<{ deliveries: DeliveriesService }> = async (app, { deliveries }) => {
  const lists: [string, DeliveryType, string][] = [
    ['/api/deliveries/transfer_list', 'transfer', 'Transfer delivery notes'],
    ['/api/deliveries/scrap_list', 'scrap', 'Scrap delivery notes'],
    ['/api/deliveries/error_sheet_list', 'error_sheet', 'Error sheets'],
  ];
  for (const [url, type, summary] of lists) {
    app.get(
      url,
      { config, schema: { tags, summary: `${summary}, newest first by default`, querystring: deliveryListQuery, response: { 200: deliveryList } } },
      (request) => deliveries.list(type, request.query),
    );
  }

  app.post(
    '/api/deliveries/check_lb_numbers',
    {
      config,
      schema: {
        tags,
        summary: 'The scan step: for each LB number, ok / invalid / unknown (no receipt) / taken (on another transfer or scrap note) / duplicate',
        body: lbCheckBody,
        response: { 200: lbCheckResponse },
      },
    },
    (request) => deliveries.checkLbNumbers(request.body),
  );

  app.get(
    '/api/deliveries/:id',
    { config, schema: { tags, summary: 'One delivery note with its LB numbers', params: idParams, response: { 200: withVersion(delivery) } } },
    (request) => deliveries.get(request.params.id),
  );

  app.post(
    '/api/deliveries',
    { config, schema: { tags, summary: 'Create a transfer, scrap or error-sheet note', body: deliveryCreateBody, response: { 201: withVersion(delivery) } } },
    async (request, reply) => reply.code(201).send(await deliveries.create(signedInUser(request), request.body)),
  );

  const none = { customerAccount: null, businessName: null, dispatchAddress: null, invoiceAddress: null };
  app.put(
    '/api/deliveries/:id/transfer',
    { config, schema: { tags, summary: 'Edit (with If-Match: only while it has that version, else 409) a pending transfer note', params: idParams, body: transferUpdateBody, response: { 200: withVersion(delivery) } } },
    (request) => deliveries.update(signedInUser(request), request.params.id, 'transfer', request.body, ifMatch(request)),
  );
  app.put(
    '/api/deliveries/:id/scrap',
    { config, schema: { tags, summary: 'Edit (with If-Match: only while it has that version, else 409) a pending scrap note', params: idParams, body: scrapUpdateBody, response: { 200: withVersion(delivery) } } },
    (request) => deliveries.update(signedInUser(request), request.params.id, 'scrap', { ...none, ...request.body }, ifMatch(request)),
  );
  app.put(
    '/api/deliveries/:id/error_sheet',
    { config, schema: { tags, summary: 'Edit (with If-Match: only while it has that version, else 409) a pending error sheet', params: idParams, body: errorSheetUpdateBody, response: { 200: withVersion(delivery) } } },
    (request) => deliveries.update(signedInUser(request), request.params.id, 'error_sheet', { ...none, ...request.body }, ifMatch(request)),
  );

  app.post(
    '/api/deliveries/:id/approve',
    {
      config,
      schema: { tags, summary: 'pending → approved, once (with If-Match: only that version, else 409) (a second call changes nothing); answers the status', params: idParams, response: { 200: approveResponse } },
    },
    (request) => deliveries.approve(signedInUser(request), request.params.id, ifMatch(request)),
  );

  app.post(
    '/api/deliveries/approve_selected',
    {
      config,
      schema: {
        tags,
        summary: 'Approve several notes, each in its own transaction with its own e-mail; answers one outcome per id (docs/decisions/257)',
        body: approveSelectedBody,
        response: { 200: approveSelectedResponse },
      },
    },
    (request) => deliveries.approveSelected(signedInUser(request), request.body.ids, request.log),
  );

  app.put(
    '/api/deliveries/:id/resend',
    { config, schema: { tags, summary: 'Send an approved note by e-mail again', params: idParams, response: { 200: withVersion(delivery) } } },
    (request) => deliveries.resend(signedInUser(request), request.params.id),
  );

  app.delete(
    '/api/deliveries/:id',
    {
      config: { permission: ABILITIES.manipulateInventory },
      schema: { tags, summary: 'Delete a pending note (ROLE_REMOVE_INVENTORY)', params: idParams, response: { 204: z.undefined() } },
    },
    async (request, reply) => {
      await deliveries.remove(signedInUser(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/deliveries/:id/download/:format',
    { config, schema: { tags, summary: 'The note as CSV or PDF (content-disposition names the file)', params: downloadParams } },
    async (request, reply) => {
      const { filename, contentType, content } = await deliveries.download(request.params.id, request.params.format);
      return reply.header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'no-store').type(contentType).send(content);
    },
  );
};

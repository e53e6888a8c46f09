/**
 * /api/coolers — Coolers ability (ROLE_ADMIN_USER); deleting needs Manipulate Inventory
 * (ROLE_REMOVE_INVENTORY), the ability the web's delete icon asks about (docs/product.md §6, docs/architecture.md §5).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParams, withVersion } from '@cooler-hub/contract/common';
import { cooler, coolerCreateBody, coolerList, coolerListQuery, coolerUpdateBody } from '@cooler-hub/contract/coolers';
import { coolerTimeline, coolerTimelineQuery } from '@cooler-hub/contract/cooler-timeline';
import { ABILITIES } from '@cooler-hub/contract/permissions';
import { signedInUser } from '../../plugins/auth';
import { ifMatch } from '../../plugins/versions';
import type { CoolersService } from './coolers.service';

const config = { permission: ABILITIES.coolers };
const tags = ['coolers'];

export const coolersRoutes: FastifyPluginAsyncZod<{ coolers: CoolersService }> = async (app, { coolers }) => {
  app.get(
    '/api/coolers',
    {
      config,
      schema: { tags, summary: 'List coolers; the cooler lookup searches serialNumber', querystring: coolerListQuery, response: { 200: coolerList } },
    },
    (request) => coolers.list(request.query),
  );

  app.get(
    '/api/coolers/:id',
    { config, schema: { tags, summary: 'One cooler', params: uuidParams, response: { 200: withVersion(cooler) } } },
    (request) => coolers.get(request.params.id),
  );

  app.get(
    '/api/coolers/:id/timeline',
    {
      config,
      schema: {
        tags,
        summary: "One cooler's whole life: the cooler, its receipts with their delivery notes, and its history merged with its receipts', newest first (paged)",
        params: uuidParams,
        querystring: coolerTimelineQuery,
        response: { 200: coolerTimeline },
      },
    },
    (request) => coolers.timeline(request.params.id, request.query),
  );

  app.post(
    '/api/coolers',
    {
      config,
      schema: {
        tags,
        summary: 'Create a cooler with a client-generated id (a retry with the same id and values creates nothing)',
        body: coolerCreateBody,
        response: { 201: withVersion(cooler) },
      },
    },
    async (request, reply) => reply.code(201).send(await coolers.create(signedInUser(request), request.body)),
  );

  app.put(
    '/api/coolers/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Update a cooler; with If-Match, only while the cooler still has that version (else 409)',
        params: uuidParams,
        body: coolerUpdateBody,
        response: { 200: withVersion(cooler) },
      },
    },
    (request) => coolers.update(signedInUser(request), request.params.id, request.body, ifMatch(request)),
  );

  app.delete(
    '/api/coolers/:id',
    {
      config: { permission: ABILITIES.manipulateInventory },
      schema: { tags, summary: 'Delete a cooler that no receipt uses', params: uuidParams, response: { 204: z.undefined() } },
    },
    async (request, reply) => {
      await coolers.remove(signedInUser(request), request.params.id);
      return reply.code(204).send();
    },
  );
};

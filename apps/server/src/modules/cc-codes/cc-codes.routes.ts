/** /api/cc_codes and /api/cc_codes_drop_down — ROLE_ADMIN_USER (docs/architecture.md §5). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParams, withVersion } from '@cooler-hub/contract/common';
import {
  ccCode,
  ccCodeCreateBody,
  ccCodeDropDown,
  ccCodeDropDownQuery,
  ccCodeList,
  ccCodeListQuery,
  ccCodeUpdateBody,
} from '@cooler-hub/contract/settings';
import { signedInUser } from '../../plugins/auth';
import { ifMatch } from '../../plugins/versions';
import type { CcCodesService } from './cc-codes.service';

const config = { permission: 'ROLE_ADMIN_USER' } as const;
const tags = ['cc codes'];

export const ccCodesRoutes: FastifyPluginAsyncZod<{ ccCodes: CcCodesService }> = async (app, { ccCodes }) => {
  app.get(
    '/api/cc_codes',
    { config, schema: { tags, summary: 'List CC codes', querystring: ccCodeListQuery, response: { 200: ccCodeList } } },
    (request) => ccCodes.list(request.query),
  );

  app.get(
    '/api/cc_codes_drop_down',
    {
      config,
      schema: { tags, summary: 'CC codes for a dropdown (id, code, name; by code)', querystring: ccCodeDropDownQuery, response: { 200: ccCodeDropDown } },
    },
    (request) => ccCodes.dropDown(request.query),
  );

  app.get(
    '/api/cc_codes/:id',
    { config, schema: { tags, summary: 'One CC code', params: uuidParams, response: { 200: withVersion(ccCode) } } },
    (request) => ccCodes.get(request.params.id),
  );

  app.post(
    '/api/cc_codes',
    {
      config,
      schema: {
        tags,
        summary: 'Create a CC code with a client-generated id (a retry with the same id and values creates nothing)',
        body: ccCodeCreateBody,
        response: { 201: withVersion(ccCode) },
      },
    },
    async (request, reply) => reply.code(201).send(await ccCodes.create(signedInUser(request), request.body)),
  );

  app.put(
    '/api/cc_codes/:id',
    { config, schema: { tags, summary: 'Update (with If-Match: only while it has that version, else 409) a CC code', params: uuidParams, body: ccCodeUpdateBody, response: { 200: withVersion(ccCode) } } },
    (request) => ccCodes.update(signedInUser(request), request.params.id, request.body, ifMatch(request)),
  );

  app.delete(
    '/api/cc_codes/:id',
    { config, schema: { tags, summary: 'Delete a CC code that nothing uses', params: uuidParams, response: { 204: z.undefined() } } },
    async (request, reply) => {
      await ccCodes.remove(signedInUser(request), request.params.id);
      return reply.code(204).send();
    },
  );
};

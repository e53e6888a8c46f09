/**
 * The HTTP side of record versions (docs/decisions/200): an answer of one record that carries a
 * `version` gets it as a strong ETag too, and `ifMatch` reads the version an update was based on
 * from its If-Match header (db/versions checks it under the row lock).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../lib/errors';

export const BAD_IF_MATCH = 'If-Match must be an ETag this server answered.';

/**
 * The version an update was based on: undefined without If-Match (or `*`, "whatever it is now"),
 * which keeps the update of docs/product.md §7 working for clients that send none.
 */
export function ifMatch(request: FastifyRequest): string | undefined {
  const header = request.headers['if-match'];
  if (header === undefined || header.trim() === '*') return undefined;
  const match = /^\s*"(\d{1,20})"\s*$/.exec(header) ?? /^\s*(\d{1,20})\s*$/.exec(header);
  if (!match?.[1]) throw new DomainError(BAD_IF_MATCH);
  return match[1];
}

const versionsPlugin: FastifyPluginAsync = async (app) => {
  app.addHook('preSerialization', async (_request, reply, payload: unknown) => {
    if (reply.statusCode < 300 && typeof payload === 'object' && payload !== null && 'version' in payload) {
      const { version } = payload;
      if (typeof version === 'string') void reply.header('etag', `"${version}"`);
    }
    return payload;
  });
};

export default fp(versionsPlugin, { name: 'versions', fastify: '5.x' });

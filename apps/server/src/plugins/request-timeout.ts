/**
 * A request body that has not fully arrived within REQUEST_BODY_TIMEOUT_MS (30 s by default) is cut
 * with 408 and the connection closed (docs/decisions/207), so a slow sender cannot hold a connection
 * and a request slot for minutes. Node cuts headers itself (headersTimeout, 60 s); Fastify sets no
 * bound on bodies, and Node's requestTimeout stops counting once the headers are in.
 *
 * The clock starts when the headers are in. A JSON body is read through a stream that fails with a
 * 408 error when the time is up, so the answer goes through the error handler like any other (hydra
 * body, security headers). A multipart upload is read from the raw request by its own parser; for
 * it the same 408 is written directly.
 */
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hydraErrorBody } from '@cooler-hub/contract/common';
import { BASELINE_SECURITY_HEADERS } from './security';

export const REQUEST_TIMEOUT_MESSAGE = 'The request took too long to arrive. Try again.';

class RequestTimeoutError extends Error {
  override name = 'RequestTimeoutError';
  readonly statusCode = 408;
  constructor() {
    super(REQUEST_TIMEOUT_MESSAGE);
  }
}

const expectsBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/** The 408 written straight to the connection, for a body that is read from the raw request. */
function cutRaw(request: FastifyRequest, reply: FastifyReply): void {
  const body = JSON.stringify(hydraErrorBody(REQUEST_TIMEOUT_MESSAGE));
  reply.hijack();
  reply.raw.writeHead(408, {
    ...BASELINE_SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'x-request-id': request.id,
    connection: 'close',
  });
  reply.raw.end(body, () => request.raw.destroy());
}

const requestTimeoutPlugin: FastifyPluginAsync<{ bodyTimeoutMs: number }> = async (app, { bodyTimeoutMs }) => {
  app.addHook('preParsing', async (request, reply, payload) => {
    if (!expectsBody(request) || request.raw.complete) return payload;
    // A multipart upload is read from the raw request by its parser: leave that stream alone.
    const raw = request.headers['content-type']?.toLowerCase().startsWith('multipart/') ?? false;
    const limited = raw ? undefined : new PassThrough();
    if (limited) {
      payload.on('error', (err) => limited.destroy(err));
      payload.pipe(limited);
    }
    const timer = setTimeout(() => {
      if (request.raw.complete || reply.sent) return;
      request.log.info({ boundMs: bodyTimeoutMs }, 'request body too slow: cut with 408');
      if (limited) {
        void reply.header('connection', 'close');
        limited.destroy(new RequestTimeoutError());
      } else {
        cutRaw(request, reply);
      }
    }, bodyTimeoutMs);
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
    request.raw.once('end', () => clearTimeout(timer));
    return limited ?? payload;
  });
};

export default fp(requestTimeoutPlugin, { name: 'request-timeout', fastify: '5.x' });

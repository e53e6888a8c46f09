/**
 * Every failure becomes one of the answers of docs/architecture.md §4 (docs/decisions/010): validation →
 * 400 ConstraintViolationList, a broken rule → 400 hydra:Error, 401 `{code, message}`, 403/404/429
 * hydra:Error, a stale version → 409 hydra:Error, the database out of reach or out of connections → 503 hydra:Error with Retry-After,
 * anything unexpected → 500 hydra:Error without internals (logged with the request id).
 * A client's mistake (bad JSON, wrong content type, too large, duplicate value, deleting a row
 * still in use) never becomes a 500.
 */
import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { hydraErrorBody, UNKNOWN_REFERENCE, violationList, violationsFromIssues, type Violation } from '@cooler-hub/contract/common';
import { ALREADY_USED } from '@cooler-hub/contract/users';
import { referenceProblem } from '../db/references';
import { isDatabaseUnavailable } from '../db/unavailable';
import { uniqueViolationField } from '../db/unique';
import {
  DomainError,
  ForbiddenError,
  NotFoundError,
  StaleVersionError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from '../lib/errors';

export const INTERNAL_ERROR = 'Internal Server Error';
export const MALFORMED_JSON = 'The request body is not valid JSON.';
export const EMPTY_BODY = 'The request body is empty.';
export const BODY_TOO_LARGE = 'The request body is too large.';
export const UNSUPPORTED_MEDIA_TYPE = 'Unsupported content type.';
export const REFERENCED_ROW = 'This item is used by other records, so it cannot be removed or changed this way.';
export const INVALID_VALUE = 'A value in the request is malformed or out of range.';
export const SERVICE_BUSY = 'The service is busy. Please try again in a few seconds.';
/** Seconds a client should wait after a 503: about one wait for a free connection (5 s). */
export const BUSY_RETRY_AFTER_SECONDS = 5;

interface PgError {
  code: string;
  constraint?: string;
  detail?: string;
}

/**
 * A value the database cannot take, which validation should have refused first: bad text
 * representation, out of range, too long, bad date/time, and text it cannot encode (U+0000).
 */
const INVALID_VALUE_SQLSTATES = new Set(['22P02', '22003', '22001', '22007', '22008', '22021', '22P05']);

/**
 * What the log gets for an unexpected error: a driver error rather than drizzle's wrapper, whose
 * message lists the statement's parameters (password hashes, token digests, whatever was typed).
 */
function loggableError(err: unknown): unknown {
  const pg = findPgError(err);
  return pg instanceof Error ? pg : err;
}

/** The driver's or the socket's own error under drizzle's wrapper (whose message lists the parameters). */
function innermost(err: unknown): unknown {
  let e = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object' && 'cause' in e && e.cause; depth++) e = e.cause;
  return e;
}

/** drizzle wraps driver errors (DrizzleQueryError.cause); both drivers carry PostgreSQL's SQLSTATE. */
export function findPgError(err: unknown): PgError | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as PgError;
  }
  return undefined;
}

/** '/lbNumbers/3/serial' → ['lbNumbers', 3, 'serial'] (array items as numbers, docs/product.md §5.1). */
export function pathFromInstancePath(instancePath: string): PropertyKey[] {
  return instancePath
    .split('/')
    .filter((s) => s !== '')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

function sendHydra(reply: FastifyReply, status: number, description: string) {
  return reply.code(status).type('application/json; charset=utf-8').send(hydraErrorBody(description));
}

function sendViolations(reply: FastifyReply, violations: Violation[]) {
  return reply.code(400).type('application/json; charset=utf-8').send(violationList(violations));
}

const errorsPlugin: FastifyPluginAsync = async (app) => {
  app.setErrorHandler<FastifyError>((err, request, reply) => {
    const error: unknown = err;
    // Request validation (zod via fastify-type-provider-zod, or any JSON schema): one violation per field.
    if (hasZodFastifySchemaValidationErrors(err) || Array.isArray(err.validation)) {
      const issues = (err.validation ?? []).map((v) => ({
        path: pathFromInstancePath(v.instancePath ?? ''),
        message: v.message ?? 'This value is not valid.',
      }));
      request.log.info({ validation: err.validationContext, issues }, 'request failed validation');
      // A path id too big for its column (the contract's idParams) names no row: 404 like any missing one.
      if (err.validationContext === 'params' && err.validation?.some((v) => v.keyword === 'too_big'))
        return sendHydra(reply, 404, 'Not Found');
      return sendViolations(reply, violationsFromIssues(issues));
    }
    if (error instanceof ValidationError) return sendViolations(reply, error.violations);
    if (error instanceof DomainError) return sendHydra(reply, 400, error.message);
    if (error instanceof UnauthorizedError) {
      return reply.code(401).type('application/json; charset=utf-8').send({ code: 401, message: error.message });
    }
    if (error instanceof ForbiddenError) return sendHydra(reply, 403, error.message);
    if (error instanceof NotFoundError) return sendHydra(reply, 404, error.message);
    // An update based on an older version (docs/decisions/200).
    if (error instanceof StaleVersionError) return sendHydra(reply, 409, error.message);
    if (error instanceof TooManyRequestsError) {
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return sendHydra(reply, 429, error.message);
    }

    const pg = findPgError(err);
    if (pg?.code === '23505') {
      // A race past the service's own uniqueness check: still the user's field, never a 500.
      const field = uniqueViolationField(pg.constraint);
      request.log.info({ constraint: pg.constraint }, 'unique violation');
      return sendViolations(reply, [{ propertyPath: field, title: ALREADY_USED, message: ALREADY_USED }]);
    }
    if (pg?.code === '23503' || pg?.code === '23001') {
      // A reference that appeared or vanished after the service's own check (docs/decisions/021).
      const problem = referenceProblem(pg);
      request.log.info({ constraint: pg.constraint }, 'foreign key violation');
      if (problem?.kind === 'in-use') return sendHydra(reply, 400, problem.message);
      if (problem?.kind === 'missing') {
        return sendViolations(reply, [{ propertyPath: problem.field, title: UNKNOWN_REFERENCE, message: UNKNOWN_REFERENCE }]);
      }
      return sendHydra(reply, 400, REFERENCED_ROW);
    }
    if (pg && INVALID_VALUE_SQLSTATES.has(pg.code)) return sendHydra(reply, 400, INVALID_VALUE);
    if (isDatabaseUnavailable(err)) {
      // Not our bug and not the client's: busy or briefly unreachable. Logged once per request, without the statement's parameters.
      request.log.warn({ err: innermost(err) }, 'database unavailable');
      reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
      return sendHydra(reply, 503, SERVICE_BUSY);
    }

    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return sendHydra(reply, 400, MALFORMED_JSON);
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendHydra(reply, 400, EMPTY_BODY);
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendHydra(reply, 413, BODY_TOO_LARGE);
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return sendHydra(reply, 415, UNSUPPORTED_MEDIA_TYPE);
    }
    // SyntaxError from a JSON parser without Fastify's code (older plugins).
    if (err instanceof SyntaxError && err.statusCode === 400) return sendHydra(reply, 400, MALFORMED_JSON);

    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's and its plugins' client-error messages describe the request, not our internals.
      request.log.info({ code: err.code, message: err.message }, 'client error');
      return sendHydra(reply, status, err.message || 'Bad Request');
    }
    request.log.error({ err: loggableError(err) }, 'unhandled error');
    return sendHydra(reply, 500, INTERNAL_ERROR);
  });

  app.setNotFoundHandler((request, reply) => {
    request.log.info({ method: request.method, url: request.url }, 'route not found');
    return sendHydra(reply, 404, 'Not Found');
  });
};

export default fp(errorsPlugin, { name: 'errors', fastify: '5.x' });

/**
 * The OpenAPI 3.1 document of the API at /api/docs/json (Swagger UI at /api/docs), built from the
 * contract's zod schemas (jsonSchemaTransform) and finished here (docs/decisions/278): every
 * operation carries its operationId, its security (`[]` when public) and the error answers the
 * server really gives, with the shared error shapes under components. A route of the API scope
 * without an operationId or summary, or two with one operationId, make the document's generation
 * throw. Registered before the routes so @fastify/swagger sees each of them.
 */
import type { FastifyPluginAsync, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { z } from 'zod';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { authError, constraintViolationList, hydraError, violation } from '@cooler-hub/contract/common';

/** Error answers a route declares beyond those derived from its access and path (see `errorsOf`). */
export type DeclaredError = 404 | 409 | 413 | 415 | 429;

type JsonSchema = Record<string, unknown>;

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Error answers this route gives besides 400 (any route), 401 and 403 (a protected route) and
     * 404 (a route with a path parameter): 409 for an update checked against If-Match, 429 where
     * calls are throttled, 415 for a multipart upload sent as something else, …
     */
    errors?: readonly DeclaredError[];
    /** false: the route answers for any value of its path parameters, never 404 (the mail tracking image). */
    notFound?: false;
    /** The fields of a multipart/form-data body (documentation only: the route reads the parts itself). */
    form?: JsonSchema;
  }
}

/** What the document says each module is; an operation whose tag is missing here stops the document. */
export const TAGS: Record<string, string> = {
  health: 'Liveness and readiness probes for load balancers and supervisors.',
  auth: 'Signing in: a user name or e-mail and a password give a Bearer token.',
  profile: 'The signed-in user: read and change their own name, e-mail, password and avatar.',
  users: 'Hub users and their roles (administrators).',
  backup: 'A whole-database backup as a plain-SQL dump.',
  uploads: 'Uploaded images (avatars): upload, and read by their unguessable address.',
  'password recovery': 'A forgotten password: an e-mailed 6-digit code, a single-use reset token, a new password.',
  mail: 'Read tracking of the messages the hub sends.',
  'cc codes': 'Reference data: CC codes.',
  'part numbers': 'Reference data: part numbers.',
  'collection points': 'Reference data: collection points.',
  'scrap reasons': 'Reference data: scrap reasons.',
  suppliers: 'Reference data: suppliers.',
  clients: 'Customers: clients, each owning customer accounts.',
  'customer accounts': 'Customers: the accounts receipts and delivery notes are made for.',
  coolers: 'Coolers by serial number, and the whole life of one cooler.',
  receipts: 'Receipts of coolers: the master data list, create, edit, LB tags and the CSV export.',
  'end of day sheet': "One day's receipts, and the end-of-day CSV that marks them exported.",
  search: 'The top-bar search across LB numbers, serial numbers and delivery notes.',
  dashboard: 'Counts and durations for the dashboard charts.',
  'saved views': "Named filters and columns of a list, the user's own or shared.",
  imports: 'Imports of CSV or XLSX files: upload, map columns, dry run, import, refused rows.',
  'revision entries': 'The change history of a receipt or a cooler.',
  deliveries: 'Delivery notes (transfer, scrap, error sheet): scan, create, edit, approve, send, download.',
  'delivery lines': 'The LB numbers on a delivery note.',
  'delivery e-mails': 'Addresses delivery notes are e-mailed to.',
  'delivery addresses': 'Dispatch and invoice addresses of delivery notes, geocoded on the server.',
  'api tokens': 'Long-lived tokens for scripts and integrations.',
  webhooks: 'Signed POSTs that tell other systems when something happens, their deliveries and attempts.',
  printers: 'Label printers the server sends LB tags to (ZPL over raw TCP, PDF to an IPP queue), test labels and print jobs.',
};

const ERROR_SCHEMAS = {
  Violation: violation,
  ConstraintViolationList: constraintViolationList,
  HydraError: hydraError,
  AuthError: authError,
};

function componentSchemas(): Record<string, JsonSchema> {
  const ids = new z.core.$ZodRegistry<{ id: string }>();
  for (const [id, schema] of Object.entries(ERROR_SCHEMAS)) ids.add(schema, { id });
  const { schemas } = z.toJSONSchema(ids, { target: 'draft-2020-12', uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _dialect, $id: _id, ...rest } = schema as JsonSchema;
      return [id, rest];
    }),
  );
}

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } };

/** The shared error answers; an operation refers to those it can give. */
const RESPONSES: Record<string, JsonSchema> = {
  InvalidRequest: {
    description:
      'The request breaks a rule: a ConstraintViolationList names each field (validation), a hydra:Error says what is wrong with the request as a whole (a business rule, malformed JSON or URL).',
    content: json({
      oneOf: [ref('ConstraintViolationList'), ref('HydraError')],
      discriminator: {
        propertyName: '@type',
        mapping: {
          ConstraintViolationList: '#/components/schemas/ConstraintViolationList',
          'hydra:Error': '#/components/schemas/HydraError',
        },
      },
    }),
  },
  MalformedRequest: { description: 'The request is malformed (a URL that cannot be decoded).', content: json(ref('HydraError')) },
  Unauthorized: {
    description: 'No Bearer token, or one that is expired, forged or no longer valid (password or role changed, user deleted).',
    content: json(ref('AuthError')),
  },
  Forbidden: {
    description: "The signed-in user's role, or the API token's scope, does not allow this call.",
    content: json(ref('HydraError')),
  },
  NotFound: { description: 'No such record.', content: json(ref('HydraError')) },
  Conflict: {
    description: 'The record changed since the version sent in If-Match; the message says who changed it and when. Nothing was written.',
    content: json(ref('HydraError')),
  },
  PayloadTooLarge: { description: 'The request body is too large.', content: json(ref('HydraError')) },
  UnsupportedMediaType: { description: 'The request body has a content type this call does not take.', content: json(ref('HydraError')) },
  TooManyRequests: {
    description: 'Too many attempts: wait the seconds of Retry-After.',
    headers: RETRY_AFTER,
    content: json(ref('HydraError')),
  },
};

const IF_MATCH = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description:
    'The ETag (version) the change is based on; when the record has another version now, the answer is 409. Without it, the change is made.',
  schema: { type: 'string' },
};

/** What the transform learns of a route, kept on its operation until `finish` reads it. */
interface RouteFacts {
  public: boolean;
  errors: readonly DeclaredError[];
  notFound: boolean;
  produces?: readonly string[];
  form?: JsonSchema;
}
const FACTS = 'x-cooler-route';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;
type Operation = JsonSchema & {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
  security?: unknown[];
  [FACTS]?: RouteFacts;
};

/** The error answers of an operation, by status: the rule of docs/decisions/278. */
export function errorsOf(facts: RouteFacts, hasPathParameter: boolean, hasInput: boolean): Record<string, string> {
  const errors: Record<string, string> = { '400': hasInput ? 'InvalidRequest' : 'MalformedRequest' };
  if (!facts.public) errors['401'] = 'Unauthorized';
  // Any protected route refuses a role without its permission or an API token outside its scope.
  if (!facts.public) errors['403'] = 'Forbidden';
  if ((hasPathParameter && facts.notFound) || facts.errors.includes(404)) errors['404'] = 'NotFound';
  if (facts.errors.includes(409)) errors['409'] = 'Conflict';
  if (facts.errors.includes(413)) errors['413'] = 'PayloadTooLarge';
  if (facts.errors.includes(415)) errors['415'] = 'UnsupportedMediaType';
  if (facts.errors.includes(429)) errors['429'] = 'TooManyRequests';
  return errors;
}

/**
 * Declared answers of operations whose route files do not list them yet (the profile and hub-user
 * updates); the same as `errors` in the route's schema.
 */
const ERRORS_BY_OPERATION: Record<string, readonly DeclaredError[]> = { updateProfile: [409, 429], updateHubUser: [409] };

/** A file answer: text for CSV and SQL, bytes for the rest. */
function fileSchema(contentType: string): JsonSchema {
  const text = contentType.startsWith('text/') || contentType === 'application/sql';
  return text ? { type: 'string' } : { type: 'string', contentMediaType: contentType };
}

function sortedKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Adds what the route facts say to each operation, checks the ids, and orders paths and components. */
export function finishDocument(document: JsonSchema): JsonSchema {
  const paths = document['paths'] as Record<string, Record<string, Operation>>;
  const problems: string[] = [];
  const seen = new Map<string, string>();
  const usedTags = new Set<string>();
  const usedResponses = new Set<string>();
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const facts = operation[FACTS];
      delete operation[FACTS];
      if (!operation.operationId) problems.push(`${where} has no operationId`);
      else if (!/^[a-z][A-Za-z0-9]*$/.test(operation.operationId))
        problems.push(`${where}: operationId ${operation.operationId} is not camelCase`);
      else if (seen.has(operation.operationId))
        problems.push(`${where} and ${seen.get(operation.operationId)} share operationId ${operation.operationId}`);
      else seen.set(operation.operationId, where);
      if (!operation.summary) problems.push(`${where} has no summary`);
      for (const text of [operation.summary, operation.description]) {
        if (text && /docs\//.test(text)) problems.push(`${where}: its summary or description points at a file of the repository`);
      }
      for (const tag of operation.tags ?? []) {
        if (!TAGS[tag]) problems.push(`${where}: tag '${tag}' has no description in TAGS (plugins/docs.ts)`);
        usedTags.add(tag);
      }
      if (!facts) {
        problems.push(`${where} is not a route of the API scope`);
        continue;
      }
      if (operation.operationId && ERRORS_BY_OPERATION[operation.operationId]) {
        facts.errors = [...facts.errors, ...ERRORS_BY_OPERATION[operation.operationId]!];
      }
      if (facts.public) operation.security = [];
      const hasPathParameter = (operation.parameters ?? []).some((p) => p['in'] === 'path');
      const hasInput = Boolean(operation.requestBody) || (operation.parameters ?? []).length > 0 || Boolean(facts.form);
      if (facts.errors.includes(409)) operation.parameters = [...(operation.parameters ?? []), IF_MATCH];
      if (facts.form && !operation.requestBody) {
        operation.requestBody = { required: true, content: { 'multipart/form-data': { schema: facts.form } } };
      }
      if (facts.produces) {
        const [status, answer] = Object.entries(operation.responses).find(([code]) => code.startsWith('2')) ?? [];
        if (!status || !answer) problems.push(`${where} produces a file but has no 2XX answer`);
        else answer['content'] = Object.fromEntries(facts.produces.map((type) => [type, { schema: fileSchema(type) }]));
      }
      for (const [status, name] of Object.entries(errorsOf(facts, hasPathParameter, hasInput))) {
        if (operation.responses[status]) continue; // the route's own schema says more
        operation.responses[status] = { $ref: `#/components/responses/${name}` };
        usedResponses.add(name);
      }
      operation.responses = sortedKeys(operation.responses);
    }
  }
  if (problems.length > 0) throw new Error(`The OpenAPI document is incomplete:\n  ${problems.join('\n  ')}`);
  const components = (document['components'] ?? {}) as Record<string, Record<string, unknown>>;
  return {
    ...document,
    tags: [...usedTags].sort().map((name) => ({ name, description: TAGS[name] })),
    paths: sortedKeys(paths),
    components: {
      ...components,
      schemas: sortedKeys({ ...components['schemas'], ...componentSchemas() }),
      responses: sortedKeys(Object.fromEntries([...usedResponses].map((name) => [name, RESPONSES[name]]))),
    },
  };
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions };

/** jsonSchemaTransform, plus the route's access and declared answers for `finishDocument`; routes outside the API scope are left out. */
function transform(input: TransformInput) {
  const { route } = input;
  const config = route.config ?? {};
  const isApiRoute = config.public === true || Boolean(config.permission);
  if (!isApiRoute) return { schema: { ...input.schema, hide: true }, url: input.url };
  const {
    errors = [],
    notFound,
    form,
    produces,
    ...rest
  } = (input.schema ?? {}) as Record<string, unknown> & {
    errors?: DeclaredError[];
    notFound?: false;
    form?: JsonSchema;
    produces?: string[];
  };
  const result = jsonSchemaTransform({ ...input, schema: rest });
  const facts: RouteFacts = {
    public: config.public === true,
    errors,
    notFound: notFound !== false,
    produces,
    form,
  };
  return { ...result, schema: { ...(result.schema as object), [FACTS]: facts } };
}

const docsPlugin: FastifyPluginAsync = async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Cooler Hub API',
        version: '1.0.0',
        description: [
          'The HTTP API of Cooler Hub, the internal application that tracks coolers from receipt to transfer or scrap:',
          'receipts and their LB tags, delivery notes, reference data, customers, imports and the end-of-day export.',
          'Sign in with `POST /api/login_check` and send the token as `Authorization: Bearer <token>`; an API token made for a script is sent the same way.',
          'Errors: 400 is a ConstraintViolationList (a broken rule on named fields) or a hydra:Error (anything else);',
          '401 is `{code, message}`; 403, 404, 409 and 429 are hydra:Error. A record answered with a `version` has it as its ETag;',
          'an update sent with `If-Match` is refused with 409 when the record changed since.',
        ].join(' '),
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/', description: 'The server that serves this document.' }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'A sign-in token from POST /api/login_check, or an API token (chub_…) made by its user for a script.',
          },
        },
      },
    },
    transform: transform as never,
    transformObject: (document) =>
      'openapiObject' in document
        ? (finishDocument(document.openapiObject as JsonSchema) as typeof document.openapiObject)
        : document.swaggerObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // No call to validator.swagger.io: the page only talks to our own origin (CSP connect-src 'self').
    uiConfig: { validatorUrl: null, persistAuthorization: false },
  });
};

export default fp(docsPlugin, { name: 'docs', fastify: '5.x' });

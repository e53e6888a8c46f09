/**
 * The route of an operation declared in the contract (docs/decisions/281): its method and URL, the
 * schema the validator, the serializer and the OpenAPI document read (plugins/docs.ts), and the
 * access the guard checks (plugins/auth.ts: `config.permission` or `config.public`). A route file
 * then says only what the call does: `app.route(routeOf(ops.getReceipt, (request) => …))`, with the
 * request and the answer typed by the declaration.
 */
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { ABILITIES } from '@cooler-hub/contract/permissions';
import type { AnswerIn, BodyOut, OperationDeclaration, ParamsOut, QueryOut } from '@cooler-hub/contract/operation';
import { SIGNED_IN } from '../plugins/auth';

/** The request of the operation, once its params, query and body passed their schemas. */
export type OperationRequest<O> = FastifyRequest<{ Params: ParamsOut<O>; Querystring: QueryOut<O>; Body: BodyOut<O> }>;

/** A handler answers the declared answer, or sends it itself through the reply (status, headers, a file). */
export type OperationHandler<O> = (
  request: OperationRequest<O>,
  reply: FastifyReply,
) => AnswerIn<O> | FastifyReply | Promise<AnswerIn<O> | FastifyReply>;

/** Route options the declaration does not hold (the health probes' log level). */
export type RouteExtras = Pick<RouteOptions, 'logLevel'>;

function configOf(op: OperationDeclaration): NonNullable<RouteOptions['config']> {
  if (op.public) return { public: true };
  if (op.signedIn) return { permission: SIGNED_IN };
  return { permission: ABILITIES[op.ability] };
}

/** The schema as the routes wrote it before: the document (docs/decisions/278) comes out the same. */
function schemaOf(op: OperationDeclaration): NonNullable<RouteOptions['schema']> {
  const schema: Record<string, unknown> = { tags: op.tags, operationId: op.operationId, summary: op.summary };
  if (op.description !== undefined) schema['description'] = op.description;
  if (op.errors) schema['errors'] = op.errors;
  if (op.notFound === false) schema['notFound'] = false;
  if (op.produces) schema['produces'] = op.produces;
  if (op.consumes) schema['consumes'] = op.consumes;
  if (op.form) schema['form'] = op.form;
  if (op.params) schema['params'] = op.params;
  if (op.query) schema['querystring'] = op.query;
  if (op.body) schema['body'] = op.body;
  if (op.response) schema['response'] = op.response;
  return schema;
}

export function routeOf<const O extends OperationDeclaration>(op: O, handler: OperationHandler<O>, extras: RouteExtras = {}): RouteOptions {
  return {
    ...extras,
    method: op.method,
    url: op.path,
    config: configOf(op),
    schema: schemaOf(op),
    handler: handler as unknown as RouteOptions['handler'],
  };
}

/**
 * One API call, declared once (docs/decisions/281-operations-declared-once.md): its method and path,
 * what it is for (operationId, summary, description, tags: the OpenAPI document), who may call it,
 * the zod schemas of what it takes and answers, and the facts the document adds (error answers, the
 * file types it produces, a multipart form). The server registers its route from the declaration
 * (apps/server/src/lib/route-of.ts) and the web calls it through `api.call` (apps/web/src/lib/api-client.ts),
 * so a path or an answer can only change in one place.
 */
import type { z } from 'zod';
import type { Ability } from './permissions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Error answers an operation gives beyond those derived from its access and path: 409 with If-Match, 429 when throttled, … */
export type DeclaredError = 404 | 409 | 413 | 415 | 429;

/** Who may call it: an ability of permissions.ts, anyone signed in whatever the role, or anyone at all. */
export type OperationAccess =
  | { ability: Ability; signedIn?: never; public?: never }
  | { signedIn: true; ability?: never; public?: never }
  | { public: true; ability?: never; signedIn?: never };

export type OperationDeclaration = OperationAccess & {
  /** camelCase, unique across the API (docs/decisions/278). */
  operationId: string;
  method: HttpMethod;
  /** Fastify syntax: `/api/receipts/:id` (the probes of a load balancer sit outside /api). */
  path: `/${string}`;
  summary: string;
  description?: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer by success status, as it is serialized; `z.undefined()` for a 204; none for a file (see `produces`). */
  response?: { readonly [status: number]: z.ZodType };
  /** Documentation: answers beyond 400/401/403 and the 404 of a path parameter. */
  errors?: readonly DeclaredError[];
  /** Documentation: false when the call answers for any value of its path parameters, never 404. */
  notFound?: false;
  /** Documentation: the file types of a download's answer (its 2XX answer is then a file, not JSON). */
  produces?: readonly string[];
  /** Documentation: the request's content types when it is not JSON (a multipart upload). */
  consumes?: readonly string[];
  /** Documentation: the JSON schema of a multipart/form-data body, which the handler reads part by part. */
  form?: Readonly<Record<string, unknown>>;
};

/** Declares an operation, keeping every literal type (path, status codes, schemas) for the server and the web. */
export function operation<const O extends OperationDeclaration>(declaration: O): O {
  return declaration;
}

type Schema<O, K extends 'params' | 'query' | 'body'> = O extends { [P in K]: infer S extends z.ZodType } ? S : undefined;

/** What the handler receives, once validated. */
export type ParamsOut<O> = Schema<O, 'params'> extends z.ZodType ? z.output<Schema<O, 'params'>> : unknown;
export type QueryOut<O> = Schema<O, 'query'> extends z.ZodType ? z.output<Schema<O, 'query'>> : unknown;
export type BodyOut<O> = Schema<O, 'body'> extends z.ZodType ? z.output<Schema<O, 'body'>> : unknown;

/** What the caller sends. Path parameters go into the path as text, so a number is as good as its digits. */
export type ParamsIn<O> =
  Schema<O, 'params'> extends z.ZodType ? { [K in keyof z.input<Schema<O, 'params'>>]: string | number } : undefined;
export type BodyIn<O> = Schema<O, 'body'> extends z.ZodType ? z.input<Schema<O, 'body'>> : undefined;

type Responses<O> = O extends { response: infer R } ? R : never;
type SuccessSchema<O> = Responses<O>[keyof Responses<O>];
/** The answer of a success status as the caller reads it. */
export type Answer<O> = SuccessSchema<O> extends z.ZodType ? z.output<SuccessSchema<O>> : never;
/** What the handler returns for it, before serialization. */
export type AnswerIn<O> = SuccessSchema<O> extends z.ZodType ? z.input<SuccessSchema<O>> : never;

/**
 * The path of the call with its parameters filled in, each encoded: `pathOf(getReceipt, { id })`.
 * A parameter the path names but the call does not give is an error, never a `:id` sent as is.
 */
export function pathOf(op: Pick<OperationDeclaration, 'path'>, params?: Readonly<Record<string, string | number>>): string {
  return op.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${op.path}: no value for the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

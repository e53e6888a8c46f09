/**
 * Every call to the API goes through here (docs/product.md §7, §8): Bearer token from localStorage
 * ('' when absent), JSON accept/content type (multipart for uploads), answers checked against the
 * contract schema, and the error catalogue applied: toasts, /404, 401 → clear token and reload.
 * Callers get a typed ApiError; `notified` tells them whether the user has already seen it.
 * A call is named by its declaration in the contract (`api.call(getReceipt, { params: { id } })`,
 * docs/decisions/281): its path, method and answer schema come from there, never from a literal here.
 */
import type { z } from 'zod';
import type { Violation } from '@cooler-hub/contract/common';
import { pathOf, type Answer, type BodyIn, type OperationDeclaration, type ParamsIn } from '@cooler-hub/contract/operation';
import { clearSession, currentToken } from './auth';
import { MSG_UNREADABLE, UNREADABLE, describeBody, interpretError, type ErrorOutcome } from './api-errors';
import { notifyError } from './notify';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly kind: ErrorOutcome['kind'] | 'network' | 'bad-answer',
    readonly violations: Violation[] = [],
    /** The hydra:description / message of the body, when there was one. */
    readonly description: string | null = null,
    /** True when the client already told the user (toast, navigation, reload). */
    readonly notified = false,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type QueryValue = string | number | boolean | null | undefined;
export type QueryInput = string | URLSearchParams | Record<string, QueryValue>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryInput;
  /** JSON body. */
  body?: unknown;
  /** Multipart body; the browser sets the boundary. */
  formData?: FormData;
  /** The version an update is based on, sent as If-Match (docs/decisions/200). */
  ifMatch?: string;
  signal?: AbortSignal;
  /** A 404 answers null instead of leaving for /404: for a record that may be gone while its history stays. */
  notFoundIsNull?: boolean;
  /** No toast when there is no answer at all: the caller keeps the write for later (docs/decisions/270). */
  quietNetwork?: boolean;
}

/** Query strings keep `order[field]` brackets readable; empty values are left out (docs/product.md §5.2). */
export function buildQueryString(query: QueryInput | undefined): string {
  if (query === undefined) return '';
  if (typeof query === 'string') return query.replace(/^\?/, '');
  const entries: [string, string][] =
    query instanceof URLSearchParams
      ? [...query.entries()]
      : Object.entries(query).flatMap(([k, v]) => (v === undefined || v === null || v === '' ? [] : [[k, String(v)] as [string, string]]));
  return entries
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${encodeURIComponent(k).replace(/%5B/gi, '[').replace(/%5D/gi, ']')}=${encodeURIComponent(v)}`)
    .join('&');
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return UNREADABLE;
  }
}

function goToNotFound() {
  if (window.location.hash !== '#/404') window.location.hash = '#/404';
}

function fail(status: number, body: unknown, path: string): never {
  const outcome = interpretError(status, body, path);
  const description = body !== UNREADABLE ? describeBody(body) : null;
  switch (outcome.kind) {
    case 'toast':
      notifyError(outcome.message);
      throw new ApiError(status, outcome.message, outcome.kind, [], description, true);
    case 'not-found':
      goToNotFound();
      throw new ApiError(status, outcome.message, outcome.kind, [], description, true);
    case 'unauthorized':
      clearSession('expired');
      window.location.reload();
      throw new ApiError(status, outcome.message, outcome.kind, [], description, true);
    case 'violations':
      throw new ApiError(status, outcome.message, outcome.kind, outcome.violations, description, false);
    case 'error':
      throw new ApiError(status, outcome.message, outcome.kind, [], description, false);
  }
}

/** Sends the call and reads its answer; a failure goes through the error catalogue (docs/product.md §8). */
async function send(path: string, options: RequestOptions = {}): Promise<{ status: number; body: unknown }> {
  const qs = buildQueryString(options.query);
  const url = qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${currentToken()}` };
  if (options.ifMatch !== undefined) headers['If-Match'] = `"${options.ifMatch}"`;
  let body: BodyInit | undefined;
  if (options.formData) body = options.formData;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(url, { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    if (!options.quietNetwork) notifyError(MSG_UNREADABLE);
    throw new ApiError(0, MSG_UNREADABLE, 'network', [], null, !options.quietNetwork);
  }

  const parsed = await readBody(response);
  if (response.status === 404 && options.notFoundIsNull) return { status: 404, body: null };
  if (!response.ok) fail(response.status, parsed, path);
  return { status: response.status, body: parsed };
}

/** Sends the call and checks its answer against the contract. */
async function apiRequest<S extends z.ZodType>(
  path: string,
  options: RequestOptions & { notFoundIsNull?: false },
  schema: S,
): Promise<z.output<S>>;
async function apiRequest<S extends z.ZodType>(
  path: string,
  options: RequestOptions & { notFoundIsNull: true },
  schema: S,
): Promise<z.output<S> | null>;
async function apiRequest<S extends z.ZodType>(path: string, options: RequestOptions, schema: S): Promise<z.output<S> | null> {
  const answer = await send(path, options);
  if (answer.status === 404 && options.notFoundIsNull) return null;
  return parseAnswer(answer.status, answer.body, schema, options.method ?? 'GET', path);
}

function parseAnswer<S extends z.ZodType>(status: number, body: unknown, schema: S, method: string, path: string): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) {
    // The answer does not match the contract: a server bug the user cannot fix.
    console.error(`Unexpected answer from ${method} ${path}`, result.error.issues);
    notifyError(MSG_UNREADABLE);
    throw new ApiError(status, MSG_UNREADABLE, 'bad-answer', [], null, true);
  }
  return result.data;
}

type Declaration = OperationDeclaration;
type QueryValueOf<O> = O extends { query: infer Q extends z.ZodType }
  ? // Known filters by name; a sort goes as `order[field]` (docs/product.md §5.2).
    | ({ [K in Exclude<keyof z.input<Q>, 'order'>]?: QueryValue } & { [key: `order[${string}]`]: QueryValue })
    // A list screen's query string, built by its list controller from the same fields.
    | string
    | URLSearchParams
  : never;

/** What a call sends besides its path: params, query and body typed by the declaration. */
export type CallOptions<O> = Pick<RequestOptions, 'signal' | 'ifMatch' | 'quietNetwork' | 'notFoundIsNull'> &
  (ParamsIn<O> extends undefined ? { params?: undefined } : { params: ParamsIn<O> }) &
  (O extends { query: z.ZodType } ? { query?: QueryValueOf<O> } : { query?: undefined }) &
  (O extends { body: z.ZodType } ? { body: BodyIn<O> } : { body?: undefined }) &
  (O extends { form: object } ? { formData: FormData } : { formData?: undefined });

type CallArguments<O> = object extends CallOptions<O> ? [options?: CallOptions<O>] : [options: CallOptions<O>];

/** The success schema of the status the server answered (the declaration's only one, as a rule). */
function answerSchema(op: Declaration, status: number): z.ZodType {
  const schemas = (op.response ?? {}) as Record<number, z.ZodType>;
  const schema = schemas[status] ?? Object.values(schemas)[0];
  // The web's copy of a declaration holds its method, path and answers only (build/call-declarations.ts).
  if (!schema) throw new Error(`${op.method} ${op.path} declares no answer`);
  return schema;
}

/** Sends a declared call and checks its answer against the declaration's schema. */
async function call<O extends Declaration>(op: O, ...[options]: CallArguments<O>): Promise<Answer<O> | null> {
  const { params, query, body, formData, ...rest } = (options ?? {}) as RequestOptions & { params?: Record<string, string | number> };
  const path = pathOf(op, params);
  const requestOptions: RequestOptions = { ...rest, method: op.method, query, body, formData };
  const answer = await send(path, requestOptions);
  if (answer.status === 404 && requestOptions.notFoundIsNull) return null;
  return parseAnswer(answer.status, answer.body, answerSchema(op, answer.status), op.method, path) as Answer<O>;
}

export const api = {
  /**
   * The call `op` declared in the contract (docs/decisions/281): `api.call(updateReceipt, { params: { id }, body, ifMatch })`.
   * With `notFoundIsNull`, a 404 answers null instead of leaving for /404 (a history outlives its record).
   */
  call: call as {
    <O extends Declaration>(op: O, options: CallOptions<O> & { notFoundIsNull: true }): Promise<Answer<O> | null>;
    <O extends Declaration>(op: O, ...options: CallArguments<O>): Promise<Answer<O>>;
  },
  /** Any call with its options (the outbox's first try: `quietNetwork`). */
  request: <S extends z.ZodType>(path: string, options: RequestOptions & { notFoundIsNull?: false }, schema: S) =>
    apiRequest(path, options, schema),
};

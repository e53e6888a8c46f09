/**
 * The OpenAPI document against the routes the app really has (docs/decisions/278): every route
 * Fastify registered (its route tree, printed) is in /api/docs/json with a unique camelCase
 * operationId, a summary, its error answers and the security its behaviour shows (a call without
 * a token answers 401 exactly on the protected ones), and every operation of the document is a
 * registered route.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authError, constraintViolationList, hydraError } from '@cooler-hub/contract/common';
import { buildTestApp, json, type TestApp } from './helpers';

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  security?: Record<string, string[]>[];
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, unknown> };
}

/** Routes the document leaves out on purpose: Swagger UI's own pages and files. */
const UNDOCUMENTED = /^\/api\/docs(\/|$)/;
/** The one route with a path parameter that never answers 404: the tracking image loads for any token. */
const ALWAYS_FOUND = new Set(['GET /api/mail/t/{token}.gif']);
/** The calls that are throttled (429 with Retry-After). */
const THROTTLED = [
  'POST /api/login_check',
  'POST /api/password_recovery/request',
  'POST /api/password_recovery/verify',
  'PUT /api/profile',
  'PUT /api/deliveries/{id}/resend',
];

/** Every method and path of Fastify's printed route tree (HEAD left out: Fastify adds one per GET). */
function routesOf(tree: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const url = `${stack.join('')}${match[2]}`;
    stack.push(match[2]!);
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method && method !== 'HEAD') routes.push(`${method} ${url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
    }
  }
  return routes;
}

/** The path parameters of a routes file's handlers that read If-Match, as 'PUT /api/x/{id}'. */
/**
 * The routes whose handler reads If-Match, from the route files: an old-style `app.put('/api/…', …)`
 * names its path; an `app.route(routeOf(ops.x, …))` names its declaration in the contract
 * (docs/decisions/281), whose method and path are read from there.
 */
async function routesReadingIfMatch(): Promise<string[]> {
  const found: string[] = [];
  const folders = ['../src/modules', '../src/jobs'].map((f) => path.resolve(import.meta.dirname, f));
  const files = folders.flatMap((folder) =>
    fs
      .readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.routes.ts'))
      .map((f) => path.join(folder, f)),
  );
  const documented = (method: string, url: string) => `${method.toUpperCase()} ${url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    const declarations = /import \* as ops from '@cooler-hub\/contract\/operations\/([a-z-]+)'/.exec(source)?.[1];
    const ops = declarations
      ? ((await import(`@cooler-hub/contract/operations/${declarations}`)) as Record<string, { method: string; path: string }>)
      : {};
    const starts = [...source.matchAll(/app\.(?:(get|post|put|delete)\(\s*'([^']+)'|route\(\s*routeOf\(\s*ops\.(\w+))/g)];
    starts.forEach((start, i) => {
      const block = source.slice(start.index, starts[i + 1]?.index ?? source.length);
      if (!block.includes('ifMatch(request)')) return;
      const declared = start[3] ? ops[start[3]] : undefined;
      if (start[3] && !declared) throw new Error(`${file}: ops.${start[3]} is not in its operations module`);
      found.push(declared ? documented(declared.method, declared.path) : documented(start[1]!, start[2]!));
    });
  }
  return found.sort();
}

let t: TestApp;
let doc: Document;
let routes: string[];

beforeAll(async () => {
  t = await buildTestApp();
  doc = json<Document>(await t.app.inject('/api/docs/json'));
  routes = routesOf(t.app.printRoutes({ commonPrefix: false })).filter((r) => !UNDOCUMENTED.test(r.split(' ')[1]!));
});
afterAll(() => t?.close());

const operation = (route: string): Operation | undefined => {
  const [method, url] = route.split(' ') as [string, string];
  return doc.paths[url]?.[method.toLowerCase()];
};
const concrete = (url: string) => url.replace(/\{[^}]+\}/g, '1');

describe('the OpenAPI document and the registered routes', () => {
  it('reads the route tree (a check of the reader itself)', () => {
    expect(routesOf('├── /api/a (GET, HEAD, POST)\n│   └── /:id (DELETE)\n└── /b (GET)')).toEqual([
      'GET /api/a',
      'POST /api/a',
      'DELETE /api/a/{id}',
      'GET /b',
    ]);
    expect(routes.length).toBeGreaterThan(100);
    expect(routes).toContain('GET /api/receipts/{id}');
  });

  it('documents every registered route, and nothing else', () => {
    const documented = Object.entries(doc.paths).flatMap(([url, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${url}`));
    expect(routes.filter((r) => !operation(r))).toEqual([]);
    expect(documented.filter((r) => !routes.includes(r))).toEqual([]);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('registers every call declared in the contract (docs/decisions/281) as declared, and every route is declared', async () => {
    const folder = path.resolve(import.meta.dirname, '../../../packages/contract/src/operations');
    const declared = new Map<string, string>();
    for (const file of fs.readdirSync(folder).filter((f) => f.endsWith('.ts'))) {
      const module = (await import(path.join(folder, file))) as Record<string, { operationId: string; method: string; path: string }>;
      for (const [name, op] of Object.entries(module)) {
        expect(name, file).toBe(op.operationId);
        const route = `${op.method} ${op.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
        expect(declared.has(route), `${route} declared twice`).toBe(false);
        declared.set(route, op.operationId);
      }
    }
    expect(declared.size).toBeGreaterThan(100);
    for (const [route, operationId] of declared) expect(operation(route)?.operationId, route).toBe(operationId);
    expect(routes.filter((r) => !declared.has(r))).toEqual([]);
  });

  it('gives each a unique camelCase operationId and a summary in plain words', () => {
    const ids = routes.map((r) => operation(r)!.operationId);
    for (const [i, id] of ids.entries()) expect(id, routes[i]).toMatch(/^[a-z][A-Za-z0-9]+$/);
    expect(new Set(ids).size).toBe(ids.length);
    for (const route of routes) {
      const { summary, description } = operation(route)!;
      expect(summary, route).toMatch(/^[A-Z]/);
      expect(`${summary} ${description ?? ''}`, route).not.toMatch(/docs\//);
    }
  });

  it('documents the security each route shows: 401 without a token exactly on the protected ones', async () => {
    for (const route of routes) {
      const [method, url] = route.split(' ') as ['GET', string];
      const op = operation(route)!;
      const res = await t.app.inject({ method, url: concrete(url) });
      if (res.statusCode === 401) {
        expect(json(res), route).toEqual({ code: 401, message: expect.any(String) });
        expect(authError.safeParse(json(res)).success).toBe(true);
        expect(op.security, route).toEqual([{ bearerAuth: [] }]);
        expect(op.responses['401'], route).toEqual({ $ref: '#/components/responses/Unauthorized' });
        expect(op.responses['403'], route).toEqual({ $ref: '#/components/responses/Forbidden' });
      } else {
        expect(op.security, `${route} answered ${res.statusCode}`).toEqual([]);
        expect(op.responses['401'], route).toBeUndefined();
      }
    }
  });

  it('documents 400 on every route, 404 on a path parameter, 409 where If-Match is read and 429 where calls are throttled', async () => {
    for (const route of routes) {
      const op = operation(route)!;
      const hasInput = Boolean(op.requestBody) || (op.parameters ?? []).length > 0;
      expect(op.responses['400'], route).toEqual({
        $ref: `#/components/responses/${hasInput ? 'InvalidRequest' : 'MalformedRequest'}`,
      });
      const hasPathParameter = (op.parameters ?? []).some((p) => p.in === 'path');
      if (hasPathParameter && !ALWAYS_FOUND.has(route))
        expect(op.responses['404'], route).toEqual({ $ref: '#/components/responses/NotFound' });
      else expect(op.responses['404'], route).toBeUndefined();
    }
    const conflicts = routes.filter((r) => operation(r)!.responses['409']).sort();
    expect(conflicts).toEqual(await routesReadingIfMatch());
    for (const route of conflicts)
      expect(
        operation(route)!.parameters?.map((p) => `${p.in}.${p.name}`),
        route,
      ).toContain('header.If-Match');
    expect(routes.filter((r) => operation(r)!.responses['429']).sort()).toEqual([...THROTTLED].sort());
  });

  it('refers to error shapes that are the ones the server answers with', async () => {
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['AuthError', 'ConstraintViolationList', 'HydraError']));
    const refs = JSON.stringify(doc).match(/"#\/components\/(schemas|responses)\/[^"]+"/g) ?? [];
    for (const ref of new Set(refs)) {
      const [, kind, name] = /#\/components\/(\w+)\/(.+)"/.exec(ref)!;
      expect(doc.components[kind as 'schemas'][name!], ref).toBeDefined();
    }
    // The answers themselves: a violation list, a hydra:Error 404 and a 401.
    const invalid = await t.app.inject({ method: 'POST', url: '/api/login_check', payload: {} });
    expect(invalid.statusCode).toBe(400);
    expect(constraintViolationList.safeParse(json(invalid)).success).toBe(true);
    const missing = await t.app.inject({ method: 'GET', url: '/api/uploads/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(hydraError.safeParse(json(missing)).success).toBe(true);
  });
});

/**
 * Every integer the API takes is bounded to its column (docs/decisions/205): the test walks every
 * integer field of every JSON body and every integer query parameter that the OpenAPI document
 * (/api/docs/json) describes — so a field added later is walked too — and sends 2^31 and −1 in it:
 * each answer is a 400 with a violation on that very field, never a 500, and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConstraintViolationList } from '@cooler-hub/contract/common';
import { customerAccounts, deliveries, receipts, revisionEntries } from '../src/db/schema';
import { createReceiptReferences, newReceipt } from './factories';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helpers';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  $ref?: string;
}
interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
type Doc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, JsonSchema> } };

let t: TestApp;
let token: string;
let doc: Doc;
beforeAll(async () => {
  t = await buildTestApp();
  token = await adminToken(t.app);
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<Doc>();
});
afterAll(() => t?.close());

const resolve = (s: JsonSchema): JsonSchema => {
  if (!s.$ref) return s;
  const name = s.$ref.split('/').pop()!;
  return doc.components?.schemas?.[name] ?? s;
};
const isInteger = (s: JsonSchema): boolean => {
  const r = resolve(s);
  const types = Array.isArray(r.type) ? r.type : [r.type];
  return types.includes('integer') || [...(r.anyOf ?? []), ...(r.oneOf ?? []), ...(r.allOf ?? [])].some(isInteger);
};

/** The paths of every integer field inside `schema` (arrays walked through their first item). */
function integerPaths(schema: JsonSchema, at: (string | number)[] = [], depth = 0): (string | number)[][] {
  const s = resolve(schema);
  if (depth > 6) return [];
  if (isInteger(s)) return [at];
  const found: (string | number)[][] = [];
  for (const [name, child] of Object.entries(s.properties ?? {})) found.push(...integerPaths(child, [...at, name], depth + 1));
  if (s.items) found.push(...integerPaths(s.items, [...at, 0], depth + 1));
  for (const option of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) found.push(...integerPaths(option, at, depth + 1));
  return found;
}

/** A body holding `value` at `path` and nothing else. */
function bodyWith(path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') return [bodyWith(rest, value)];
  return { [head!]: bodyWith(rest, value) };
}

const propertyPath = (path: (string | number)[]) =>
  path.reduce<string>((acc, k) => (typeof k === 'number' ? `${acc}[${k}]` : acc ? `${acc}.${k}` : k), '');

/** A concrete URL for a templated path: well-formed ids that exist nowhere (validation answers before any lookup). */
const concrete = (template: string, op: Operation) =>
  template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const schema = op.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema;
    return schema && resolve(schema).format === 'uuid' ? '0b7f3c1e-8f6a-4d55-9a0e-2f3c4d5e6f70' : '1';
  });

const VALUES = [2 ** 31, -1];

interface Case {
  method: string;
  url: string;
  where: 'body' | 'query';
  field: string;
  path: (string | number)[];
}

function cases(): Case[] {
  const all: Case[] = [];
  for (const [template, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      for (const p of op.parameters ?? []) {
        if (p.in === 'query' && p.schema && isInteger(p.schema))
          all.push({ method, url: concrete(template, op), where: 'query', field: p.name, path: [p.name] });
      }
      const schema = op.requestBody?.content?.['application/json']?.schema;
      if (schema) {
        for (const path of integerPaths(schema))
          all.push({ method, url: concrete(template, op), where: 'body', field: propertyPath(path), path });
      }
    }
  }
  return all;
}

describe('integer fields', () => {
  it('the walk finds the integer fields the issue named, so it is not walking nothing', () => {
    const found = cases().map((c) => `${c.method.toUpperCase()} ${c.url} ${c.where}:${c.field}`);
    for (const expected of [
      'POST /api/receipts body:supplier',
      'POST /api/receipts body:customerAccount',
      'POST /api/receipts body:collectionPoint',
      'GET /api/receipts query:page',
    ]) {
      expect(found).toContain(expected);
    }
    expect(found.length).toBeGreaterThan(20);
  });

  it('2^31 and −1 in every integer field of every body and query: 400 on the field, never a 500', async () => {
    const db = t.database.db;
    const counts = async () => [
      await db.$count(receipts),
      await db.$count(deliveries),
      await db.$count(customerAccounts),
      await db.$count(revisionEntries),
    ];
    const before = await counts();
    const wrong: string[] = [];
    let walked = 0;
    for (const c of cases()) {
      for (const value of VALUES) {
        const url = c.where === 'query' ? `${c.url}${c.url.includes('?') ? '&' : '?'}${encodeURIComponent(c.field)}=${value}` : c.url;
        const res = await t.app.inject({
          method: c.method.toUpperCase() as 'GET',
          url,
          headers: authHeader(token),
          ...(c.where === 'body' ? { payload: bodyWith(c.path, value) as object } : {}),
        });
        walked += 1;
        const label = `${c.method.toUpperCase()} ${url} ${c.where}:${c.field}=${value} → ${res.statusCode}`;
        if (res.statusCode !== 400) {
          wrong.push(`${label} ${res.body.slice(0, 160)}`);
          continue;
        }
        const body = res.json<ConstraintViolationList>();
        if (!body.violations?.some((v) => v.propertyPath === c.field))
          wrong.push(`${label} violations: ${JSON.stringify(body.violations)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(walked).toBeGreaterThan(40);
    expect(await counts()).toEqual(before);
  }, 120_000);

  it('a receipt otherwise valid, with supplier, customerAccount or collectionPoint = 2^31: 400 on that field, no receipt', async () => {
    const refs = await createReceiptReferences(t.app, token);
    for (const field of ['supplier', 'customerAccount', 'collectionPoint'] as const) {
      const body = newReceipt(refs, { [field]: 2 ** 31 });
      const res = await t.app.inject({ method: 'POST', url: '/api/receipts', headers: authHeader(token), payload: body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<ConstraintViolationList>().violations).toEqual([
        { propertyPath: field, title: 'This value is not valid.', message: 'This value is not valid.' },
      ]);
      expect((await t.app.inject({ method: 'GET', url: `/api/receipts/${body.id}`, headers: authHeader(token) })).statusCode).toBe(404);
    }
    // The connection is still sound: the next valid receipt is created.
    const ok = await t.app.inject({ method: 'POST', url: '/api/receipts', headers: authHeader(token), payload: newReceipt(refs) });
    expect(ok.statusCode).toBe(201);
  });
});

import { describe, expect, it } from 'vitest';
import { allowlistProblems, breakingChanges, fieldsOf, summarize, unlisted } from './openapi-diff.mjs';

/** A document of one or more operations: `ops` is { 'get /x': operation }. */
function doc(ops, schemas = {}) {
  const paths = {};
  for (const [key, operation] of Object.entries(ops)) {
    const [method, path] = key.split(' ');
    paths[path] = { ...paths[path], [method]: operation };
  }
  return { openapi: '3.1.0', paths, components: { schemas } };
}

const answer = (schema, status = '200') => ({ [status]: { description: 'ok', content: { 'application/json': { schema } } } });
const body = (schema, required = true) => ({ required, content: { 'application/json': { schema } } });
const receipt = {
  type: 'object',
  required: ['id', 'serial'],
  properties: { id: { type: 'string' }, serial: { type: 'string' }, note: { type: ['string', 'null'] } },
};

describe('summarize', () => {
  it('lists operations added, removed and changed', () => {
    const before = doc({ 'get /a': { operationId: 'getA', responses: {} }, 'get /b': { operationId: 'getB', responses: {} } });
    const after = doc({
      'get /a': { operationId: 'getA', summary: 'x', responses: {} },
      'post /c': { operationId: 'createC', responses: {} },
    });
    expect(summarize(before, after)).toEqual({ added: ['POST /c'], removed: ['GET /b'], changed: ['GET /a'], otherChanges: false });
    expect(summarize(before, before)).toEqual({ added: [], removed: [], changed: [], otherChanges: false });
  });
});

describe('fieldsOf', () => {
  it('walks properties, items, unions and $refs, required only when every level is', () => {
    const document = doc({}, { Receipt: receipt });
    const list = {
      type: 'object',
      required: ['items'],
      properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Receipt' } } },
    };
    expect(Object.fromEntries(fieldsOf(document, list))).toEqual({
      items: true,
      'items[].id': false,
      'items[].serial': false,
      'items[].note': false,
    });
    expect(Object.fromEntries(fieldsOf(document, { anyOf: [{ $ref: '#/components/schemas/Receipt' }, { type: 'null' }] }))).toEqual({
      id: true,
      serial: true,
      note: false,
    });
  });
});

describe('breakingChanges', () => {
  const base = doc({
    'get /receipts/{id}': {
      operationId: 'getReceipt',
      parameters: [{ in: 'path', name: 'id', required: true }],
      responses: answer(receipt),
    },
    'post /receipts': { operationId: 'createReceipt', requestBody: body(receipt), responses: answer(receipt, '201') },
    'get /receipts': {
      operationId: 'listReceipts',
      parameters: [{ in: 'query', name: 'page', required: false }],
      responses: answer({ type: 'object', properties: { items: { type: 'array', items: receipt } } }),
    },
  });
  const clone = () => structuredClone(base);

  it('finds nothing between a document and itself, nor in an added operation, field or optional parameter', () => {
    expect(breakingChanges(base, base)).toEqual([]);
    const after = clone();
    after.paths['/coolers'] = { get: { operationId: 'listCoolers', responses: {} } };
    after.paths['/receipts/{id}'].get.responses['200'].content['application/json'].schema = {
      ...receipt,
      properties: { ...receipt.properties, extra: { type: 'string' } },
    };
    after.paths['/receipts'].get.parameters.push({ in: 'query', name: 'q', required: false });
    expect(breakingChanges(base, after)).toEqual([]);
  });

  it('finds a removed operation and a changed operationId', () => {
    const after = clone();
    delete after.paths['/receipts/{id}'];
    after.paths['/receipts'].post.operationId = 'addReceipt';
    expect(breakingChanges(base, after).map((c) => c.key)).toEqual([
      'changed operationId: POST /receipts',
      'removed operation: GET /receipts/{id}',
    ]);
  });

  it('finds a removed field of a success answer, nested in a list too, and a removed success status', () => {
    const after = clone();
    const { note: _note, ...rest } = receipt.properties;
    after.paths['/receipts'].get.responses['200'].content['application/json'].schema.properties.items.items = {
      ...receipt,
      properties: rest,
    };
    after.paths['/receipts'].post.responses = answer(receipt, '200');
    expect(breakingChanges(base, after).map((c) => c.key)).toEqual([
      'removed response field: GET /receipts 200 items[].note',
      'removed response: POST /receipts 201',
    ]);
  });

  it('finds a request field and a parameter newly required, and a body newly required', () => {
    const after = clone();
    after.paths['/receipts'].post.requestBody.content['application/json'].schema = { ...receipt, required: ['id', 'serial', 'note'] };
    after.paths['/receipts'].get.parameters[0].required = true;
    after.paths['/receipts'].get.parameters.push({ in: 'header', name: 'X-Tenant', required: true });
    after.paths['/receipts/{id}'].get.requestBody = body({ type: 'object' });
    expect(breakingChanges(base, after).map((c) => c.key)).toEqual([
      'newly required parameter: GET /receipts header.X-Tenant',
      'newly required parameter: GET /receipts query.page',
      'newly required request body: GET /receipts/{id}',
      'newly required request field: POST /receipts note',
    ]);
  });
});

describe('the allowlist', () => {
  it('accepts listed changes, names unlisted and stale ones', () => {
    const changes = [
      { key: 'removed operation: GET /a', message: '' },
      { key: 'removed operation: GET /b', message: '' },
    ];
    const allowed = [
      { change: 'removed operation: GET /a', reason: 'replaced by /c' },
      { change: 'removed operation: GET /z', reason: 'old' },
    ];
    expect(unlisted(changes, allowed)).toEqual({ unlisted: [changes[1]], stale: ['removed operation: GET /z'] });
  });

  it('needs a reason for every entry and a commit or null as baseline', () => {
    expect(allowlistProblems({ baseline: null, changes: [] })).toEqual([]);
    expect(allowlistProblems({ baseline: 'abc1234', changes: [{ change: 'x', reason: 'y' }] })).toEqual([]);
    expect(allowlistProblems({ baseline: 'main', changes: [{ change: 'x', reason: ' ' }, {}] })).toEqual([
      '"baseline" must be a commit hash (or null)',
      'changes[0] has no "reason"',
      'changes[1] has no "change"',
      'changes[1] has no "reason"',
    ]);
    expect(allowlistProblems([])).toEqual(['it must be an object with a "changes" array']);
  });

  it('the committed list is well formed', async () => {
    const fs = await import('node:fs');
    const list = JSON.parse(fs.readFileSync(new URL('../openapi-breaking-changes.json', import.meta.url), 'utf8'));
    expect(allowlistProblems(list)).toEqual([]);
  });
});

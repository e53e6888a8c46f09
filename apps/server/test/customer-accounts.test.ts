import { beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_REFERENCE, type ListResponse, type NamedRef } from '@cooler-hub/contract/common';
import type { Client, CustomerAccount } from '@cooler-hub/contract/customers';
import { call, createClient, createCustomerAccount, newCustomerAccount, unique } from './factories';
import { adminToken, buildTestApp, hydraDescription, json, useSignedInApp, violationsOf, ANY_VERSION } from './helpers';

// A Production user: these calls need ROLE_ADMIN_USER only.
const suite = useSignedInApp('Production');
const api = suite.api;
const list = (query = '') => suite.list<CustomerAccount>(`/api/customer_accounts${query}`);

let client: Client;
beforeAll(async () => {
  client = await createClient(suite.app, suite.token, 'Severn Mineral Water Ltd');
});

describe('POST /api/customer_accounts', () => {
  it('creates (201); the answer names the client; empty optional fields come back as null', async () => {
    const body = newCustomerAccount(client.id, { contactPerson: '', telephone: null, billingAddress: undefined });
    const res = await api('POST', '/api/customer_accounts', body);
    expect(res.statusCode).toBe(201);
    const account = json<CustomerAccount>(res);
    expect(account).toEqual({
      id: expect.any(Number),
      name: body.name,
      contactPerson: null,
      email: body.email,
      telephone: null,
      deliveryAddress: body.deliveryAddress,
      billingAddress: null,
      client: { id: client.id, name: client.name },
      version: ANY_VERSION,
    });
    expect(json(await api('GET', `/api/customer_accounts/${account.id}`))).toEqual(account);
  });

  it('takes the client id as a numeric string too (a select input)', async () => {
    const res = await api('POST', '/api/customer_accounts', newCustomerAccount(String(client.id) as unknown as number));
    expect(json<CustomerAccount>(res).client.id).toBe(client.id);
  });

  it("requires the client: missing → 'Required Field', unknown → 400 on client, malformed → 400 on client", async () => {
    const { client: _omitted, ...withoutClient } = newCustomerAccount(0);
    expect(violationsOf(await api('POST', '/api/customer_accounts', withoutClient))).toEqual({ client: 'Required Field' });
    expect(violationsOf(await api('POST', '/api/customer_accounts', { ...withoutClient, client: null }))).toEqual({
      client: 'Required Field',
    });
    expect(violationsOf(await api('POST', '/api/customer_accounts', newCustomerAccount(999999)))).toEqual({ client: UNKNOWN_REFERENCE });
    expect(violationsOf(await api('POST', '/api/customer_accounts', newCustomerAccount(2_147_483_647)))).toEqual({
      client: UNKNOWN_REFERENCE,
    });
    // Beyond what the column holds (int4) the id cannot name anything: refused as a value.
    expect(violationsOf(await api('POST', '/api/customer_accounts', newCustomerAccount(99999999999)))).toEqual({
      client: 'This value is not valid.',
    });
    expect(violationsOf(await api('POST', '/api/customer_accounts', newCustomerAccount('abc' as unknown as number)))).toEqual({
      client: 'This value is not valid.',
    });
    expect(violationsOf(await api('POST', '/api/customer_accounts', newCustomerAccount(1.5)))).toEqual({
      client: 'This value is not valid.',
    });
  });

  it("a missing name → 'Required Field'; over-long fields → 400 on the field", async () => {
    expect(violationsOf(await api('POST', '/api/customer_accounts', newCustomerAccount(client.id, { name: '' })))).toEqual({
      name: 'Required Field',
    });
    expect(
      Object.keys(violationsOf(await api('POST', '/api/customer_accounts', newCustomerAccount(client.id, { telephone: '0'.repeat(101) })))),
    ).toEqual(['telephone']);
  });
});

describe('GET /api/customer_accounts', () => {
  let other: Client;
  let tag: string;
  beforeAll(async () => {
    other = await createClient(suite.app, suite.token);
    tag = unique('acct');
    await createCustomerAccount(suite.app, suite.token, client.id, { name: `${tag} Bravo`, email: 'b@example.com' });
    await createCustomerAccount(suite.app, suite.token, other.id, { name: `${tag} alpha`, email: 'C@example.com' });
    await createCustomerAccount(suite.app, suite.token, client.id, { name: `${tag} Charlie`, email: 'a@example.com' });
  });

  it('answers the list shape with each client, by name (any case) by default', async () => {
    const body = await list(`?name=${tag}`);
    expect(body).toMatchObject({ page: 1, perPage: 20, pagesCount: 1, totalCount: 3 });
    expect(body.items.map((a) => a.name.split(' ')[1])).toEqual(['alpha', 'Bravo', 'Charlie']);
    expect(body.items[0]!.client).toEqual({ id: other.id, name: other.name });
  });

  it('filters by client and searches by name (contains, any case)', async () => {
    expect((await list(`?name=${tag.toUpperCase()}&client=${client.id}`)).items.map((a) => a.name.split(' ')[1])).toEqual([
      'Bravo',
      'Charlie',
    ]);
    expect((await list(`?client=${other.id}`)).totalCount).toBe(1);
    expect((await list('?client=2147483647')).totalCount).toBe(0);
    expect(violationsOf(await api('GET', '/api/customer_accounts?client=99999999999'))).toEqual({ client: 'This value is not valid.' });
    expect((await list('?client=&name=')).totalCount).toBeGreaterThanOrEqual(6);
    expect(Object.keys(violationsOf(await api('GET', '/api/customer_accounts?client=abc')))).toEqual(['client']);
  });

  it('sorts by email, id and the other columns, both ways; unknown fields → 400', async () => {
    expect((await list(`?name=${tag}&order[email]=desc`)).items.map((a) => a.email)).toEqual([
      'C@example.com',
      'b@example.com',
      'a@example.com',
    ]);
    const ids = (await list('?order[id]=desc')).items.map((a) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    for (const field of ['name', 'telephone', 'contactPerson'])
      expect((await api('GET', `/api/customer_accounts?order[${field}]=asc`)).statusCode).toBe(200);
    expect(Object.keys(violationsOf(await api('GET', '/api/customer_accounts?order[client]=asc')))).toEqual(['order']);
  });
});

describe('GET /api/customer_accounts_drop_down', () => {
  it('answers page 1 of id and name, by name, searchable by name', async () => {
    const res = await api('GET', '/api/customer_accounts_drop_down');
    expect(res.statusCode).toBe(200);
    const body = json<ListResponse<NamedRef>>(res);
    expect(body.page).toBe(1);
    expect(Object.keys(body.items[0]!).sort()).toEqual(['id', 'name']);
    const names = body.items.map((a) => a.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const leeds = json<ListResponse<NamedRef>>(await api('GET', '/api/customer_accounts_drop_down?name=LEEDS'));
    expect(leeds.items.map((a) => a.name)).toEqual(['Albion Soft Drinks – Leeds Depot']);
  });
});

describe('GET, PUT and DELETE /api/customer_accounts/{id}', () => {
  it('updates every field and may move the account to another client', async () => {
    const account = await createCustomerAccount(suite.app, suite.token, client.id);
    const other = await createClient(suite.app, suite.token);
    const body = {
      name: 'Renamed',
      contactPerson: 'Tom Penrose',
      email: 'tom@example.com',
      telephone: '01872 496 233',
      deliveryAddress: 'Truro',
      billingAddress: 'Bodmin',
      client: other.id,
    };
    const res = await api('PUT', `/api/customer_accounts/${account.id}`, body);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ ...body, id: account.id, client: { id: other.id, name: other.name }, version: ANY_VERSION });
    expect(violationsOf(await api('PUT', `/api/customer_accounts/${account.id}`, { ...body, client: 999999 }))).toEqual({
      client: UNKNOWN_REFERENCE,
    });
    expect(json<CustomerAccount>(await api('GET', `/api/customer_accounts/${account.id}`)).client.id).toBe(other.id);
  });

  it('404 for an unknown id', async () => {
    expect(hydraDescription(await api('GET', '/api/customer_accounts/999999'), 404)).toBe('Not Found');
    expect((await api('PUT', '/api/customer_accounts/999999', newCustomerAccount(client.id))).statusCode).toBe(404);
    expect((await api('DELETE', '/api/customer_accounts/99999999999')).statusCode).toBe(404);
  });

  it('deletes (204); then it is gone', async () => {
    const account = await createCustomerAccount(suite.app, suite.token, client.id);
    expect((await api('DELETE', `/api/customer_accounts/${account.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/api/customer_accounts/${account.id}`)).statusCode).toBe(404);
  });
});

describe('work per write', () => {
  it('a create or an update answers from its own statement and the client check: no second read of the account (an update first locks it to check its version)', async () => {
    const statements: string[] = [];
    const own = await buildTestApp({}, { logQuery: (query) => statements.push(query) });
    try {
      const token = await adminToken(own.app);
      const other = await createClient(own.app, token);
      statements.length = 0;
      const created = await call(own.app, token, 'POST', '/api/customer_accounts', newCustomerAccount(other.id, { name: 'Counted' }));
      expect(created.statusCode).toBe(201);
      expect(json(created)).toMatchObject({ name: 'Counted', client: { id: other.id, name: other.name } });
      const afterCreate = statements.filter((q) => /customer_accounts/.test(q));
      expect(afterCreate).toHaveLength(1);
      expect(afterCreate[0]).toMatch(/^insert into "customer_accounts"/);

      statements.length = 0;
      const id = json<CustomerAccount>(created).id;
      const updated = await call(
        own.app,
        token,
        'PUT',
        `/api/customer_accounts/${id}`,
        newCustomerAccount(other.id, { name: 'Recounted' }),
      );
      expect(json(updated)).toMatchObject({ id, name: 'Recounted', client: { id: other.id, name: other.name } });
      const afterUpdate = statements.filter((q) => /customer_accounts/.test(q));
      // The row lock under which the version the editor saw is checked (docs/decisions/200), then the update.
      expect(afterUpdate).toHaveLength(2);
      expect(afterUpdate[0]).toMatch(/^select .* from "customer_accounts" where .* for update$/);
      expect(afterUpdate[1]).toMatch(/^update "customer_accounts"/);
    } finally {
      await own.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { Client } from '@cooler-hub/contract/customers';
import { ALREADY_USED } from '@cooler-hub/contract/users';
import { createClient, createCustomerAccount, unique } from './factories';
import { hydraDescription, json, useSignedInApp, violationsOf } from './helpers';

// A Production user: these calls need ROLE_ADMIN_USER only.
const suite = useSignedInApp('Production');
const api = suite.api;
const list = (query = '') => suite.list<Client>(`/api/clients${query}`);

describe('/api/clients', () => {
  it('lists the seeded clients by name; searches (contains, any case); sorts', async () => {
    const body = await list();
    expect(body.items.map((c) => c.name)).toEqual(['Albion Soft Drinks plc', 'Thames Valley Beverages Ltd']);
    expect((await list('?name=VALLEY')).items.map((c) => c.name)).toEqual(['Thames Valley Beverages Ltd']);
    expect((await list('?order[name]=desc')).items[0]!.name).toBe('Thames Valley Beverages Ltd');
    expect(Object.keys(violationsOf(await api('GET', '/api/clients?order[email]=asc')))).toEqual(['order']);
  });

  it('creates a client (201) from a new name', async () => {
    const res = await api('POST', '/api/clients', { name: ' Brecon Spring Water ' });
    expect(res.statusCode).toBe(201);
    expect(json(res)).toEqual({ id: expect.any(Number), name: 'Brecon Spring Water' });
    expect((await list('?name=brecon')).totalCount).toBe(1);
  });

  it('refuses a name already used, in any case (400 on name), and a missing one', async () => {
    expect(violationsOf(await api('POST', '/api/clients', { name: 'albion soft drinks PLC' }))).toEqual({ name: ALREADY_USED });
    expect(violationsOf(await api('POST', '/api/clients', {}))).toEqual({ name: 'Required Field' });
  });

  it('deletes a client without accounts (204); one with accounts → 400 naming them', async () => {
    const lonely = await createClient(suite.app, suite.token);
    expect((await api('DELETE', `/api/clients/${lonely.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/api/clients/${lonely.id}`)).statusCode).toBe(404);

    const busy = await createClient(suite.app, suite.token, unique('Busy'));
    await createCustomerAccount(suite.app, suite.token, busy.id);
    expect(hydraDescription(await api('DELETE', `/api/clients/${busy.id}`))).toBe(
      'This client is used by 1 customer account and cannot be deleted.',
    );
    await createCustomerAccount(suite.app, suite.token, busy.id);
    expect(hydraDescription(await api('DELETE', `/api/clients/${busy.id}`))).toBe(
      'This client is used by 2 customer accounts and cannot be deleted.',
    );
    expect((await list(`?name=${busy.name}`)).totalCount).toBe(1);
  });
});

/** What all reference-data calls share: the token guard, and the sentences for rows still in use. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TOKEN_NOT_FOUND } from '@cooler-hub/contract/auth';
import { clients, customerAccounts } from '../src/db/schema';
import { inUseMessage, nounOf, referenceProblem } from '../src/db/references';
import { findPgError } from '../src/plugins/errors';
import { buildTestApp, json, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ROUTES: [string, string][] = [
  ['GET', '/api/cc_codes'],
  ['GET', '/api/cc_codes_drop_down'],
  ['GET', '/api/cc_codes/0b7f3c1e-8f6a-4d55-9a0e-2f3c4d5e6f70'],
  ['POST', '/api/cc_codes'],
  ['PUT', '/api/cc_codes/0b7f3c1e-8f6a-4d55-9a0e-2f3c4d5e6f70'],
  ['DELETE', '/api/cc_codes/0b7f3c1e-8f6a-4d55-9a0e-2f3c4d5e6f70'],
  ['GET', '/api/part_numbers'],
  ['GET', '/api/part_numbers/0b7f3c1e-8f6a-4d55-9a0e-2f3c4d5e6f70'],
  ['POST', '/api/part_numbers'],
  ['PUT', '/api/part_numbers/0b7f3c1e-8f6a-4d55-9a0e-2f3c4d5e6f70'],
  ['DELETE', '/api/part_numbers/0b7f3c1e-8f6a-4d55-9a0e-2f3c4d5e6f70'],
  ['GET', '/api/collection_points'],
  ['GET', '/api/collection_points/1'],
  ['POST', '/api/collection_points/create'],
  ['PUT', '/api/collection_points/1/update'],
  ['DELETE', '/api/collection_points/1/remove'],
  ['GET', '/api/scrap_reasons'],
  ['GET', '/api/scrap_reasons/1'],
  ['POST', '/api/scrap_reasons/create'],
  ['PUT', '/api/scrap_reasons/1/update'],
  ['DELETE', '/api/scrap_reasons/1/remove'],
  ['GET', '/api/suppliers'],
  ['GET', '/api/clients'],
  ['POST', '/api/clients'],
  ['DELETE', '/api/clients/1'],
  ['GET', '/api/customer_accounts'],
  ['GET', '/api/customer_accounts_drop_down'],
  ['GET', '/api/customer_accounts/1'],
  ['POST', '/api/customer_accounts'],
  ['PUT', '/api/customer_accounts/1'],
  ['DELETE', '/api/customer_accounts/1'],
];

describe('every reference-data call', () => {
  it('needs a token (401) and declares ROLE_ADMIN_USER', async () => {
    const doc = json<{ paths: Record<string, Record<string, { description?: string }>> }>(await t.app.inject('/api/docs/json'));
    for (const [method, url] of ROUTES) {
      const res = await t.app.inject({ method: method as 'GET', url, ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(json(res), `${method} ${url}`).toEqual({ code: 401, message: TOKEN_NOT_FOUND });
      const path = url.replace(/\/(\d+|[0-9a-f-]{36})(?=\/|$)/, '/{id}');
      expect(doc.paths[path]?.[method.toLowerCase()]?.description, `${method} ${path}`).toContain('Requires ROLE_ADMIN_USER.');
    }
  });
});

describe('rows in use', () => {
  it('are named in plain words', () => {
    expect(nounOf('customer_accounts')).toEqual({ one: 'customer account', many: 'customer accounts' });
    expect(nounOf('deliveries')).toEqual({ one: 'delivery', many: 'deliveries' });
    expect(nounOf('delivery_addresses')).toEqual({ one: 'delivery address', many: 'delivery addresses' });
    expect(nounOf('cc_codes')).toEqual({ one: 'CC code', many: 'CC codes' });
    expect(
      inUseMessage('part_numbers', [
        { tableName: 'coolers', count: 3 },
        { tableName: 'receipts', count: 1 },
      ]),
    ).toBe('This part number is used by 3 coolers and 1 receipt and cannot be deleted.');
  });

  it("PostgreSQL's own refusal (a reference that appeared after the count) reads as the same sentence", async () => {
    const db = t.database.db;
    const [client] = await db.select().from(clients).limit(1);
    const error = await db
      .delete(clients)
      .where(eq(clients.id, client!.id))
      .catch((e: unknown) => e);
    const pg = findPgError(error);
    expect(['23503', '23001']).toContain(pg?.code); // 23001 on PostgreSQL 18 (ON DELETE RESTRICT)
    expect(referenceProblem(pg!)).toEqual({ kind: 'in-use', message: 'This client is used by customer accounts and cannot be deleted.' });

    const missing = await db
      .insert(customerAccounts)
      .values({ name: 'Orphan', clientId: 999999 })
      .catch((e: unknown) => e);
    expect(referenceProblem(findPgError(missing)!)).toEqual({ kind: 'missing', field: 'client' });
  });
});

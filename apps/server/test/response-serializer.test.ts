/**
 * The serializer the server runs with (compiled from the contract's response schemas,
 * docs/decisions/240, 287) writes the same answers as the tests' serializer, which checks each
 * against the contract: the same calls to two apps over one database, on records with their nullable
 * fields both null and set.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { deliveryFixtures } from './deliveries-fixtures';
import { call, createReceipt } from './factories';
import { adminToken, authHeader, buildTestApp, json, waitFor, type TestApp } from './helpers';

let t: TestApp;
let production: FastifyInstance;
let token: string;
const urls: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  production = await buildApp({ config: t.config, database: t.database, jwtSecret: t.jwtSecret, checkResponses: false });
  await production.ready();
  token = await adminToken(t.app);
  const f = await deliveryFixtures(t.app, token);
  const engineer = await createReceipt(t.app, token, f.refs, { collectionPoint: null, engineerNo: 'ENG-7', notes: 'dented door' });
  const scrapped = await createReceipt(t.app, token, f.refs, {
    processOption: 'S',
    scrapReason: f.refs.scrapReason.code,
    collectionPoint: null,
    engineerNo: 'ENG-8',
    assetNo: 'A-1',
  });
  const pending = await f.note({ type: 'transfer' });
  const approved = await f.note({ type: 'scrap', businessName: 'Cold Co', lbNumbers: [scrapped.lbNumber] });
  const approving = await call(t.app, token, 'POST', `/api/deliveries/${approved.id}/approve`);
  expect(approving.statusCode).toBe(200);
  // Approving sends the note: its e-mail state settles before the two apps read it.
  await waitFor(
    async () =>
      json<{ emailStatus: string }>(await call(t.app, token, 'GET', `/api/deliveries/${approved.id}`)).emailStatus === 'Sent' || undefined,
  );
  urls.push(
    '/api/receipts?perPage=50',
    `/api/receipts/${engineer.id}`,
    `/api/receipts/${scrapped.id}`,
    '/api/deliveries/transfer_list',
    '/api/deliveries/scrap_list',
    `/api/deliveries/${pending.id}`,
    `/api/deliveries/${approved.id}`,
    `/api/delivery_lines?deliveryId=${approved.id}`,
    `/api/coolers/${f.refs.cooler.id}/timeline`,
    `/api/coolers/${f.refs.cooler.id}`,
    '/api/coolers',
    '/api/customer_accounts',
    '/api/hub_users',
  );
});

afterAll(async () => {
  await production?.close();
  await t?.close();
});

describe('the compiled serializer', () => {
  it('answers every call as the checking serializer does', async () => {
    for (const url of urls) {
      const checked = await t.app.inject({ method: 'GET', url, headers: authHeader(token) });
      const compiled = await production.inject({ method: 'GET', url, headers: authHeader(token) });
      expect({ url, status: checked.statusCode }).toEqual({ url, status: 200 });
      expect({ url, status: compiled.statusCode }).toEqual({ url, status: 200 });
      expect({ url, body: json(compiled) }).toEqual({ url, body: json(checked) });
    }
  });

  it('writes null and set values of the same nullable fields', async () => {
    const list = json<{ items: { collectionPoint: unknown; scrapReason: unknown }[] }>(
      await production.inject({ method: 'GET', url: '/api/receipts?perPage=50', headers: authHeader(token) }),
    );
    expect(list.items.some((r) => r.collectionPoint === null)).toBe(true);
    expect(list.items.some((r) => r.collectionPoint !== null)).toBe(true);
    expect(list.items.some((r) => r.scrapReason !== null)).toBe(true);
    const notes = json<{ items: { approvedAt: unknown }[] }>(
      await production.inject({ method: 'GET', url: '/api/deliveries/scrap_list', headers: authHeader(token) }),
    );
    expect(notes.items.some((n) => typeof n.approvedAt === 'string')).toBe(true);
  });
});

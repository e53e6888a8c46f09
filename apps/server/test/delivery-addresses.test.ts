/**
 * /api/delivery_addresses: geocoded on the server through GEOCODER_URL — here a small local HTTP
 * stand-in that answers like Nominatim —, only the search text kept without one or when it fails,
 * and the used addresses of each target.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '@cooler-hub/contract/common';
import type { Delivery } from '@cooler-hub/contract/deliveries';
import { searchTextOnly, type DeliveryAddress, type LookedUpAddress } from '@cooler-hub/contract/delivery-addresses';
import { deliveryFixtures, type DeliveryFixtures } from './deliveries-fixtures';
import { authHeader, buildTestApp, json, loginAs, violationsOf, type TestApp } from './helpers';

/** What Nominatim's /search?format=jsonv2&addressdetails=1 answers for a found address. */
const TRAFFORD = {
  place_id: 123456789,
  lat: '53.4631',
  lon: '-2.3130',
  display_name: '7, Trafford Park Road, Trafford Park, Trafford, Greater Manchester, England, M17 1HG, United Kingdom',
  address: {
    house_number: '7',
    road: 'Trafford Park Road',
    suburb: 'Trafford Park',
    city: 'Trafford',
    county: 'Greater Manchester',
    state: 'England',
    postcode: 'M17 1HG',
    country: 'United Kingdom',
    country_code: 'gb',
  },
};

const requests: URL[] = [];
let geocoder: http.Server;
let t: TestApp;
let bare: TestApp;
let token: string;
let f: DeliveryFixtures;

beforeAll(async () => {
  geocoder = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://geocoder');
    requests.push(url);
    const q = url.searchParams.get('q') ?? '';
    if (q.includes('broken')) {
      res.writeHead(500).end('oops');
      return;
    }
    if (q.includes('slow')) return; // never answers: the server gives up
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(q.toLowerCase().includes('trafford') ? [TRAFFORD] : []));
  });
  await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
  const { port } = geocoder.address() as AddressInfo;
  t = await buildTestApp({ GEOCODER_URL: `http://127.0.0.1:${port}/nominatim` });
  token = (await loginAs(t.app, 'Production')).token;
  f = await deliveryFixtures(t.app, token);
  bare = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
  geocoder?.closeAllConnections();
  await new Promise((resolve) => geocoder?.close(resolve));
});

const call = (app: TestApp, method: 'GET' | 'POST', url: string, payload?: object, as = token) =>
  app.app.inject({ method, url, headers: authHeader(as), ...(payload ? { payload } : {}) });

const expectedTrafford = (searchText: string): LookedUpAddress => ({
  searchText,
  formattedAddress: TRAFFORD.display_name,
  full: TRAFFORD.display_name,
  lat: 53.4631,
  lng: -2.313,
  postcode: 'M17 1HG',
  cleanPostcode: 'M171HG',
  placeId: '123456789',
  address1: '7 Trafford Park Road',
  address2: 'Trafford Park Road',
  address3: 'England',
  address4: 'Greater Manchester',
  country: 'United Kingdom',
  town: 'Trafford',
  county: 'Greater Manchester',
});

describe('POST /api/delivery_addresses', () => {
  it('geocodes the search text on the server (GB only) into the looked-up fields of docs/product.md §3', async () => {
    const res = await call(t, 'POST', '/api/delivery_addresses', {
      id: null,
      address: { searchText: ' 7 Trafford Park Road, Manchester ', formattedAddress: 'made up by the client' },
      addressTarget: 'dispatch',
    });
    expect(res.statusCode).toBe(201);
    expect(json<DeliveryAddress>(res)).toEqual({
      id: expect.any(Number),
      addressTarget: 'dispatch',
      address: expectedTrafford('7 Trafford Park Road, Manchester'),
    });
    const asked = requests.at(-1)!;
    expect(asked.pathname).toBe('/nominatim/search');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      q: '7 Trafford Park Road, Manchester',
      countrycodes: 'gb',
      format: 'jsonv2',
      addressdetails: '1',
    });
  });

  it('the same text for the same target again answers the stored address without asking the geocoder', async () => {
    const first = json<DeliveryAddress>(
      await call(t, 'POST', '/api/delivery_addresses', { address: { searchText: 'Trafford Park, M17' }, addressTarget: 'invoice' }),
    );
    const asked = requests.length;
    const again = await call(t, 'POST', '/api/delivery_addresses', {
      address: { searchText: 'trafford park, m17' },
      addressTarget: 'invoice',
    });
    expect(again.statusCode).toBe(200);
    expect(json(again)).toEqual(first);
    expect(requests.length).toBe(asked);
  });

  it('keeps only the search text when nothing is found, the geocoder fails or is too slow', async () => {
    for (const searchText of ['Nowhere Lane 1', 'broken street', 'slow road']) {
      const res = await call(t, 'POST', '/api/delivery_addresses', { address: { searchText }, addressTarget: 'dispatch' });
      expect(res.statusCode).toBe(201);
      expect(json<DeliveryAddress>(res).address).toEqual(searchTextOnly(searchText));
    }
  }, 20_000);

  it('keeps only the search text when no geocoder is configured', async () => {
    const bareToken = (await loginAs(bare.app, 'Production')).token;
    const res = await call(
      bare,
      'POST',
      '/api/delivery_addresses',
      { address: { searchText: '7 Trafford Park Road' }, addressTarget: 'invoice' },
      bareToken,
    );
    expect(res.statusCode).toBe(201);
    expect(json<DeliveryAddress>(res).address).toEqual(searchTextOnly('7 Trafford Park Road'));
  });

  it('refuses a missing text or target', async () => {
    expect(
      violationsOf(await call(t, 'POST', '/api/delivery_addresses', { address: { searchText: '  ' }, addressTarget: 'elsewhere' })),
    ).toEqual({
      'address.searchText': 'Required Field',
      addressTarget: 'Choose dispatch or invoice.',
    });
    expect(violationsOf(await call(t, 'POST', '/api/delivery_addresses', {}))).toEqual({
      address: 'Required Field',
      addressTarget: 'Required Field',
    });
  });
});

describe('GET /api/delivery_addresses/lookup', () => {
  it('geocodes without storing', async () => {
    const res = await call(t, 'GET', `/api/delivery_addresses/lookup?searchText=${encodeURIComponent('Trafford Park Road 7')}`);
    expect(json(res)).toEqual(expectedTrafford('Trafford Park Road 7'));
    expect((await call(t, 'GET', '/api/delivery_addresses/lookup')).statusCode).toBe(400);
  });
});

describe('GET /api/delivery_addresses/used and notes with addresses', () => {
  it('a transfer points at both addresses; the used list shows each under its target, newest first', async () => {
    const dispatch = json<DeliveryAddress>(
      await call(t, 'POST', '/api/delivery_addresses', { address: { searchText: 'Trafford dispatch yard' }, addressTarget: 'dispatch' }),
    );
    const invoice = json<DeliveryAddress>(
      await call(t, 'POST', '/api/delivery_addresses', { address: { searchText: 'Invoice House, Leeds' }, addressTarget: 'invoice' }),
    );
    const unused = json<DeliveryAddress>(
      await call(t, 'POST', '/api/delivery_addresses', { address: { searchText: 'Never used' }, addressTarget: 'dispatch' }),
    );
    const note = await f.note({
      type: 'transfer',
      businessName: 'Invoice House Ltd',
      dispatchAddress: dispatch.id,
      invoiceAddress: invoice.id,
    });
    expect(note).toMatchObject({ dispatchAddress: dispatch, invoiceAddress: invoice });
    const used = (type?: string) =>
      call(t, 'GET', `/api/delivery_addresses/used${type ? `?addressType=${type}` : ''}`).then((r) =>
        json<{ items: DeliveryAddress[] }>(r).items.map((a) => a.id),
      );
    expect(await used('dispatch')).toEqual([dispatch.id]);
    expect(await used('invoice')).toEqual([invoice.id]);
    expect(await used()).toEqual([invoice.id, dispatch.id]);
    expect(await used()).not.toContain(unused.id);
    expect((await call(t, 'GET', '/api/delivery_addresses/used?addressType=home')).statusCode).toBe(400);
    // Each as it was stored (the address an object, what the geocoder did not find null), the total on a later page.
    const page = async (query: string) =>
      json<ListResponse<DeliveryAddress>>(await call(t, 'GET', `/api/delivery_addresses/used?${query}`));
    expect((await page('perPage=20')).items).toEqual([invoice, dispatch]);
    expect(await page('perPage=1&page=2')).toEqual({ page: 2, perPage: 1, pagesCount: 2, items: [dispatch], totalCount: 2 });
    // A scrap note keeps no addresses.
    const scrap = await f.note({ type: 'scrap', dispatchAddress: dispatch.id, businessName: 'x' });
    expect(scrap).toMatchObject({ dispatchAddress: null, businessName: null } satisfies Partial<Delivery>);
  });
});

/** /api/delivery-emails: the recipients' search-select, a typed new address, a customer's default. */
import { describe, expect, it } from 'vitest';
import { INVALID_EMAIL_ADDRESS, NO_ACCOUNT_EMAIL, type DeliveryEmail } from '@cooler-hub/contract/delivery-emails';
import { createClient, createCustomerAccount, unique } from './factories';
import { hydraDescription, json, useSignedInApp, violationsOf } from './helpers';

const suite = useSignedInApp('Production');
const api = suite.api;

describe('POST /api/delivery-emails/create', () => {
  it('stores an address once (lower-cased): 201, then 200 with the same row', async () => {
    const address = `${unique('Depot')}@Example.COM`;
    const first = await api('POST', '/api/delivery-emails/create', { email: `  ${address} ` });
    expect(first.statusCode).toBe(201);
    const created = json<DeliveryEmail>(first);
    expect(created).toEqual({ id: expect.any(Number), email: address.toLowerCase() });
    const again = await api('POST', '/api/delivery-emails/create', { email: address.toUpperCase() });
    expect(again.statusCode).toBe(200);
    expect(json(again)).toEqual(created);
  });

  it('refuses what is not text@text.text, and a missing one', async () => {
    expect(violationsOf(await api('POST', '/api/delivery-emails/create', { email: 'no-at-sign.example' }))).toEqual({
      email: INVALID_EMAIL_ADDRESS,
    });
    expect(violationsOf(await api('POST', '/api/delivery-emails/create', { email: 'a@b' }))).toEqual({ email: INVALID_EMAIL_ADDRESS });
    expect(violationsOf(await api('POST', '/api/delivery-emails/create', {}))).toEqual({ email: 'Required Field' });
  });
});

describe('GET /api/delivery-emails/dropdown', () => {
  it('searches contains, any case, A–Z, page by page', async () => {
    const tag = unique('drop').toLowerCase();
    for (const name of ['charlie', 'alpha', 'bravo'])
      await api('POST', '/api/delivery-emails/create', { email: `${name}.${tag}@example.com` });
    const page = await suite.list<DeliveryEmail>(`/api/delivery-emails/dropdown?searchEmail=${tag.toUpperCase()}`);
    expect(page.items.map((e) => e.email)).toEqual(['alpha', 'bravo', 'charlie'].map((n) => `${n}.${tag}@example.com`));
    const second = await suite.list<DeliveryEmail>(`/api/delivery-emails/dropdown?searchEmail=${tag}&perPage=2&page=2`);
    expect(second).toMatchObject({ totalCount: 3, items: [{ email: `charlie.${tag}@example.com` }] });
    // % and _ are taken literally.
    expect((await suite.list(`/api/delivery-emails/dropdown?searchEmail=%25`)).totalCount).toBe(0);
  });
});

describe('POST /api/delivery-emails/customer_account_exchange/{customerAccountId}', () => {
  it("answers the account's e-mail as a delivery e-mail, created once", async () => {
    const client = await createClient(suite.app, suite.token);
    const address = `${unique('returns')}@customer.example`.toLowerCase();
    const account = await createCustomerAccount(suite.app, suite.token, client.id, { email: address.toUpperCase() });
    const res = await api('POST', `/api/delivery-emails/customer_account_exchange/${account.id}`);
    expect(res.statusCode).toBe(200);
    const email = json<DeliveryEmail>(res);
    expect(email.email).toBe(address);
    expect(json(await api('POST', `/api/delivery-emails/customer_account_exchange/${account.id}`))).toEqual(email);
    const listed = await suite.list<DeliveryEmail>(`/api/delivery-emails/dropdown?searchEmail=${encodeURIComponent(address)}`);
    expect(listed.items).toEqual([email]);
  });

  it('404 when the account has no usable e-mail or does not exist; 400 for a malformed id', async () => {
    const client = await createClient(suite.app, suite.token);
    const none = await createCustomerAccount(suite.app, suite.token, client.id, { email: null });
    expect(hydraDescription(await api('POST', `/api/delivery-emails/customer_account_exchange/${none.id}`), 404)).toBe(NO_ACCOUNT_EMAIL);
    const junk = await createCustomerAccount(suite.app, suite.token, client.id, { email: 'call the office' });
    expect(hydraDescription(await api('POST', `/api/delivery-emails/customer_account_exchange/${junk.id}`), 404)).toBe(NO_ACCOUNT_EMAIL);
    expect((await api('POST', '/api/delivery-emails/customer_account_exchange/99999999')).statusCode).toBe(404);
    expect((await api('POST', '/api/delivery-emails/customer_account_exchange/abc')).statusCode).toBe(400);
  });
});

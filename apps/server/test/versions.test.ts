/**
 * Optimistic concurrency (docs/decisions/200): every answer of one record carries its version and
 * an ETag; an update with If-Match lands only on that version, a stale one is a 409 that names who
 * changed the record and when, and writes nothing; without If-Match an update is accepted as the
 * clients of docs/product.md §7 send it.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Receipt } from '@cooler-hub/contract/receipts';
import { BAD_IF_MATCH } from '../src/plugins/versions';
import { deliveryFixtures, type DeliveryFixtures } from './deliveries-fixtures';
import {
  createCcCode,
  createClient,
  createCollectionPoint,
  createCooler,
  createCustomerAccount,
  createPartNumber,
  createReceipt,
  createReceiptReferences,
  createScrapReason,
  type ReceiptReferences,
  updateBodyOf,
} from './factories';
import { authHeader, createUser, hydraDescription, json, login, loginAs, useSignedInApp } from './helpers';

const suite = useSignedInApp('Admin');

type Body = Record<string, unknown>;
type Versioned = Body & { id: number | string; version: string };

function send(app: FastifyInstance, token: string, method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown, ifMatch?: string) {
  return app.inject({
    method,
    url,
    headers: { ...authHeader(token), ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

const etag = (version: string) => `"${version}"`;
/** 'This receipt was changed by ann at 25/11/2026 14:02 after you opened it.' */
const staleSentence = (resource: string, user: string) =>
  new RegExp(`^This ${resource} was changed by ${user} at \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d after you opened it\\.$`);

let refs: ReceiptReferences;
let me: string;
beforeAll(async () => {
  refs = await createReceiptReferences(suite.app, suite.token);
  me = json<{ username: string }>(await send(suite.app, suite.token, 'GET', '/api/profile')).username;
});

describe('two people editing one receipt', () => {
  /**
   * Each round both editors open the receipt, one changes Notes, the other Asset No., and both save
   * at once with the version they read; whoever is refused opens it again and saves once more.
   * A change is lost when a write answered 200 but its value is not in the receipt afterwards.
   */
  async function race(rounds: number, withVersions: boolean) {
    const ann = await loginAs(suite.app, 'Production');
    const bob = await loginAs(suite.app, 'Production');
    const receipt = await createReceipt(suite.app, suite.token, refs, { notes: 'start', assetNo: 'start' });
    const url = `/api/receipts/${receipt.id}`;
    let lost = 0;
    let refused = 0;
    let accepted = 0;
    const save = async (token: string, field: 'notes' | 'assetNo', value: string, opened: Receipt & { version: string }) =>
      send(
        suite.app,
        token,
        'PUT',
        `${url}/main`,
        { ...updateBodyOf(opened), [field]: value },
        withVersions ? etag(opened.version) : undefined,
      );
    for (let round = 0; round < rounds; round++) {
      const [annOpened, bobOpened] = await Promise.all([
        send(suite.app, ann.token, 'GET', url).then((r) => json<Receipt & { version: string }>(r)),
        send(suite.app, bob.token, 'GET', url).then((r) => json<Receipt & { version: string }>(r)),
      ]);
      const annValue = `ann ${round}`;
      const bobValue = `bob ${round}`;
      const answers = await Promise.all([save(ann.token, 'notes', annValue, annOpened), save(bob.token, 'assetNo', bobValue, bobOpened)]);
      for (const [i, answer] of answers.entries()) {
        const who =
          i === 0 ? { user: ann, field: 'notes' as const, value: annValue } : { user: bob, field: 'assetNo' as const, value: bobValue };
        if (answer.statusCode === 409) {
          // Refused, nothing written: the editor reopens the receipt and saves the change again.
          expect(hydraDescription(answer, 409)).toMatch(staleSentence('receipt', i === 0 ? bob.user.username : ann.user.username));
          refused++;
          const reopened = json<Receipt & { version: string }>(await send(suite.app, who.user.token, 'GET', url));
          expect(reopened[who.field]).not.toBe(who.value);
          const retry = await save(who.user.token, who.field, who.value, reopened);
          expect(retry.statusCode).toBe(200);
          accepted++;
        } else {
          expect(answer.statusCode).toBe(200);
          accepted++;
        }
      }
      const now = json<Receipt>(await send(suite.app, suite.token, 'GET', url));
      if (now.notes !== annValue) lost++;
      if (now.assetNo !== bobValue) lost++;
    }
    return { lost, refused, accepted };
  }

  it('with the version they read: 10 rounds, 0 changes lost, every write lands on its version or gets 409', async () => {
    const result = await race(10, true);
    expect(result.lost).toBe(0);
    // Both opened the same version each round: exactly one of the two is refused.
    expect(result.refused).toBe(10);
    expect(result.accepted).toBe(20);
  });

  it('the same race without versions (a client of docs/product.md §7) still loses changes, as before', async () => {
    // The control: what If-Match prevents. Both whole-record writes answer 200; the later one puts
    // the other's field back to what it read.
    const result = await race(10, false);
    expect(result.refused).toBe(0);
    expect(result.lost).toBe(10);
  });
});

describe('a receipt answer carries its version', () => {
  it('GET, create and update answer `version` and the same ETag; every write gives a new one', async () => {
    const id = randomUUID();
    const createdRes = await send(suite.app, suite.token, 'POST', '/api/receipts', {
      id,
      receiptDate: new Date().toISOString(),
      customerAccount: refs.account.id,
      supplier: refs.supplier.id,
      inventoryItem: refs.cooler.id,
      lbNumber: `LB${Date.now()}${Math.floor(Math.random() * 1000)}`,
      processOption: 'X',
      collectionPoint: refs.collectionPoint.id,
    });
    expect(createdRes.statusCode).toBe(201);
    const created = json<Receipt & { version: string }>(createdRes);
    expect(created.version).toMatch(/^\d+$/);
    expect(createdRes.headers.etag).toBe(etag(created.version));
    const got = await send(suite.app, suite.token, 'GET', `/api/receipts/${id}`);
    expect(got.headers.etag).toBe(etag(created.version));
    const versions = new Set([created.version]);
    let current = created;
    // Back-to-back writes, each on the version the previous one answered: all distinct, increasing.
    for (let i = 0; i < 5; i++) {
      const res = await send(
        suite.app,
        suite.token,
        'PUT',
        `/api/receipts/${id}/main`,
        { ...updateBodyOf(current), notes: `n${i}` },
        etag(current.version),
      );
      expect(res.statusCode).toBe(200);
      const next = json<Receipt & { version: string }>(res);
      expect(res.headers.etag).toBe(etag(next.version));
      expect(BigInt(next.version) > BigInt(current.version)).toBe(true);
      versions.add(next.version);
      current = next;
    }
    expect(versions.size).toBe(6);
  });

  it('If-Match that is not an ETag of ours → 400, nothing written; `*` means whatever it is now', async () => {
    const receipt = await createReceipt(suite.app, suite.token, refs);
    const url = `/api/receipts/${receipt.id}/main`;
    const bad = await send(suite.app, suite.token, 'PUT', url, { ...updateBodyOf(receipt), notes: 'bad' }, 'W/"abc"');
    expect(hydraDescription(bad)).toBe(BAD_IF_MATCH);
    expect(json<Receipt>(await send(suite.app, suite.token, 'GET', `/api/receipts/${receipt.id}`)).notes).toBeNull();
    const any = await send(suite.app, suite.token, 'PUT', url, { ...updateBodyOf(receipt), notes: 'any' }, '*');
    expect(any.statusCode).toBe(200);
  });
});

/**
 * Every updatable resource: how to make one, read it (its version), and a change to send.
 * `read` answers the record with its version as the edit screen gets it.
 */
interface Resource {
  name: string;
  /** The word in the 409 sentence. */
  word: string;
  make(token: string): Promise<{ id: string | number; url: string }>;
  read(token: string, id: string | number): Promise<Versioned>;
  /** The update call's path and its body making change number `n`. */
  update(record: Versioned, n: number): { url: string; body: Body };
  /** The value the change sets, as the record answers it. */
  changed(record: Versioned): unknown;
  token?: () => string;
}

let fx: DeliveryFixtures;
beforeAll(async () => {
  fx = await deliveryFixtures(suite.app, suite.token);
});

const readOne = (path: string) => async (token: string, id: string | number) =>
  json<Versioned>(await send(suite.app, token, 'GET', `${path}/${id}`));
const deliveryBody = (d: Versioned, keys: string[]): Body => {
  const all: Body = {
    deliveryDay: d.deliveryDay,
    lbNumbers: d.lbNumbers,
    customerAccount: (d.customerAccount as { id: number } | null)?.id ?? null,
    businessName: d.businessName ?? null,
    dispatchAddress: null,
    invoiceAddress: null,
    CCCode: null,
    emails: (d.emails as { id: number }[]).map((e) => e.id),
  };
  return Object.fromEntries(keys.map((k) => [k, all[k]]));
};

let profileUser: { username: string; password: string; token: string };
const resources: Resource[] = [
  {
    name: 'receipt',
    word: 'receipt',
    make: async (token) => ({ id: (await createReceipt(suite.app, token, refs)).id, url: '' }),
    read: readOne('/api/receipts'),
    update: (r, n) => ({ url: `/api/receipts/${r.id}/main`, body: { ...updateBodyOf(r as unknown as Receipt), notes: `note ${n}` } }),
    changed: (r) => r.notes,
  },
  {
    name: 'cooler',
    word: 'cooler',
    make: async (token) => ({ id: (await createCooler(suite.app, token)).id, url: '' }),
    read: readOne('/api/coolers'),
    update: (r, n) => ({
      url: `/api/coolers/${r.id}`,
      body: {
        serialNumber: `${String(r.serialNumber)}-${n}`,
        partNumber: (r.partNumber as { id: string }).id,
        dateOfManufacture: r.dateOfManufacture,
      },
    }),
    changed: (r) => r.serialNumber,
  },
  {
    name: 'CC code',
    word: 'CC code',
    make: async (token) => ({ id: (await createCcCode(suite.app, token)).id, url: '' }),
    read: readOne('/api/cc_codes'),
    update: (r, n) => ({ url: `/api/cc_codes/${r.id}`, body: { code: r.code, name: `name ${n}`, price: r.price } }),
    changed: (r) => r.name,
  },
  {
    name: 'part number',
    word: 'part number',
    make: async (token) => ({ id: (await createPartNumber(suite.app, token)).id, url: '' }),
    read: readOne('/api/part_numbers'),
    update: (r, n) => ({ url: `/api/part_numbers/${r.id}`, body: { partNumber: r.partNumber, description: `description ${n}` } }),
    changed: (r) => r.description,
  },
  {
    name: 'collection point',
    word: 'collection point',
    make: async (token) => ({ id: (await createCollectionPoint(suite.app, token)).id, url: '' }),
    read: readOne('/api/collection_points'),
    update: (r, n) => ({ url: `/api/collection_points/${r.id}/update`, body: { name: `${String(r.name).split(' #')[0]} #${n}` } }),
    changed: (r) => r.name,
  },
  {
    name: 'scrap reason',
    word: 'scrap reason',
    make: async (token) => ({ id: (await createScrapReason(suite.app, token)).id, url: '' }),
    read: readOne('/api/scrap_reasons'),
    update: (r, n) => ({ url: `/api/scrap_reasons/${r.id}/update`, body: { number: r.code, name: `reason ${n}` } }),
    changed: (r) => r.reason,
  },
  {
    name: 'customer account',
    word: 'customer account',
    make: async (token) => ({ id: (await createCustomerAccount(suite.app, token, (await createClient(suite.app, token)).id)).id, url: '' }),
    read: readOne('/api/customer_accounts'),
    update: (r, n) => ({
      url: `/api/customer_accounts/${r.id}`,
      body: {
        name: r.name,
        contactPerson: `contact ${n}`,
        email: r.email,
        telephone: r.telephone,
        deliveryAddress: r.deliveryAddress,
        billingAddress: r.billingAddress,
        client: (r.client as { id: number }).id,
      },
    }),
    changed: (r) => r.contactPerson,
  },
  {
    name: 'transfer note',
    word: 'delivery note',
    make: async () => ({ id: (await fx.note({ type: 'transfer' })).id, url: '' }),
    read: readOne('/api/deliveries'),
    update: (r, n) => ({
      url: `/api/deliveries/${r.id}/transfer`,
      body: {
        ...deliveryBody(r, [
          'deliveryDay',
          'lbNumbers',
          'customerAccount',
          'businessName',
          'dispatchAddress',
          'invoiceAddress',
          'CCCode',
          'emails',
        ]),
        businessName: `Business ${n}`,
      },
    }),
    changed: (r) => r.businessName,
  },
  {
    name: 'scrap note',
    word: 'delivery note',
    make: async () => ({ id: (await fx.note({ type: 'scrap' })).id, url: '' }),
    read: readOne('/api/deliveries'),
    update: (r, n) => ({
      url: `/api/deliveries/${r.id}/scrap`,
      body: {
        ...deliveryBody(r, ['deliveryDay', 'lbNumbers', 'customerAccount', 'CCCode', 'emails']),
        deliveryDay: `2026-04-${String(n + 1).padStart(2, '0')}`,
      },
    }),
    changed: (r) => r.deliveryDay,
  },
  {
    name: 'error sheet',
    word: 'delivery note',
    make: async () => ({ id: (await fx.note({ type: 'error_sheet', customerAccount: null })).id, url: '' }),
    read: readOne('/api/deliveries'),
    update: (r, n) => ({
      url: `/api/deliveries/${r.id}/error_sheet`,
      body: {
        ...deliveryBody(r, ['deliveryDay', 'lbNumbers', 'CCCode', 'emails']),
        deliveryDay: `2026-05-${String(n + 1).padStart(2, '0')}`,
      },
    }),
    changed: (r) => r.deliveryDay,
  },
  {
    name: 'user',
    word: 'user',
    make: async () => ({ id: (await createUser(suite.app, { role: 'Production' })).user.id, url: '' }),
    // Users are edited from their list row: it carries the version.
    read: async (token, id) => {
      const page = json<{ items: Versioned[] }>(await send(suite.app, token, 'GET', `/api/hub_users?perPage=100&order[id]=desc`));
      const row = page.items.find((u) => u.id === id);
      if (!row) throw new Error(`user ${id} not in the list`);
      return row;
    },
    update: (r, n) => ({
      url: `/api/hub_users/${r.id}`,
      body: { username: r.username, email: r.email, role: 'Production', color: ['Blue', 'Red', 'Green', 'Yellow'][n] },
    }),
    changed: (r) => r.color,
  },
  {
    name: 'profile',
    word: 'profile',
    make: async () => {
      const created = await createUser(suite.app, { role: 'Production' });
      profileUser = {
        username: created.user.username,
        password: created.password,
        token: await login(suite.app, created.user.username, created.password),
      };
      return { id: created.user.id, url: '' };
    },
    read: async () => json<Versioned>(await send(suite.app, profileUser.token, 'GET', '/api/profile')),
    // A new e-mail needs the current password (docs/decisions/263).
    update: (r, n) => ({
      url: '/api/profile',
      body: { username: r.username, email: `p${n}-${String(r.email)}`, currentPassword: profileUser.password },
    }),
    changed: (r) => r.email,
    token: () => profileUser.token,
  },
];

describe.each(resources)('$name: the version an update is based on', (resource) => {
  it('current version → 200 and a new version; stale → 409 naming who and when, nothing written; none → 200 as docs/product.md §7 sends it', async () => {
    const { id } = await resource.make(suite.token);
    const token = resource.token?.() ?? suite.token;
    const opened = await resource.read(token, id);
    expect(opened.version).toMatch(/^\d+$/);

    // On the version it read: lands, with a new version (answer and ETag).
    const first = resource.update(opened, 1);
    const ok = await send(suite.app, token, 'PUT', first.url, first.body, etag(opened.version));
    expect(ok.statusCode, ok.body).toBe(200);
    const saved = json<Versioned>(ok);
    expect(saved.version).not.toBe(opened.version);
    expect(ok.headers.etag).toBe(etag(saved.version));
    const afterFirst = await resource.read(token, id);
    expect(afterFirst.version).toBe(saved.version);
    expect(resource.changed(afterFirst)).toBe(resource.changed(saved));

    // On the version it read before that change: refused, the record unchanged.
    const second = resource.update(opened, 2);
    const stale = await send(suite.app, token, 'PUT', second.url, second.body, etag(opened.version));
    const by = resource.name === 'profile' ? profileUser.username : me;
    expect(hydraDescription(stale, 409)).toMatch(staleSentence(resource.word, by));
    const afterStale = await resource.read(token, id);
    expect(afterStale.version).toBe(saved.version);
    expect(resource.changed(afterStale)).toBe(resource.changed(saved));
    expect(afterStale).toEqual(afterFirst);

    // No If-Match (docs/product.md §7's clients): accepted as before.
    const third = resource.update(afterStale, 3);
    const blind = await send(suite.app, token, 'PUT', third.url, third.body);
    expect(blind.statusCode, blind.body).toBe(200);
    expect(resource.changed(await resource.read(token, id))).not.toBe(resource.changed(saved));
  });
});

describe('delivery notes: what else changes their version', () => {
  it('removing a line gives the note a new version; approving with a stale If-Match → 409 and the note stays pending', async () => {
    const note = await fx.note({ type: 'transfer', lbNumbers: await fx.lbs(3) });
    const opened = json<Versioned>(await send(suite.app, suite.token, 'GET', `/api/deliveries/${note.id}`));
    const lines = json<{ items: { id: number }[] }>(await send(suite.app, suite.token, 'GET', `/api/delivery_lines?deliveryId=${note.id}`));
    const removed = await suite.app.inject({
      method: 'DELETE',
      url: `/api/delivery_lines/${lines.items[0]!.id}`,
      headers: authHeader(suite.token),
    });
    expect(removed.statusCode).toBe(204);
    const now = json<Versioned>(await send(suite.app, suite.token, 'GET', `/api/deliveries/${note.id}`));
    expect(now.version).not.toBe(opened.version);

    const stale = await send(suite.app, suite.token, 'POST', `/api/deliveries/${note.id}/approve`, undefined, etag(opened.version));
    expect(hydraDescription(stale, 409)).toMatch(staleSentence('delivery note', me));
    expect(json<Versioned>(await send(suite.app, suite.token, 'GET', `/api/deliveries/${note.id}`)).status).toBe('pending');
    const approved = await send(suite.app, suite.token, 'POST', `/api/deliveries/${note.id}/approve`, undefined, etag(now.version));
    expect(json<{ status: string }>(approved).status).toBe('approved');
  });
});

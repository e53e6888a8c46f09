import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  NOT_A_QUERY,
  NOT_YOUR_VIEW,
  SAVED_VIEWS_PER_LIST,
  TOO_MANY_VIEWS,
  VIEW_NAME_TAKEN,
  type SavedView,
  type SavedViewListResponse,
} from '@cooler-hub/contract/saved-views';
import { REQUIRED_MESSAGE } from '@cooler-hub/contract/common';
import { call, unique } from './factories';
import { hydraDescription, json, loginAs, useSignedInApp, violationsOf } from './helpers';

// Alice (Production: saved views need ROLE_ADMIN_USER and the list's ability only) is the suite's user.
const suite = useSignedInApp('Production');
const alice = suite.api;
let bobToken: string;
const bob = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => call(suite.app, bobToken, method, url, payload);

beforeAll(async () => {
  bobToken = (await loginAs(suite.app, 'Production')).token;
});

const MASTER_DATA_QUERY = 'processOption=D&isExported=false&customerId=12&order[receiptDate]=asc';

function newView(overrides: Record<string, unknown> = {}) {
  return {
    list: 'receipts',
    name: unique('View'),
    query: MASTER_DATA_QUERY,
    visibleColumns: ['lbNumber', 'serialNumber'],
    shared: false,
    ...overrides,
  };
}

async function created(res: LightMyRequestResponse): Promise<SavedView> {
  if (res.statusCode !== 201) throw new Error(`creating a view failed: ${res.statusCode} ${res.body}`);
  return json<SavedView>(res);
}

const namesOf = async (who: typeof alice, list = 'receipts') =>
  json<SavedViewListResponse>(await who('GET', `/api/saved_views?list=${list}`)).items.map((v) => v.name);

describe('POST /api/saved_views', () => {
  it('saves a private view (201): trimmed name, the query and the visible columns as sent; GET answers it', async () => {
    const name = unique('Open D');
    const view = await created(await alice('POST', '/api/saved_views', newView({ name: `  ${name}  ` })));
    expect(view).toMatchObject({
      list: 'receipts',
      name,
      query: MASTER_DATA_QUERY,
      visibleColumns: ['lbNumber', 'serialNumber'],
      shared: false,
      mine: true,
      isDefault: false,
    });
    expect(view.version).toMatch(/^\d+$/);
    expect(json(await alice('GET', `/api/saved_views/${view.id}`))).toEqual(view);
    expect(await namesOf(alice)).toContain(name);
  });

  it('null visible columns mean every column; an empty query is the list with nothing chosen', async () => {
    const view = await created(await alice('POST', '/api/saved_views', newView({ query: '', visibleColumns: null })));
    expect(view).toMatchObject({ query: '', visibleColumns: null });
  });

  it('a name the owner already uses on that list, in any case → 400 on name; another list or another owner may use it', async () => {
    const name = unique('Twice');
    await created(await alice('POST', '/api/saved_views', newView({ name })));
    expect(violationsOf(await alice('POST', '/api/saved_views', newView({ name: name.toUpperCase() })))).toEqual({ name: VIEW_NAME_TAKEN });
    await created(await alice('POST', '/api/saved_views', newView({ name, list: 'main', query: '' })));
    await created(await bob('POST', '/api/saved_views', newView({ name })));
  });

  it('bad input → 400 on the field, nothing written', async () => {
    const before = (await namesOf(alice)).length;
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ name: '   ' }, { name: REQUIRED_MESSAGE }],
      [{ name: 'x'.repeat(81) }, { name: 'This value is too long. It should have 80 characters or less.' }],
      [{ list: 'users' }, { list: 'Choose one of the list screens.' }],
      [{ query: 'a=1&<script>=2' }, { query: NOT_A_QUERY }],
      [{ query: 'javascript:alert(1)' }, { query: NOT_A_QUERY }],
      [{ query: 'a=1#x' }, { query: NOT_A_QUERY }],
      [{ query: 'a=%zz' }, { query: NOT_A_QUERY }],
      [{ query: Array.from({ length: 31 }, (_, i) => `k${i}=1`).join('&') }, { query: NOT_A_QUERY }],
      [{ query: `a=${'1'.repeat(2000)}` }, { query: 'This value is too long. It should have 2000 characters or less.' }],
      [{ query: 42 }, { query: 'This value is not valid.' }],
      [{ visibleColumns: ['lbNumber', 'lbNumber'] }, { visibleColumns: 'Each column once.' }],
      [{ visibleColumns: [] }, { visibleColumns: 'Show at least one column.' }],
      [{ visibleColumns: Array.from({ length: 41 }, (_, i) => `c${i}`) }, { visibleColumns: 'At most 40 columns.' }],
      [{ visibleColumns: ['lb number'] }, { 'visibleColumns[0]': 'This value is not valid.' }],
      [{ shared: 'yes' }, { shared: 'This value is not valid.' }],
    ];
    for (const [overrides, expected] of cases) {
      const res = await alice('POST', '/api/saved_views', newView(overrides));
      expect(violationsOf(res), JSON.stringify(overrides)).toEqual(expected);
    }
    expect((await namesOf(alice)).length).toBe(before);
  });

  it(`at most ${SAVED_VIEWS_PER_LIST} views of one list per person → 400 with the sentence`, async () => {
    const carol = (await loginAs(suite.app, 'Production')).token;
    for (let i = 0; i < SAVED_VIEWS_PER_LIST; i++) {
      await created(await call(suite.app, carol, 'POST', '/api/saved_views', newView({ list: 'coolers', query: '' })));
    }
    expect(hydraDescription(await call(suite.app, carol, 'POST', '/api/saved_views', newView({ list: 'coolers', query: '' })))).toBe(
      TOO_MANY_VIEWS,
    );
  });
});

describe('GET /api/saved_views', () => {
  it('the list is required and one of the list screens', async () => {
    expect(violationsOf(await alice('GET', '/api/saved_views'))).toEqual({ list: REQUIRED_MESSAGE });
    expect(violationsOf(await alice('GET', '/api/saved_views?list=nope'))).toEqual({ list: 'Choose one of the list screens.' });
  });

  it("answers one's own views and everyone's shared ones of that list, by name; never another person's private view", async () => {
    const mine = await created(
      await alice('POST', '/api/saved_views', newView({ list: 'scrapDeliveries', query: 'order[id]=asc', name: unique('b mine') })),
    );
    const bobsShared = await created(
      await bob('POST', '/api/saved_views', newView({ list: 'scrapDeliveries', query: '', name: unique('a shared'), shared: true })),
    );
    const bobsPrivate = await created(
      await bob('POST', '/api/saved_views', newView({ list: 'scrapDeliveries', query: '', name: unique('c private') })),
    );
    const res = json<SavedViewListResponse>(await alice('GET', '/api/saved_views?list=scrapDeliveries'));
    const ids = res.items.map((v) => v.id);
    expect(ids).toContain(mine.id);
    expect(ids).toContain(bobsShared.id);
    expect(ids).not.toContain(bobsPrivate.id);
    expect(res.totalCount).toBe(res.items.length);
    const shared = res.items.find((v) => v.id === bobsShared.id)!;
    expect(shared).toMatchObject({ mine: false, shared: true });
    expect(shared.owner.name).toBe(bobsShared.owner.name);
    // By name, ignoring case.
    const names = res.items.map((v) => v.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    // Another list's views are not in it.
    expect((await namesOf(alice, 'transferDeliveries')).includes(mine.name)).toBe(false);
  });
});

describe("another person's views", () => {
  it('a private one is invisible: GET, PUT, DELETE and default all answer 404, and it stays as it was', async () => {
    const hidden = await created(await bob('POST', '/api/saved_views', newView()));
    for (const [method, url, body] of [
      ['GET', `/api/saved_views/${hidden.id}`, undefined],
      ['PUT', `/api/saved_views/${hidden.id}`, newView({ list: undefined })],
      ['DELETE', `/api/saved_views/${hidden.id}`, undefined],
      ['PUT', `/api/saved_views/${hidden.id}/default`, undefined],
      ['DELETE', `/api/saved_views/${hidden.id}/default`, undefined],
    ] as const) {
      const res = await alice(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(json(await bob('GET', `/api/saved_views/${hidden.id}`))).toEqual(hidden);
  });

  it("a shared one can be read and made one's default, but only its owner changes or deletes it (403)", async () => {
    const shared = await created(await bob('POST', '/api/saved_views', newView({ shared: true })));
    expect(json<SavedView>(await alice('GET', `/api/saved_views/${shared.id}`))).toMatchObject({ id: shared.id, mine: false });
    expect(hydraDescription(await alice('PUT', `/api/saved_views/${shared.id}`, { ...newView(), list: undefined }), 403)).toBe(
      NOT_YOUR_VIEW,
    );
    expect(hydraDescription(await alice('DELETE', `/api/saved_views/${shared.id}`), 403)).toBe(NOT_YOUR_VIEW);
    expect(json(await bob('GET', `/api/saved_views/${shared.id}`))).toEqual(shared);
  });

  it('unsharing a view takes it away from the others, also as their default', async () => {
    const view = await created(await bob('POST', '/api/saved_views', newView({ list: 'main', query: 'lbNumber=LB1', shared: true })));
    expect(json<SavedView>(await alice('PUT', `/api/saved_views/${view.id}/default`)).isDefault).toBe(true);
    const { list: _list, owner: _owner, mine: _mine, isDefault: _d, id: _id, version: _v, ...body } = view;
    expect((await bob('PUT', `/api/saved_views/${view.id}`, { ...body, shared: false })).statusCode).toBe(200);
    expect((await alice('GET', `/api/saved_views/${view.id}`)).statusCode).toBe(404);
    // Sharing it again does not bring back Alice's default.
    expect((await bob('PUT', `/api/saved_views/${view.id}`, { ...body, shared: true })).statusCode).toBe(200);
    expect(json<SavedView>(await alice('GET', `/api/saved_views/${view.id}`)).isDefault).toBe(false);
  });
});

describe('PUT and DELETE /api/saved_views/{id}', () => {
  it('the owner renames, changes the query, columns and sharing; a name used by another of their views → 400 on name', async () => {
    const view = await created(await alice('POST', '/api/saved_views', newView()));
    const other = await created(await alice('POST', '/api/saved_views', newView()));
    const name = unique('Renamed');
    const res = await alice('PUT', `/api/saved_views/${view.id}`, {
      name,
      query: 'order[lbNumber]=desc',
      visibleColumns: null,
      shared: true,
    });
    expect(res.statusCode).toBe(200);
    expect(json<SavedView>(res)).toMatchObject({
      id: view.id,
      list: 'receipts',
      name,
      query: 'order[lbNumber]=desc',
      visibleColumns: null,
      shared: true,
    });
    // The list of a view is fixed: a body naming another is not read.
    expect(violationsOf(await alice('PUT', `/api/saved_views/${view.id}`, { name: other.name.toLowerCase(), query: '' }))).toEqual({
      name: VIEW_NAME_TAKEN,
    });
    // Its own name in another case is no conflict.
    expect((await alice('PUT', `/api/saved_views/${view.id}`, { name: name.toUpperCase(), query: '' })).statusCode).toBe(200);
  });

  it('If-Match: a stale version → 409 and nothing written; the current one → 200 (docs/decisions/200)', async () => {
    const view = await created(await alice('POST', '/api/saved_views', newView()));
    const first = await suite.app.inject({
      method: 'PUT',
      url: `/api/saved_views/${view.id}`,
      headers: { authorization: `Bearer ${suite.token}`, 'if-match': `"${view.version}"` },
      payload: { name: unique('First'), query: '' },
    });
    expect(first.statusCode).toBe(200);
    const stale = await suite.app.inject({
      method: 'PUT',
      url: `/api/saved_views/${view.id}`,
      headers: { authorization: `Bearer ${suite.token}`, 'if-match': `"${view.version}"` },
      payload: { name: unique('Second'), query: '' },
    });
    expect(hydraDescription(stale, 409)).toMatch(/^This saved view was changed by /);
    expect(json<SavedView>(await alice('GET', `/api/saved_views/${view.id}`)).name).toBe(json<SavedView>(first).name);
  });

  it('bad ids and bodies → 400 / 404, never a 500', async () => {
    expect(violationsOf(await alice('PUT', '/api/saved_views/abc', newView()))).toHaveProperty('id');
    expect((await alice('GET', '/api/saved_views/2147483647')).statusCode).toBe(404);
    expect((await alice('DELETE', '/api/saved_views/999999')).statusCode).toBe(404);
    const view = await created(await alice('POST', '/api/saved_views', newView()));
    expect(violationsOf(await alice('PUT', `/api/saved_views/${view.id}`, { name: '', query: '?a=1' }))).toEqual({
      name: REQUIRED_MESSAGE,
      query: NOT_A_QUERY,
    });
  });

  it("the owner deletes (204); the view is gone, also as anyone's default", async () => {
    const view = await created(
      await alice('POST', '/api/saved_views', newView({ list: 'endOfDaySheet', query: 'receiptDate=2026-11-20', shared: true })),
    );
    await bob('PUT', `/api/saved_views/${view.id}/default`);
    expect((await alice('DELETE', `/api/saved_views/${view.id}`)).statusCode).toBe(204);
    expect((await alice('GET', `/api/saved_views/${view.id}`)).statusCode).toBe(404);
    const bobs = json<SavedViewListResponse>(await bob('GET', '/api/saved_views?list=endOfDaySheet')).items;
    expect(bobs.some((v) => v.isDefault)).toBe(false);
  });
});

describe('default views', () => {
  it('one default per user and list: setting another replaces it; each user has their own; clearing leaves none', async () => {
    const first = await created(
      await alice('POST', '/api/saved_views', newView({ list: 'transferDeliveries', query: 'order[id]=asc', shared: true })),
    );
    const second = await created(
      await alice('POST', '/api/saved_views', newView({ list: 'transferDeliveries', query: 'order[createdAt]=desc' })),
    );
    const defaults = async (who: typeof alice) =>
      json<SavedViewListResponse>(await who('GET', '/api/saved_views?list=transferDeliveries'))
        .items.filter((v) => v.isDefault)
        .map((v) => v.id);

    expect(json<SavedView>(await alice('PUT', `/api/saved_views/${first.id}/default`)).isDefault).toBe(true);
    expect(await defaults(alice)).toEqual([first.id]);
    expect(json<SavedView>(await alice('PUT', `/api/saved_views/${second.id}/default`)).isDefault).toBe(true);
    expect(await defaults(alice)).toEqual([second.id]);

    // Bob's default is his own choice, even of Alice's shared view; hers does not show as his.
    expect(await defaults(bob)).toEqual([]);
    await bob('PUT', `/api/saved_views/${first.id}/default`);
    expect(await defaults(bob)).toEqual([first.id]);
    expect(await defaults(alice)).toEqual([second.id]);

    expect(json<SavedView>(await alice('DELETE', `/api/saved_views/${second.id}/default`)).isDefault).toBe(false);
    expect(await defaults(alice)).toEqual([]);
    expect(await defaults(bob)).toEqual([first.id]);
  });
});

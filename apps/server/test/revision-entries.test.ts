import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Cooler } from '@cooler-hub/contract/coolers';
import type { RevisionEntry } from '@cooler-hub/contract/revisions';
import type { PartNumber } from '@cooler-hub/contract/settings';
import { COOLER_CREATED, COOLER_DELETED } from '../src/modules/coolers/coolers.service';
import { call, createCooler, createPartNumber, newCooler, unique } from './factories';
import { adminToken, json, loginAs, useSignedInApp, violationsOf } from './helpers';

// A Production user makes the changes and reads the history (both need ROLE_ADMIN_USER only).
const suite = useSignedInApp('Production');
const api = suite.api;
const history = (coolerId: string, query = '') =>
  suite.list<RevisionEntry>(`/api/revision_entries?entryKind=Cooler&entryRef=${coolerId}${query}`);

let partNumber: PartNumber;
let username: string;
beforeAll(async () => {
  partNumber = await createPartNumber(suite.app, suite.token);
  username = json<{ username: string }>(await api('GET', '/api/profile')).username;
});

const bodyOf = (c: Cooler) => ({ serialNumber: c.serialNumber, partNumber: c.partNumber.id, dateOfManufacture: c.dateOfManufacture });

describe('revision entries of coolers', () => {
  it('a create writes one Text entry with the acting user; a retried create writes none', async () => {
    const body = newCooler(partNumber.id, { dateOfManufacture: '2018-04-09' });
    const before = Date.now();
    expect((await api('POST', '/api/coolers', body)).statusCode).toBe(201);
    expect((await api('POST', '/api/coolers', body)).statusCode).toBe(201);
    const { items, totalCount } = await history(body.id);
    expect(totalCount).toBe(1);
    const entry = items[0]!;
    expect(entry).toMatchObject({
      entryKind: 'Cooler',
      entryRef: body.id,
      diffType: 'Text',
      textOnlyMessage: [
        COOLER_CREATED,
        `Serial number: ${body.serialNumber}`,
        `Part number: ${partNumber.partNumber}`,
        'Date of manufacture: 2018-04-09',
      ],
      oldNewMessage: {},
      creator: { username },
    });
    expect(entry.creator.id).toEqual(expect.any(Number));
    expect(Math.abs(Date.parse(entry.createdAt) - before)).toBeLessThan(60_000);
  });

  it('an update writes one OldNew entry with only the changed fields (the part number as its text)', async () => {
    const c = await createCooler(suite.app, suite.token, { partNumber: partNumber.id });
    const other = await createPartNumber(suite.app, suite.token);
    const res = await api('PUT', `/api/coolers/${c.id}`, { ...bodyOf(c), partNumber: other.id, dateOfManufacture: '2001-09-30' });
    expect(res.statusCode).toBe(200);
    const { items } = await history(c.id);
    expect(items.map((e) => e.diffType)).toEqual(['OldNew', 'Text']);
    expect(items[0]!.oldNewMessage).toEqual({
      partNumber: [partNumber.partNumber, other.partNumber],
      dateOfManufacture: [c.dateOfManufacture, '2001-09-30'],
    });
    expect(items[0]!.textOnlyMessage).toEqual([]);
    expect(items[0]!.creator.username).toBe(username);
  });

  it('an update that changes nothing writes nothing', async () => {
    const c = await createCooler(suite.app, suite.token, { partNumber: partNumber.id });
    expect((await api('PUT', `/api/coolers/${c.id}`, bodyOf(c))).statusCode).toBe(200);
    expect((await history(c.id)).totalCount).toBe(1);
  });

  it('a change that fails writes nothing', async () => {
    const a = await createCooler(suite.app, suite.token, { partNumber: partNumber.id });
    const b = await createCooler(suite.app, suite.token, { partNumber: partNumber.id });
    expect((await api('PUT', `/api/coolers/${b.id}`, { ...bodyOf(b), serialNumber: a.serialNumber })).statusCode).toBe(400);
    expect((await api('PUT', `/api/coolers/${b.id}`, { ...bodyOf(b), partNumber: randomUUID() })).statusCode).toBe(400);
    expect((await api('DELETE', `/api/coolers/${b.id}`)).statusCode).toBe(403);
    expect((await history(b.id)).totalCount).toBe(1);
    const refused = newCooler(partNumber.id, { serialNumber: a.serialNumber });
    expect((await api('POST', '/api/coolers', refused)).statusCode).toBe(400);
    expect((await history(refused.id)).totalCount).toBe(0);
  });

  it('a delete writes a Text entry with who deleted it, and the history stays readable after the cooler is gone', async () => {
    const c = await createCooler(suite.app, suite.token, { partNumber: partNumber.id });
    await api('PUT', `/api/coolers/${c.id}`, { ...bodyOf(c), serialNumber: `${c.serialNumber}-X` });
    expect((await call(suite.app, await adminToken(suite.app), 'DELETE', `/api/coolers/${c.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/api/coolers/${c.id}`)).statusCode).toBe(404);
    const { items } = await history(c.id);
    expect(items.map((e) => e.diffType)).toEqual(['Text', 'OldNew', 'Text']);
    expect(items[0]!.textOnlyMessage[0]).toBe(COOLER_DELETED);
    expect(items[0]!.textOnlyMessage).toContain(`Serial number: ${c.serialNumber}-X`);
    expect(items[0]!.creator.username).toBe('admin');
    expect(items.slice(1).map((e) => e.creator.username)).toEqual([username, username]);
  });

  it('the history keeps the user’s name after that user is deleted', async () => {
    const someone = await loginAs(suite.app, 'Production');
    const c = await createCooler(suite.app, someone.token, { partNumber: partNumber.id });
    await call(suite.app, someone.token, 'PUT', `/api/coolers/${c.id}`, { ...bodyOf(c), dateOfManufacture: '1999-12-31' });
    const removed = await call(suite.app, await adminToken(suite.app), 'DELETE', `/api/hub_users/${someone.user.id}`);
    expect(removed.statusCode).toBe(204);
    const { items } = await history(c.id);
    expect(items).toHaveLength(2);
    expect(items.map((e) => e.creator)).toEqual([
      { id: null, username: someone.user.username },
      { id: null, username: someone.user.username },
    ]);
  });

  it('two concurrent updates of one cooler are both recorded, each against the value the other left', async () => {
    const c = await createCooler(suite.app, suite.token, { partNumber: partNumber.id });
    const serials = [1, 2, 3, 4].map((n) => `${c.serialNumber}-${n}`);
    const results = await Promise.all(serials.map((serialNumber) => api('PUT', `/api/coolers/${c.id}`, { ...bodyOf(c), serialNumber })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    // Oldest first: each update's "old" is the previous one's "new" — none was read before another committed.
    const updates = (await history(c.id, '&order[createdAt]=asc')).items.filter((e) => e.diffType === 'OldNew');
    expect(updates).toHaveLength(4);
    const chain = updates.map((e) => e.oldNewMessage['serialNumber']!);
    expect(chain[0]![0]).toBe(c.serialNumber);
    for (let i = 1; i < chain.length; i++) expect(chain[i]![0]).toBe(chain[i - 1]![1]);
    expect(new Set(chain.map(([, next]) => next))).toEqual(new Set(serials));
    expect(json<Cooler>(await api('GET', `/api/coolers/${c.id}`)).serialNumber).toBe(chain[3]![1]);
  });

  it('two concurrent updates of different fields: replaying the history gives the cooler as it is', async () => {
    const c = await createCooler(suite.app, suite.token, { partNumber: partNumber.id, dateOfManufacture: '2010-01-01' });
    const newSerial = unique('SN-C');
    // Both forms were opened on the same cooler; each changes one field and sends the other as it was.
    const results = await Promise.all([
      api('PUT', `/api/coolers/${c.id}`, { ...bodyOf(c), serialNumber: newSerial }),
      api('PUT', `/api/coolers/${c.id}`, { ...bodyOf(c), dateOfManufacture: '2012-02-02' }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const updates = (await history(c.id, '&order[createdAt]=asc')).items.filter((e) => e.diffType === 'OldNew');
    expect(updates).toHaveLength(2);
    const recorded = updates.flatMap((e) => Object.entries(e.oldNewMessage));
    expect(recorded).toContainEqual(['serialNumber', [c.serialNumber, newSerial]]);
    expect(recorded).toContainEqual(['dateOfManufacture', ['2010-01-01', '2012-02-02']]);
    // The later form put the other field back; that too must be in the history, against the value it replaced.
    const state: Record<string, unknown> = {
      serialNumber: c.serialNumber,
      partNumber: c.partNumber.partNumber,
      dateOfManufacture: '2010-01-01',
    };
    for (const [field, [old, next]] of recorded) {
      expect(state[field]).toBe(old);
      state[field] = next;
    }
    const final = json<Cooler>(await api('GET', `/api/coolers/${c.id}`));
    expect(state).toEqual({
      serialNumber: final.serialNumber,
      partNumber: final.partNumber.partNumber,
      dateOfManufacture: final.dateOfManufacture,
    });
  });
});

describe('GET /api/revision_entries', () => {
  let c: Cooler;
  beforeAll(async () => {
    c = await createCooler(suite.app, suite.token, { partNumber: partNumber.id });
    for (let year = 2001; year <= 2005; year++) {
      await api('PUT', `/api/coolers/${c.id}`, { ...bodyOf(c), dateOfManufacture: `${year}-01-01` });
    }
  });

  it('answers the list shape, newest first, paged', async () => {
    const first = await history(c.id, '&perPage=4');
    expect(first).toMatchObject({ page: 1, perPage: 4, pagesCount: 2, totalCount: 6 });
    expect(first.items.map((e) => e.oldNewMessage['dateOfManufacture']?.[1])).toEqual([
      '2005-01-01',
      '2004-01-01',
      '2003-01-01',
      '2002-01-01',
    ]);
    const second = await history(c.id, '&perPage=4&page=2');
    expect(second.items.map((e) => e.diffType)).toEqual(['OldNew', 'Text']);
    const oldestFirst = await history(c.id, '&order[createdAt]=asc');
    expect(oldestFirst.items.map((e) => e.id)).toEqual([...first.items, ...second.items].map((e) => e.id).reverse());
  });

  it('is one entity’s history: another kind or ref sees none of it', async () => {
    expect((await suite.list(`/api/revision_entries?entryKind=Receipt&entryRef=${c.id}`)).totalCount).toBe(0);
    expect((await history(randomUUID())).totalCount).toBe(0);
  });

  it('validates the query: entryKind and entryRef required, unknown kinds and sort fields refused (400, never 500)', async () => {
    const fieldsOf = async (query: string) => violationsOf(await api('GET', `/api/revision_entries${query}`));
    expect(await fieldsOf('')).toEqual({ entryKind: 'Required Field', entryRef: 'Required Field' });
    expect(await fieldsOf(`?entryKind=&entryRef=${c.id}`)).toEqual({ entryKind: 'Required Field' });
    expect(await fieldsOf(`?entryKind=Delivery&entryRef=${c.id}`)).toEqual({ entryKind: 'Choose one of Receipt, Cooler.' });
    expect(Object.keys(await fieldsOf(`?entryKind=cooler&entryRef=${c.id}`))).toEqual(['entryKind']);
    expect(Object.keys(await fieldsOf(`?entryKind[]=Cooler&entryRef=${c.id}`))).toEqual(['entryKind']);
    expect(Object.keys(await fieldsOf(`?entryKind=Cooler&entryRef=${'x'.repeat(65)}`))).toEqual(['entryRef']);
    expect(Object.keys(await fieldsOf(`?entryKind=Cooler&entryRef=%00`))).toEqual(['entryRef']);
    expect(Object.keys(await fieldsOf(`?entryKind=Cooler&entryRef=${c.id}&order[username]=asc`))).toEqual(['order']);
    expect(Object.keys(await fieldsOf(`?entryKind=Cooler&entryRef=${c.id}&page=0`))).toEqual(['page']);
  });

  it('needs a signed-in user', async () => {
    expect((await suite.app.inject({ method: 'GET', url: `/api/revision_entries?entryKind=Cooler&entryRef=${c.id}` })).statusCode).toBe(
      401,
    );
  });
});

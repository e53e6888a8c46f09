/**
 * GET /api/search (docs/decisions/249): exact LB number, serial and note number first; up to 5
 * partial matches per kind; each kind only for a user who may open it; bad input a 400 on q.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Delivery } from '@cooler-hub/contract/deliveries';
import type { Receipt } from '@cooler-hub/contract/receipts';
import { PERMISSIONS } from '@cooler-hub/contract/permissions';
import { SEARCH_KINDS, SEARCH_LIMIT, searchableKinds, type SearchResponse } from '@cooler-hub/contract/search';
import { SearchService } from '../src/modules/search/search.service';
import { deliveryFixtures } from './deliveries-fixtures';
import { createClient, createCooler, createCustomerAccount, createPartNumber, createReceipt, createReceiptReferences } from './factories';
import { json, useSignedInApp, violationsOf } from './helpers';

const suite = useSignedInApp('Production');
/** A word no other row of this file's database holds, so partial matches are only ours. */
const tag = `Q${randomUUID().slice(0, 6).toUpperCase()}`;
let receipt: Receipt;
let serial: string;
let note: Delivery;

const search = async (q: string) => {
  const res = await suite.api('GET', `/api/search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<SearchResponse>(res);
};
const kindsOf = (answer: SearchResponse) => answer.groups.map((g) => g.kind);
const labelsOf = (answer: SearchResponse, kind: string) => answer.groups.find((g) => g.kind === kind)?.items.map((i) => i.label) ?? [];

beforeAll(async () => {
  const refs = await createReceiptReferences(suite.app, suite.token);
  const part = await createPartNumber(suite.app, suite.token, { partNumber: `PN-${tag}` });
  serial = `SN-${tag}-0`;
  const cooler = await createCooler(suite.app, suite.token, { serialNumber: serial, partNumber: part.id });
  for (let i = 1; i <= 7; i++) await createCooler(suite.app, suite.token, { serialNumber: `SN-${tag}-${i}`, partNumber: part.id });
  receipt = await createReceipt(suite.app, suite.token, { ...refs, cooler });
  const client = await createClient(suite.app, suite.token, `Client ${tag}`);
  await createCustomerAccount(suite.app, suite.token, client.id, { name: `Account ${tag}` });
  note = await (await deliveryFixtures(suite.app, suite.token)).note();
});

describe('exact matches first', () => {
  it('an LB number opens its receipt, in any case and with spaces around it', async () => {
    for (const q of [receipt.lbNumber, ` ${receipt.lbNumber.toLowerCase()} `]) {
      const answer = await search(q);
      expect(answer.exact).toEqual([{ kind: 'receipt', id: receipt.id, label: receipt.lbNumber, detail: serial }]);
      // Answered alone: no partial lookups once the text names a record exactly.
      expect(answer.groups).toEqual([]);
    }
  });

  it('a serial opens its cooler, ignoring case, without the longer serials that contain it', async () => {
    const whole = `SW-${randomUUID().slice(0, 8).toUpperCase()}`;
    const part = receipt.inventoryItem.partNumber;
    await createCooler(suite.app, suite.token, { serialNumber: whole, partNumber: part.id });
    await createCooler(suite.app, suite.token, { serialNumber: `${whole}9`, partNumber: part.id });
    const answer = await search(whole.toLowerCase());
    expect(answer.exact).toMatchObject([{ kind: 'cooler', label: whole, detail: part.partNumber }]);
    expect(answer.groups).toEqual([]);
    // A part of both lists both.
    expect(labelsOf(await search(whole.slice(1)), 'cooler')).toEqual([whole, `${whole}9`]);
  });

  it("a delivery note number, '54' or 'DN 54', opens its note", async () => {
    for (const q of [String(note.id), `DN ${note.id}`, `dn${note.id}`]) {
      const answer = await search(q);
      expect(answer.exact, q).toContainEqual(
        expect.objectContaining({ kind: 'deliveryNote', id: note.id, type: 'transfer', label: `DN ${note.id}` }),
      );
    }
  });

  it("bare digits may be part of a serial: they list the partial matches beside the note; 'DN …' names the note alone", async () => {
    // '0007' names note 7 and is long enough (3+ characters) to be searched inside serials.
    const digits = String(note.id).padStart(4, '0');
    const withDigits = `SD-${digits}-${randomUUID().slice(0, 6)}`;
    await createCooler(suite.app, suite.token, { serialNumber: withDigits, partNumber: receipt.inventoryItem.partNumber.id });
    const bare = await search(digits);
    expect(bare.exact.map((h) => h.id)).toEqual([note.id]);
    expect(labelsOf(bare, 'cooler')).toContain(withDigits);
    expect((await search(`DN ${digits}`)).groups).toEqual([]);

    // A serial of digits alone, typed whole: its cooler alone, though digits also read the partial matches.
    const digitSerial = String(Date.now()).slice(-9) + String(Math.floor(Math.random() * 1000)).padStart(3, '0');
    const cooler = await createCooler(suite.app, suite.token, {
      serialNumber: digitSerial,
      partNumber: receipt.inventoryItem.partNumber.id,
    });
    await createCooler(suite.app, suite.token, { serialNumber: `${digitSerial}1`, partNumber: receipt.inventoryItem.partNumber.id });
    const whole = await search(digitSerial);
    expect(whole.exact.map((h) => [h.kind, h.id])).toEqual([['cooler', cooler.id]]);
    expect(whole.groups).toEqual([]);
  });

  it('digits list the notes whose number starts with them and is longer, in number order', async () => {
    // Notes are numbered 1, 2, …: enough of them for a two-digit number, whose first digit is the prefix.
    const fixtures = await deliveryFixtures(suite.app, suite.token);
    let last = note;
    while (last.id < 12) last = await fixtures.note();
    const prefix = Math.floor(last.id / 10);
    const answer = await search(String(prefix));
    expect(answer.exact.map((h) => h.id)).toEqual([prefix]);
    const expected = Array.from({ length: Math.min(SEARCH_LIMIT, last.id - prefix * 10 + 1) }, (_, i) => `DN ${prefix * 10 + i}`);
    expect(labelsOf(answer, 'deliveryNote')).toEqual(expected);
  });

  it('a scan-shaped query (an LB tag as a scanner types it, upper case, no spaces) is an exact match', async () => {
    const answer = await search(receipt.lbNumber.toUpperCase());
    expect(answer.exact.map((h) => h.id)).toEqual([receipt.id]);
  });
});

describe('partial matches', () => {
  it(`at most ${SEARCH_LIMIT} of a kind, grouped by kind in a fixed order`, async () => {
    const answer = await search(tag);
    expect(answer.exact).toEqual([]);
    expect(labelsOf(answer, 'cooler')).toEqual([0, 1, 2, 3, 4].map((i) => `SN-${tag}-${i}`));
    expect(labelsOf(answer, 'customerAccount')).toEqual([`Account ${tag}`]);
    expect(labelsOf(answer, 'client')).toEqual([`Client ${tag}`]);
    expect(labelsOf(answer, 'partNumber')).toEqual([`PN-${tag}`]);
    expect(kindsOf(answer)).toEqual(['cooler', 'customerAccount', 'client', 'partNumber']);
  });

  it('receipts by part of the LB number', async () => {
    const answer = await search(receipt.lbNumber.slice(2, 9));
    expect(labelsOf(answer, 'receipt')).toContain(receipt.lbNumber);
  });

  it('receipts by the start of an LB number, any case, in LB order (the unique index from that start on)', async () => {
    const start = receipt.lbNumber.slice(0, -1);
    const labels = labelsOf(await search(start.toLowerCase()), 'receipt');
    expect(labels).toContain(receipt.lbNumber);
    expect(labels.every((l) => l.startsWith(start))).toBe(true);
    expect(labels).toEqual([...labels].sort());
  });

  it('fewer than 3 characters find exact matches only', async () => {
    const answer = await search(tag.slice(0, 2));
    expect(answer.groups.filter((g) => g.kind !== 'deliveryNote')).toEqual([]);
  });

  it('LIKE wildcards typed by a person are taken literally', async () => {
    expect((await search('%%%')).groups).toEqual([]);
    expect((await search('___')).groups).toEqual([]);
  });
});

describe('permissions', () => {
  it('every kind needs the ability that opens it; a user with none of them finds nothing', async () => {
    expect(searchableKinds(['ROLE_ADMIN_USER'])).toEqual([...SEARCH_KINDS]);
    expect(searchableKinds(['ROLE_MASTER_ACCOUNT', 'ROLE_REMOVE_INVENTORY'])).toEqual([]);
    const service = new SearchService(suite.t.database.db);
    const withNone = await service.search(
      receipt.lbNumber,
      PERMISSIONS.filter((p) => p !== 'ROLE_ADMIN_USER'),
    );
    expect(withNone).toEqual({ q: receipt.lbNumber, exact: [], groups: [] });
    expect(await service.search(tag, [])).toEqual({ q: tag, exact: [], groups: [] });
    expect((await service.search(receipt.lbNumber, ['ROLE_ADMIN_USER'])).exact).toHaveLength(1);
  });

  it('needs a signed-in user', async () => {
    const res = await suite.app.inject({ method: 'GET', url: `/api/search?q=${tag}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('bad input is a 400 on q, never a 500', () => {
  it.each([
    ['missing', '/api/search', 'Required Field'],
    ['empty', '/api/search?q=', 'Required Field'],
    ['blank', '/api/search?q=%20%20', 'Required Field'],
    ['too long', `/api/search?q=${'a'.repeat(101)}`, 'This value is too long. It should have 100 characters or less.'],
    ['a NUL character', '/api/search?q=LB1%00', 'This value is not valid.'],
  ])('%s', async (_name, url, message) => {
    expect(violationsOf(await suite.api('GET', url))).toEqual({ q: message });
  });

  it('q given twice (an array) is refused on q', async () => {
    expect(Object.keys(violationsOf(await suite.api('GET', '/api/search?q=a&q=b')))).toEqual(['q']);
  });

  it('a number too large for a note id, or odd characters, find nothing and fail nothing', async () => {
    for (const q of ['99999999999', 'DN 4294967296', '214748364', '2147483647', "'; drop table receipts; --", '\\', 'ÄÖÜ 漢字']) {
      const answer = await search(q);
      expect(answer.exact).toEqual([]);
    }
  });
});

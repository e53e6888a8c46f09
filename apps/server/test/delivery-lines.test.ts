/** /api/delivery_lines: by note, by LB number, deleting a line; /api/customer_accounts_drop_down. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { NamedRef } from '@cooler-hub/contract/common';
import { APPROVED_READ_ONLY, type Delivery } from '@cooler-hub/contract/deliveries';
import { LAST_LINE, type DeliveryLine } from '@cooler-hub/contract/delivery-lines';
import type { Receipt } from '@cooler-hub/contract/receipts';
import { deliveryFixtures, type DeliveryFixtures } from './deliveries-fixtures';
import { hydraDescription, json, useSignedInApp } from './helpers';

const suite = useSignedInApp('Production');
const api = suite.api;
let f: DeliveryFixtures;
beforeAll(async () => {
  f = await deliveryFixtures(suite.app, suite.token);
});
const lines = (query: string) => suite.list<DeliveryLine>(`/api/delivery_lines?${query}`);

describe('GET /api/delivery_lines', () => {
  it("lists a note's lines in the order added, each with its cooler", async () => {
    const receipts = await f.receipts(3);
    const order = [receipts[2]!, receipts[0]!, receipts[1]!];
    const note = await f.note({ type: 'error_sheet', lbNumbers: order.map((r) => r.lbNumber) });
    const page = await lines(`deliveryId=${note.id}`);
    expect(page.totalCount).toBe(3);
    expect(page.items.map((l) => l.lbNumber)).toEqual(order.map((r) => r.lbNumber));
    const first: Receipt = order[0]!;
    expect(page.items[0]).toEqual({
      id: expect.any(Number),
      deliveryId: note.id,
      deliveryType: 'error_sheet',
      lbNumber: first.lbNumber,
      receiptId: first.id,
      inventoryItem: {
        id: first.inventoryItem.id,
        serialNumber: first.inventoryItem.serialNumber,
        dateOfManufacture: first.inventoryItem.dateOfManufacture,
        partNumber: first.inventoryItem.partNumber,
      },
    });
    const paged = await lines(`deliveryId=${note.id}&perPage=2&page=2`);
    expect(paged.items.map((l) => l.lbNumber)).toEqual([order[2]!.lbNumber]);
  });

  it('by LB number: every note that holds it (an error sheet and a transfer)', async () => {
    const [lb] = await f.lbs(1);
    const sheet = await f.note({ type: 'error_sheet', lbNumbers: [lb!] });
    const transfer = await f.note({ type: 'transfer', lbNumbers: [lb!.toLowerCase()] });
    const page = await lines(`lbNumber=${lb!.toLowerCase()}`);
    expect(page.items.map((l) => [l.deliveryId, l.deliveryType])).toEqual([
      [sheet.id, 'error_sheet'],
      [transfer.id, 'transfer'],
    ]);
    expect((await lines('lbNumber=LB424242424242')).totalCount).toBe(0);
    expect((await api('GET', '/api/delivery_lines?deliveryId=abc')).statusCode).toBe(400);
  });
});

describe('DELETE /api/delivery_lines/{id}', () => {
  it('removes a line of a pending note, never its last; the count follows', async () => {
    const note = await f.note({ type: 'error_sheet', lbNumbers: await f.lbs(2) });
    const [a, b] = (await lines(`deliveryId=${note.id}`)).items;
    expect((await api('DELETE', `/api/delivery_lines/${a!.id}`)).statusCode).toBe(204);
    const after = json<Delivery>(await api('GET', `/api/deliveries/${note.id}`));
    expect(after).toMatchObject({ itemsCount: 1, lbNumbers: [b!.lbNumber] });
    expect(hydraDescription(await api('DELETE', `/api/delivery_lines/${b!.id}`))).toBe(LAST_LINE);
    expect((await api('DELETE', `/api/delivery_lines/${a!.id}`)).statusCode).toBe(404);
  });

  it('an approved note keeps its lines', async () => {
    const note = await f.note({ type: 'scrap', lbNumbers: await f.lbs(2) });
    await api('POST', `/api/deliveries/${note.id}/approve`);
    const [a] = (await lines(`deliveryId=${note.id}`)).items;
    expect(hydraDescription(await api('DELETE', `/api/delivery_lines/${a!.id}`))).toBe(APPROVED_READ_ONLY);
    expect((await lines(`deliveryId=${note.id}`)).totalCount).toBe(2);
  });
});

describe('GET /api/customer_accounts_drop_down', () => {
  it('page 1 of id and name', async () => {
    const page = await suite.list<NamedRef>(`/api/customer_accounts_drop_down?name=${encodeURIComponent(f.refs.account.name)}`);
    expect(page.items).toEqual([{ id: f.refs.account.id, name: f.refs.account.name }]);
  });
});

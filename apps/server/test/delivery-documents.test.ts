/**
 * GET /api/deliveries/{id}/download/{csv|pdf} and the approved note's e-mail: the PDF's text read
 * back with pdfjs-dist, the CSV with csv-parse.
 */
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Delivery } from '@cooler-hub/contract/deliveries';
import type { DeliveryAddress } from '@cooler-hub/contract/delivery-addresses';
import { formatDay } from '@cooler-hub/contract/london-time';
import type { Receipt } from '@cooler-hub/contract/receipts';
import { readPdfText } from '@cooler-hub/process-kit/pdf';
import { DeliveriesService } from '../src/modules/deliveries/deliveries.service';
import { buildDeliveryMail } from '../src/modules/deliveries/delivery-mail';
import { createClient, createCooler, createCustomerAccount, createReceipt } from './factories';
import { deliveryFixtures, type DeliveryFixtures } from './deliveries-fixtures';
import { json, useSignedInApp } from './helpers';

const suite = useSignedInApp('Production');
const api = suite.api;
let f: DeliveryFixtures;
let note: Delivery;
let receipts: Receipt[];

beforeAll(async () => {
  f = await deliveryFixtures(suite.app, suite.token);
  const client = await createClient(suite.app, suite.token, 'Клиент Łódź');
  const account = await createCustomerAccount(suite.app, suite.token, client.id, { name: 'Łukasz Żółć — Холодильники' });
  const cooler = await createCooler(suite.app, suite.token, { serialNumber: 'SN20190614ŁX' });
  receipts = [];
  for (let i = 0; i < 3; i++) receipts.push(await createReceipt(suite.app, suite.token, { ...f.refs, account, cooler }));
  const address = async (searchText: string, addressTarget: string) =>
    json<DeliveryAddress>(await api('POST', '/api/delivery_addresses', { address: { searchText }, addressTarget }));
  const dispatch = await address('Unit 7, Trafford Park Road, Manchester M17 1HG', 'dispatch');
  const invoice = await address('ул. Ленина 1, Ștefan cel Mare Str., Łódź', 'invoice');
  note = await f.note({
    type: 'transfer',
    customerAccount: account.id,
    businessName: 'Gdańsk Refrigeration Sp. z o.o.',
    dispatchAddress: dispatch.id,
    invoiceAddress: invoice.id,
    lbNumbers: receipts.map((r) => r.lbNumber),
  });
});

describe('downloads', () => {
  it('CSV: content-disposition names the file; one row per LB with serial, part number and DOM', async () => {
    const res = await api('GET', `/api/deliveries/${note.id}/download/csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="transfer-note-${note.id}.csv"`);
    const rows = parse(res.body);
    expect(rows[0]).toEqual(['Delivery Note No', 'Type', 'Date', 'Customer', 'LB Number', 'Serial Number', 'Part Number', 'DOM']);
    expect(rows.slice(1)).toEqual(
      receipts.map((r) => [
        String(note.id),
        'Transfer',
        formatDay(note.deliveryDay),
        'Łukasz Żółć — Холодильники',
        r.lbNumber,
        'SN20190614ŁX',
        r.inventoryItem.partNumber.partNumber,
        formatDay(r.inventoryItem.dateOfManufacture),
      ]),
    );
  });

  it('PDF: both addresses, the customer, the business name and every LB print, Ł and Cyrillic included', async () => {
    const res = await api('GET', `/api/deliveries/${note.id}/download/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="transfer-note-${note.id}.pdf"`);
    const [page, ...rest] = await readPdfText(res.rawPayload);
    expect(rest).toEqual([]);
    for (const text of [
      `Transfer delivery note ${note.id}`,
      'Łukasz Żółć — Холодильники',
      'Gdańsk Refrigeration Sp. z o.o.',
      'Unit 7, Trafford Park Road, Manchester M17 1HG',
      'ул. Ленина 1, Ștefan cel Mare Str., Łódź',
      'LB Number',
      'Serial Number',
      'Part Number',
      'DOM',
      'Page 1 of 1',
      ...receipts.map((r) => r.lbNumber),
    ]) {
      expect(page).toContain(text);
    }
  });

  it('a long note runs over pages: the header on each, every LB once, "Page n of m"', async () => {
    const many = await f.lbs(120);
    const big = await f.note({ type: 'scrap', lbNumbers: many });
    const res = await api('GET', `/api/deliveries/${big.id}/download/pdf`);
    const pages = await readPdfText(res.rawPayload);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((text, i) => {
      expect(text).toContain('LB Number');
      expect(text).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    const all = pages.join(' ');
    for (const lb of many) expect(all.split(lb).length - 1).toBe(1);
  }, 60_000);

  it('404 for a note that does not exist, 400 for an unknown format', async () => {
    expect((await api('GET', '/api/deliveries/99999999/download/pdf')).statusCode).toBe(404);
    expect((await api('GET', `/api/deliveries/${note.id}/download/xlsx`)).statusCode).toBe(400);
  });
});

describe('buildDeliveryMail', () => {
  it('addresses the recipients, attaches the PDF and the CSV, and carries the tracking image', async () => {
    const mail = await buildDeliveryMail(new DeliveriesService(suite.t.database.db), note.id, 'https://hub.example/api/mail/t/abc"def.gif');
    expect(mail.to).toEqual(note.emails.map((e) => e.email));
    expect(mail.subject).toBe(`Transfer delivery note ${note.id} — ${formatDay(note.deliveryDay)}`);
    expect(mail.html).toContain('<img src="https://hub.example/api/mail/t/abc&quot;def.gif" width="1" height="1"');
    expect(mail.text).toContain('3 items');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`transfer-note-${note.id}.pdf`, 'application/pdf'],
      [`transfer-note-${note.id}.csv`, 'text/csv; charset=utf-8'],
    ]);
    const [pdf, csv] = mail.attachments;
    expect((await readPdfText(pdf!.content))[0]).toContain('ул. Ленина 1, Ștefan cel Mare Str., Łódź');
    expect((await buildDeliveryMail(new DeliveriesService(suite.t.database.db), note.id, undefined)).html).not.toContain('<img');
    expect(
      parse(csv!.content.toString('utf8'))
        .slice(1)
        .map((r) => r[4]),
    ).toEqual(receipts.map((r) => r.lbNumber));
  });
});

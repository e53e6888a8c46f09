/**
 * No live formula in any CSV we serve or mail (docs/decisions/204): every user-typed value that
 * reaches a file — client and customer account names, part numbers, serial numbers, asset numbers —
 * is stored with each dangerous first character, then the end-of-day CSV, the delivery note's CSV
 * and the CSV attached to its e-mail are read back: each such cell carries a leading apostrophe,
 * no cell starts with a formula character, and numbers stay numbers.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Delivery } from '@cooler-hub/contract/deliveries';
import type { Receipt } from '@cooler-hub/contract/receipts';
import { startSmtpSink, type SmtpSink } from '@cooler-hub/process-kit/smtp';
import { csvRows, neutralise } from '../src/lib/csv';
import {
  call,
  createClient,
  createCooler,
  createCustomerAccount,
  createPartNumber,
  createReceipt,
  createReceiptReferences,
} from './factories';
import { deliveryFixtures } from './deliveries-fixtures';
import { adminToken, buildTestApp, json, waitFor, type TestApp } from './helpers';
import { TEST_JOB_TIMINGS } from './jobs';

const PREFIXES = ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠'];
/** What a spreadsheet would run: a cell starting with one of these. */
const LIVE = /^[=+\-@\t\r＝＋－＠]/;

describe('neutralise', () => {
  it.each(PREFIXES)('puts an apostrophe before text starting with %j', (p) => {
    expect(neutralise(`${p}1+1`)).toBe(`'${p}1+1`);
    expect(parse(csvRows([[`${p}SUM(A1)`]]))).toEqual([[`'${p}SUM(A1)`]]);
  });

  it('leaves other text, numbers (negative ones too) and empty cells alone', () => {
    expect(neutralise('LB123=4')).toBe('LB123=4');
    expect(neutralise("'=x")).toBe("'=x");
    expect(csvRows([[-12.5, 0, null, undefined, 'a,b', 'say "hi"']])).toBe('-12.5,0,,,"a,b","say ""hi"""\r\n');
    expect(csvRows([['-12.5']])).toBe("'-12.5\r\n");
  });

  it('quotes a cell holding a line break (LF, CR or both), so it stays one cell of one row', () => {
    expect(csvRows([['a\nb', 'c\rd', 'e\r\nf', 'g']])).toBe('"a\nb","c\rd","e\r\nf",g\r\n');
    expect(
      parse(
        csvRows([
          ['a\nb', 'x'],
          ['y', 'z'],
        ]),
      ),
    ).toEqual([
      ['a\nb', 'x'],
      ['y', 'z'],
    ]);
  });
});

let smtp: SmtpSink;
let t: TestApp;
let token: string;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: smtp.url }, { jobTimings: TEST_JOB_TIMINGS });
  token = await adminToken(t.app);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('files read back', () => {
  const DAY = '2025-03-04';
  interface Injected {
    prefix: string;
    receipt: Receipt;
    note: Delivery;
    recipient: string;
    /** The user-typed values as stored, which the files must carry neutralised. */
    typed: string[];
  }
  const injected: Injected[] = [];

  beforeAll(async () => {
    const f = await deliveryFixtures(t.app, token);
    for (const [i, p] of PREFIXES.entries()) {
      const client = await createClient(t.app, token, `${p}HYPERLINK("http://x","client ${i}")`);
      const account = await createCustomerAccount(t.app, token, client.id, { name: `${p}HYPERLINK("http://x","acct ${i}")` });
      const partNumber = await createPartNumber(t.app, token, { partNumber: `${p}1+1 PN${i}` });
      const cooler = await createCooler(t.app, token, { partNumber: partNumber.id, serialNumber: `${p}SUM(1) SN${i}` });
      const refs = await createReceiptReferences(t.app, token, { ...f.refs, account, cooler });
      const receipt = await createReceipt(t.app, token, refs, {
        receiptDate: `${DAY}T10:0${i}:00Z`,
        assetNo: `${p}cmd|' /C calc'!A0 ${i}`,
      });
      const recipient = `csv${i}@example.com`;
      const note = await f.note({ customerAccount: account.id, lbNumbers: [receipt.lbNumber], emails: [(await f.email(recipient)).id] });
      const typed = [client.name, account.name, partNumber.partNumber, cooler.serialNumber, receipt.assetNo!];
      // Tab and CR first are trimmed off on the way in (every text field is trimmed); the others are kept.
      for (const value of typed) expect(value.startsWith(p)).toBe(p.trim() !== '');
      injected.push({
        prefix: p,
        receipt,
        note,
        recipient,
        typed,
      });
    }
  }, 120_000);

  /** Every cell is dead text, and each typed value is there, neutralised. */
  function expectNeutralised(csv: string, typed: string[]) {
    const rows: string[][] = parse(csv.replace(/^\uFEFF/, ''), { relax_column_count: true });
    const cells = rows.flat();
    expect(cells.filter((c) => LIVE.test(c))).toEqual([]);
    for (const value of typed) expect(cells).toContain(neutralise(value));
  }

  it('the end-of-day CSV', async () => {
    const res = await call(t.app, token, 'GET', `/api/end_of_day_sheet_csv?receiptDate=${DAY}`);
    expect(res.statusCode).toBe(200);
    // The end-of-day sheet shows the account, client, part number, serial and asset number.
    expectNeutralised(
      res.body,
      injected.flatMap((x) => x.typed),
    );
  });

  it('each delivery note CSV, downloaded and mailed', async () => {
    for (const x of injected) {
      const typed = x.typed.filter((v) => v !== x.receipt.assetNo && !v.includes('client'));
      const res = await call(t.app, token, 'GET', `/api/deliveries/${x.note.id}/download/csv`);
      expect(res.statusCode).toBe(200);
      expectNeutralised(res.body, typed);
      expect((await call(t.app, token, 'POST', `/api/deliveries/${x.note.id}/approve`)).statusCode).toBe(200);
    }
    for (const x of injected) {
      const mail = await waitFor(() => smtp.messages.find((m) => m.to?.some((a) => a.address === x.recipient)), 30_000);
      const attachment = mail.attachments.find((a) => a.mimeType.startsWith('text/csv'));
      expect(attachment, `the CSV attached to ${x.recipient}`).toBeDefined();
      expectNeutralised(
        Buffer.from(attachment!.content as ArrayBuffer).toString('utf8'),
        x.typed.filter((v) => v !== x.receipt.assetNo && !v.includes('client')),
      );
    }
  }, 120_000);

  it('the stored values themselves are kept as typed (the rule is on the file, not the data)', async () => {
    const x = injected[0]!;
    const stored = json<Receipt>(await call(t.app, token, 'GET', `/api/receipts/${x.receipt.id}`));
    expect(stored.assetNo).toBe(x.receipt.assetNo);
    expect(stored.assetNo!.startsWith('=')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { REQUIRED_MESSAGE } from '../src/common';
import {
  DUPLICATE_LB_NUMBER,
  EMAIL_MISSED,
  DELIVERY_UPDATE_BODIES,
  deliveryCreateBody,
  deliveryFileName,
  scrapUpdateBody,
  transferUpdateBody,
} from '../src/deliveries';
import { deliveryEmailCreateBody, isEmailLike } from '../src/delivery-emails';
import { deliveryLineListQuery } from '../src/delivery-lines';
import { deliveryTitle } from '../src/delivery-types';
import { lbCheckBody, lineWarnings, type LbCheckReceipt } from '../src/lb-numbers';
import { DELIVERY_TYPE_TABLE, DELIVERY_TYPES } from '../src/delivery-types';
import { WRONG_LB_NUMBER } from '../src/rules';

const issues = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('delivery bodies (docs/product.md §5.4)', () => {
  it('requires type, date and a non-empty list of LB numbers, each LB + digits, none twice', () => {
    expect(issues(deliveryCreateBody.safeParse({}))).toMatchObject({
      type: REQUIRED_MESSAGE,
      deliveryDay: REQUIRED_MESSAGE,
      lbNumbers: REQUIRED_MESSAGE,
    });
    expect(issues(deliveryCreateBody.safeParse({ type: 'error_sheet', deliveryDay: '2026-01-02', lbNumbers: [] }))).toEqual({
      lbNumbers: REQUIRED_MESSAGE,
    });
    const r = deliveryCreateBody.safeParse({ type: 'error_sheet', deliveryDay: '2026-01-02', lbNumbers: ['lb1', 'X', 'LB1'] });
    expect(issues(r)).toEqual({ 'lbNumbers.1': WRONG_LB_NUMBER, 'lbNumbers.2': DUPLICATE_LB_NUMBER });
  });

  it('transfer: account and recipients required; scrap: account on create only; error sheet: neither', () => {
    const base = { deliveryDay: '2026-01-02', lbNumbers: ['LB1'] };
    expect(issues(deliveryCreateBody.safeParse({ ...base, type: 'transfer' }))).toEqual({
      customerAccount: REQUIRED_MESSAGE,
      emails: EMAIL_MISSED,
    });
    expect(issues(deliveryCreateBody.safeParse({ ...base, type: 'scrap' }))).toEqual({ customerAccount: REQUIRED_MESSAGE });
    expect(deliveryCreateBody.safeParse({ ...base, type: 'error_sheet' }).success).toBe(true);
    expect(issues(transferUpdateBody.safeParse({ ...base, emails: [] }))).toEqual({
      customerAccount: REQUIRED_MESSAGE,
      emails: EMAIL_MISSED,
    });
    expect(scrapUpdateBody.safeParse({ ...base, customerAccount: null }).success).toBe(true);
  });

  it('requires of each type, on create and on edit, what the delivery-type table says', () => {
    const base = { deliveryDay: '2026-01-02', lbNumbers: ['LB1'] };
    for (const type of DELIVERY_TYPES) {
      expect(Object.keys(issues(deliveryCreateBody.safeParse({ ...base, type })))).toEqual([...DELIVERY_TYPE_TABLE[type].required.create]);
      expect(Object.keys(issues(DELIVERY_UPDATE_BODIES[type].safeParse(base)))).toEqual([...DELIVERY_TYPE_TABLE[type].required.edit]);
    }
  });

  it('clears the fields of other types and keeps each recipient once', () => {
    const parsed = deliveryCreateBody.parse({
      type: 'scrap',
      deliveryDay: '2026-01-02',
      lbNumbers: ['LB1'],
      customerAccount: '4',
      businessName: 'Ltd',
      dispatchAddress: 3,
      emails: [2, 2, '5'],
    });
    expect(parsed).toMatchObject({
      customerAccount: 4,
      businessName: null,
      dispatchAddress: null,
      invoiceAddress: null,
      emails: [2, 5],
      CCCode: null,
    });
  });

  it('e-mails: text@text.text, stored lower-cased', () => {
    expect(isEmailLike('a@b.co')).toBe(true);
    expect(isEmailLike('a@b')).toBe(false);
    expect(isEmailLike('a b@c.de')).toBe(false);
    expect(deliveryEmailCreateBody.parse({ email: ' Depot@Example.COM ' }).email).toBe('depot@example.com');
  });

  it('names files and titles by type', () => {
    expect(deliveryFileName({ id: 7, type: 'error_sheet' }, 'csv')).toBe('error-sheet-7.csv');
    expect(deliveryFileName({ id: 7, type: 'scrap' }, 'pdf')).toBe('scrap-note-7.pdf');
    expect(deliveryTitle({ id: 7, type: 'transfer' })).toBe('Transfer delivery note 7');
  });
});

describe('lineWarnings: what a person checks a line by, never a rule', () => {
  const receipt = (over: Partial<LbCheckReceipt> = {}): LbCheckReceipt => ({
    id: 'r1',
    coolerId: 'c1',
    serialNumber: 'SN1',
    partNumber: 'PN1',
    customerAccount: { id: 7, name: 'Northern Drinks' },
    processOption: 'X',
    ...over,
  });

  it("warns of another customer's receipt on a transfer or scrap note, not on an error sheet or a note without a customer", () => {
    expect(lineWarnings('transfer', 7, receipt())).toEqual([]);
    expect(lineWarnings('transfer', 8, receipt())).toEqual(['Received for another customer: Northern Drinks.']);
    expect(lineWarnings('scrap', 8, receipt({ processOption: 'S' }))).toEqual(['Received for another customer: Northern Drinks.']);
    expect(lineWarnings('scrap', null, receipt({ processOption: 'S' }))).toEqual([]);
    expect(lineWarnings('error_sheet', 8, receipt())).toEqual([]);
  });

  it('warns of an X or D receipt on a scrap note and of an S receipt on a transfer', () => {
    expect(lineWarnings('scrap', 7, receipt({ processOption: 'X' }))).toEqual(['Process option X does not fit a scrap note.']);
    expect(lineWarnings('scrap', 7, receipt({ processOption: 'D' }))).toEqual(['Process option D does not fit a scrap note.']);
    expect(lineWarnings('transfer', 7, receipt({ processOption: 'S' }))).toEqual(['Process option S does not fit a transfer note.']);
    expect(lineWarnings('transfer', 7, receipt({ processOption: 'D' }))).toEqual([]);
    expect(lineWarnings('error_sheet', null, receipt({ processOption: 'S' }))).toEqual([]);
  });
});

describe('LB numbers in delivery calls are read as everywhere else (normalizeLbNumber)', () => {
  it('trims and upper-cases the check list and the lines filter', () => {
    expect(lbCheckBody.parse({ lbNumbers: [' lb12 ', 'LB7'] }).lbNumbers).toEqual(['LB12', 'LB7']);
    expect(deliveryLineListQuery.parse({ lbNumber: ' lb0042' }).lbNumber).toBe('LB0042');
  });
});

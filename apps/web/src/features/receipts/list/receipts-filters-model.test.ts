import { describe, expect, it } from 'vitest';
import { EMPTY_RECEIPT_FILTER_FORM, filterFormFromQuery, queryFromFilterForm } from './receipts-filters-model';

const PART = '0b6f3a52-6c1e-4c1b-9d51-2f7f6f3b8a10';

describe('Master Data filters: query string ↔ panel', () => {
  it('reads every filter of the query string into the panel', () => {
    expect(
      filterFormFromQuery({
        customerId: '12',
        partNumber: PART,
        lbNumber: 'LB12',
        engineerNo: 'ENG 7',
        serialNumber: 'SN-1',
        'receiptDate[after]': '2025-01-01',
        'receiptDate[before]': '2025-01-31',
        processOption: 'D',
        processState: 'D5',
        isExported: 'false',
        inDeliveryNote: 'true',
        scrapReason: '42',
        'noteApprovedDate[after]': '2025-02-01',
        'noteApprovedDate[before]': '2025-02-28',
      }),
    ).toEqual({
      customerId: 12,
      partNumber: PART,
      lbNumber: 'LB12',
      engineerNo: 'ENG 7',
      serialNumber: 'SN-1',
      receiptDateAfter: '2025-01-01',
      receiptDateBefore: '2025-01-31',
      processOption: 'D',
      processState: 'D5',
      isExported: 'false',
      inDeliveryNote: 'true',
      scrapReason: 42,
      noteApprovedDateAfter: '2025-02-01',
      noteApprovedDateBefore: '2025-02-28',
    });
  });

  it('leaves out what the panel cannot show (a hand-edited URL)', () => {
    expect(
      filterFormFromQuery({
        customerId: 'abc',
        partNumber: 'not-a-uuid',
        'receiptDate[after]': '01/02/2025',
        processOption: 'Q',
        processState: 'D9',
        isExported: 'yes',
        scrapReason: 'x1',
        'noteApprovedDate[before]': '2025-2-1',
      }),
    ).toEqual(EMPTY_RECEIPT_FILTER_FORM);
  });

  it('writes only the filled fields, texts trimmed', () => {
    expect(queryFromFilterForm(EMPTY_RECEIPT_FILTER_FORM)).toEqual({});
    expect(
      queryFromFilterForm({ ...EMPTY_RECEIPT_FILTER_FORM, customerId: 3, lbNumber: '  LB9 ', engineerNo: '   ', isExported: 'false' }),
    ).toEqual({ customerId: '3', lbNumber: 'LB9', isExported: 'false' });
  });

  it('puts a backwards date range the right way round', () => {
    expect(queryFromFilterForm({ ...EMPTY_RECEIPT_FILTER_FORM, receiptDateAfter: '2025-03-10', receiptDateBefore: '2025-03-01' })).toEqual({
      'receiptDate[after]': '2025-03-01',
      'receiptDate[before]': '2025-03-10',
    });
    expect(queryFromFilterForm({ ...EMPTY_RECEIPT_FILTER_FORM, receiptDateBefore: '2025-03-01' })).toEqual({
      'receiptDate[before]': '2025-03-01',
    });
  });

  it("keeps the dashboard's filters (scrap reason, note approved days) on apply, the range the right way round", () => {
    expect(
      queryFromFilterForm({
        ...EMPTY_RECEIPT_FILTER_FORM,
        scrapReason: 0,
        noteApprovedDateAfter: '2025-03-10',
        noteApprovedDateBefore: '2025-03-01',
      }),
    ).toEqual({ scrapReason: '0', 'noteApprovedDate[after]': '2025-03-01', 'noteApprovedDate[before]': '2025-03-10' });
  });

  it('a round trip keeps every value', () => {
    const form = {
      ...EMPTY_RECEIPT_FILTER_FORM,
      customerId: 7,
      partNumber: PART,
      serialNumber: 'ABC',
      receiptDateAfter: '2025-01-01',
      processOption: 'S',
      inDeliveryNote: 'false' as const,
      scrapReason: 7,
      noteApprovedDateBefore: '2025-05-31',
    };
    expect(filterFormFromQuery(queryFromFilterForm(form))).toEqual(form);
  });
});

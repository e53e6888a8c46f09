import { describe, expect, it } from 'vitest';
import {
  receiptCreateForm,
  receiptDayToInstant,
  receiptUpdateForm,
  type ReceiptCreateFormInput,
  type ReceiptUpdateFormInput,
} from './receipt-form-schema';

const ID = '0b6f3c1e-6a53-4c7e-9d0f-2f1c7f0a9e11';
const COOLER = '5a8a4a8e-2d8b-4c55-8f8e-7a1f8c2b9d01';

const create = (over: Partial<ReceiptCreateFormInput> = {}): ReceiptCreateFormInput => ({
  id: ID,
  inventoryItem: COOLER,
  assetNo: '',
  customerAccount: 3,
  mode: 'engineer',
  collectionPoint: null,
  engineerNo: 'ENG-1',
  lbNumber: 'LB123',
  receiptDate: '2026-03-10',
  supplier: 2,
  processOption: 'X',
  processState: null,
  scrapReason: null,
  notes: '',
  tagFaultComment: '',
  ...over,
});

function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);
}

describe('receiptCreateForm', () => {
  it('sends the contract body: the day as an instant inside it, the mode left out, the other mode emptied', () => {
    const result = receiptCreateForm.safeParse(create({ collectionPoint: 7 }));
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ engineerNo: 'ENG-1', collectionPoint: null, receiptDate: '2026-03-10T12:00:00.000Z' });
    expect(result.data).not.toHaveProperty('mode');
  });

  it("puts 'Required Field' on the chosen mode's empty field instead of a form-level message", () => {
    expect(issues(receiptCreateForm.safeParse(create({ engineerNo: '' })))).toEqual([['engineerNo', 'Required Field']]);
    expect(issues(receiptCreateForm.safeParse(create({ mode: 'collectionPoint', collectionPoint: null })))).toEqual([
      ['collectionPoint', 'Required Field'],
    ]);
    expect(issues(receiptCreateForm.safeParse(create({ mode: null, engineerNo: '' })))).toEqual([
      ['mode', 'Choose a collection point or enter an engineer number.'],
    ]);
  });

  it('reports every broken rule at once, on its field', () => {
    const result = receiptCreateForm.safeParse(create({ lbNumber: 'LB', processOption: 'S', customerAccount: null, receiptDate: '' }));
    expect(issues(result)).toEqual(
      expect.arrayContaining([
        ['lbNumber', 'Wrong Lb number'],
        ['scrapReason', 'Required Field'],
        ['customerAccount', 'Required Field'],
        ['receiptDate', 'Required Field'],
      ]),
    );
  });

  it('drops what the option does not use (docs/product.md §4: the clearing happens on submit too)', () => {
    const result = receiptCreateForm.safeParse(create({ processOption: 'X', processState: 'D5', scrapReason: 2 }));
    expect(result.data).toMatchObject({ processState: null, scrapReason: null });
  });
});

describe('receiptUpdateForm', () => {
  const update = (over: Partial<ReceiptUpdateFormInput> = {}): ReceiptUpdateFormInput => ({
    lbNumber: 'LB5',
    supplier: 1,
    customerAccount: 1,
    inventoryItem: COOLER,
    mode: 'collectionPoint',
    collectionPoint: 4,
    engineerNo: 'left over',
    processOption: 'D',
    processState: 'D5',
    scrapReason: 3,
    notes: '',
    tagFaultComment: '',
    assetNo: '',
    ...over,
  });
  it('keeps D5 with its scrap reason and clears the engineer number in collection-point mode', () => {
    const result = receiptUpdateForm.safeParse(update());
    expect(result.data).toMatchObject({ processState: 'D5', scrapReason: 3, collectionPoint: 4, engineerNo: null });
  });
  it('D5 without a scrap reason is refused on Scrap reason', () => {
    expect(issues(receiptUpdateForm.safeParse(update({ scrapReason: null })))).toEqual([['scrapReason', 'Required Field']]);
  });
});

describe('receiptDayToInstant', () => {
  it('today is now; another day is its London noon (summer time too)', () => {
    const now = new Date('2026-07-01T09:30:00Z');
    expect(receiptDayToInstant('2026-07-01', now)).toBe(now.toISOString());
    expect(receiptDayToInstant('2026-06-30', now)).toBe('2026-06-30T11:00:00.000Z');
    expect(receiptDayToInstant('2026-01-15', now)).toBe('2026-01-15T12:00:00.000Z');
  });
});

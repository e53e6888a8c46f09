import { describe, expect, it } from 'vitest';
import type { ReceiptCreateFormInput } from '../form/receipt-form-schema';
import { afterScan, defaultsAfterCreate, startValues } from './receipt-create-model';

const filled: ReceiptCreateFormInput = {
  ...startValues(null),
  inventoryItem: '5a8a4a8e-2d8b-4c55-8f8e-7a1f8c2b9d01',
  mode: 'engineer',
  engineerNo: 'ENG-1',
  lbNumber: 'LB123',
  customerAccount: 3,
  supplier: 2,
  processOption: 'X',
};

describe('afterScan', () => {
  it('moves on to the first thing still missing, in the order of the form', () => {
    expect(afterScan({ ...filled, engineerNo: '' }, 'lbNumber')).toBe('engineerNo');
    expect(afterScan({ ...filled, mode: 'collectionPoint', collectionPoint: null }, 'lbNumber')).toBe('collectionPoint');
    expect(afterScan({ ...filled, customerAccount: null, supplier: null }, 'lbNumber')).toBe('customerAccount');
    expect(afterScan({ ...filled, supplier: null }, 'lbNumber')).toBe('supplier');
    expect(afterScan({ ...filled, processOption: null }, 'lbNumber')).toBe('processOption');
  });

  it('an engineer number just scanned is not asked for again', () => {
    expect(afterScan({ ...filled, engineerNo: '' }, 'engineerNo')).toBe('create');
  });

  it('goes to the create button once all is there, and nowhere while no mode is chosen', () => {
    expect(afterScan(filled, 'lbNumber')).toBe('create');
    expect(afterScan({ ...filled, mode: null }, 'lbNumber')).toBeNull();
  });
});

describe('startValues and defaultsAfterCreate', () => {
  const chosen = { account: { id: 3, name: 'Acme' }, supplier: { id: 2, name: 'Arctic' }, point: { id: 7, name: 'Depot' } };

  it('a fresh form starts from the defaults, a collection point only in its mode', () => {
    const defaults = { ...defaultsAfterCreate(chosen, { ...filled, mode: 'collectionPoint' }), savedOn: '2026-03-10' };
    expect(startValues(defaults)).toMatchObject({
      customerAccount: 3,
      supplier: 2,
      mode: 'collectionPoint',
      collectionPoint: 7,
      lbNumber: 'LB',
      inventoryItem: null,
    });
    expect(startValues({ ...defaults, mode: 'engineer' })).toMatchObject({ collectionPoint: null, engineerNo: '' });
  });

  it('keeps the labels chosen, the mode and its point, a known process option and the receipt date', () => {
    expect(defaultsAfterCreate(chosen, { ...filled, receiptDate: '2026-03-09' })).toEqual({
      account: chosen.account,
      supplier: chosen.supplier,
      mode: 'engineer',
      collectionPoint: null,
      processOption: 'X',
      receiptDate: '2026-03-09',
    });
    expect(defaultsAfterCreate(chosen, { ...filled, processOption: null }).processOption).toBeNull();
  });

  it('each fresh form has its own client id', () => {
    expect(startValues(null).id).not.toBe(startValues(null).id);
  });
});

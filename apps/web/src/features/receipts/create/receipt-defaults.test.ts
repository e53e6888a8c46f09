import { beforeEach, describe, expect, it } from 'vitest';
import { clearReceiptDefaults, readReceiptDefaults, saveReceiptDefaults } from './receipt-defaults';

describe('receipt defaults', () => {
  beforeEach(() => {
    const data = new Map<string, string>();
    globalThis.localStorage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
      clear: () => data.clear(),
      key: () => null,
      get length() {
        return data.size;
      },
    };
  });
  const kept = {
    account: { id: 1, name: 'Acme' },
    supplier: { id: 2, name: 'Arctic' },
    mode: 'engineer' as const,
    collectionPoint: null,
    processOption: 'D' as const,
    receiptDate: '2026-03-09',
  };

  it('are kept per user and cleared by that user', () => {
    saveReceiptDefaults('7', kept, '2026-03-10');
    expect(readReceiptDefaults('7', '2026-03-10')).toEqual({ ...kept, savedOn: '2026-03-10' });
    expect(readReceiptDefaults('8', '2026-03-10')).toBeNull();
    clearReceiptDefaults('7');
    expect(readReceiptDefaults('7', '2026-03-10')).toBeNull();
  });

  it('offer a back-dated receipt date on the day it was saved only', () => {
    saveReceiptDefaults('7', kept, '2026-03-10');
    expect(readReceiptDefaults('7', '2026-03-11')).toMatchObject({ account: kept.account, receiptDate: null });
  });

  it('ignore what they cannot read', () => {
    localStorage.setItem('receipt-defaults:7', '{"mode":"bicycle"');
    expect(readReceiptDefaults('7')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { RevisionEntry } from '@cooler-hub/contract/revisions';
import { changeLines } from './change-lines';

const base: RevisionEntry = {
  id: 1,
  entryKind: 'Cooler',
  entryRef: '00000000-0000-4000-8000-000000000000',
  createdAt: '2026-01-01T10:00:00Z',
  creator: { id: 1, username: 'admin' },
  diffType: 'Text',
  source: null,
  textOnlyMessage: [],
  oldNewMessage: {},
};

describe('changeLines', () => {
  it('reads a Text entry as its sentences', () => {
    expect(
      changeLines({ ...base, textOnlyMessage: ['Cooler created', 'Serial number: SN-2019-10-01', 'Date of manufacture: 2019-10-01'] }),
    ).toEqual(['Cooler created', 'Serial number: SN-2019-10-01', 'Date of manufacture: 01/10/2019']);
  });
  it('reads an OldNew entry as one readable line per field, days as dd/MM/yyyy and empty as a dash', () => {
    const entry: RevisionEntry = {
      ...base,
      diffType: 'OldNew',
      oldNewMessage: { serialNumber: ['SN1', 'SN2'], dateOfManufacture: ['1991-02-15', '2020-01-31'], modelNumber: [null, 'M1'] },
    };
    expect(changeLines(entry)).toEqual([
      'Serial number: SN1 → SN2',
      'Date of manufacture: 15/02/1991 → 31/01/2020',
      'Model number: — → M1',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { INVALID_VALUE_MESSAGE, REQUIRED_MESSAGE } from '../src/common';
import { coolerCreateBody, coolerUpdateBody } from '../src/coolers';
import { revisionEntryListQuery } from '../src/revisions';

const id = '0b7f3c1e-8f6a-4d55-9a0e-2f3c4d5e6f70';
const partNumber = '7d1e2f30-4a5b-4c6d-8e7f-901a2b3c4d5e';
const messageOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  result.error?.issues.find((i) => i.path[0] === field)?.message;

describe('cooler bodies', () => {
  it('takes a trimmed serial, a part number id and a YYYY-MM-DD day; the model number is null when not given', () => {
    expect(coolerCreateBody.parse({ id, serialNumber: ' SN-1 ', partNumber, dateOfManufacture: '2020-02-29' })).toEqual({
      id,
      serialNumber: 'SN-1',
      partNumber,
      dateOfManufacture: '2020-02-29',
      modelNumber: null,
    });
  });
  it("says 'Required Field' for each of the three when missing, empty or null", () => {
    for (const value of [undefined, null, '']) {
      const result = coolerUpdateBody.safeParse({ serialNumber: value, partNumber: value, dateOfManufacture: value });
      for (const field of ['serialNumber', 'partNumber', 'dateOfManufacture']) expect(messageOf(result, field)).toBe(REQUIRED_MESSAGE);
    }
  });
  it('refuses a part number that is not an id and a day that does not exist', () => {
    const body = { serialNumber: 'SN', partNumber, dateOfManufacture: '2020-01-01' };
    expect(messageOf(coolerUpdateBody.safeParse({ ...body, partNumber: 'PN-1' }), 'partNumber')).toBe(INVALID_VALUE_MESSAGE);
    expect(coolerUpdateBody.safeParse({ ...body, dateOfManufacture: '2021-02-29' }).success).toBe(false);
    expect(coolerUpdateBody.safeParse({ ...body, dateOfManufacture: '01/01/2020' }).success).toBe(false);
    expect(coolerUpdateBody.safeParse({ ...body, dateOfManufacture: '1899-12-31' }).success).toBe(false);
  });
});

describe('revision entry query', () => {
  it('needs a kind of the contract and a ref; newest first is the server default', () => {
    expect(revisionEntryListQuery.parse({ entryKind: 'Cooler', entryRef: id })).toEqual({
      entryKind: 'Cooler',
      entryRef: id,
      page: 1,
      perPage: 20,
    });
    expect(messageOf(revisionEntryListQuery.safeParse({ entryKind: '', entryRef: id }), 'entryKind')).toBe(REQUIRED_MESSAGE);
    expect(messageOf(revisionEntryListQuery.safeParse({ entryKind: 'Delivery', entryRef: id }), 'entryKind')).toBe(
      'Choose one of Receipt, Cooler.',
    );
    expect(messageOf(revisionEntryListQuery.safeParse({ entryKind: 'Receipt' }), 'entryRef')).toBe(REQUIRED_MESSAGE);
  });
});

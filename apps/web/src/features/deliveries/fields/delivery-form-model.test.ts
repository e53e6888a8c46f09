import { describe, expect, it, vi } from 'vitest';
import { EMAIL_MISSED, type Delivery } from '@cooler-hub/contract/deliveries';
import { searchTextOnly, type DeliveryAddress } from '@cooler-hub/contract/delivery-addresses';
import { REQUIRED_MESSAGE } from '@cooler-hub/contract/common';
import { typedChoice, usedChoice } from './address-picker-model';
import { emptyFields, fieldsFromDelivery, resolveAddresses, toBody, toUpdateBody, type DeliveryDraftFields } from './delivery-form-model';
import { deliveryFieldsSchema, isPreparationReady, validateFields } from './delivery-form-schema';

const address = (id: number, text: string, target: 'dispatch' | 'invoice' = 'dispatch'): DeliveryAddress => ({
  id,
  address: { ...searchTextOnly(text), formattedAddress: `${text}, UK` },
  addressTarget: target,
});
const mail = (id: number) => ({ id, email: `r${id}@example.com` });

function transfer(over: Partial<DeliveryDraftFields> = {}): DeliveryDraftFields {
  return { ...emptyFields('transfer', '2026-11-23'), customerAccount: 4, emails: [mail(1)], ...over };
}

const loaded: Delivery = {
  id: 7,
  createdAt: '2026-11-20T10:00:00.000Z',
  deliveryDay: '2026-11-20',
  itemsCount: 1,
  type: 'transfer',
  deliveryType: 'transfer',
  status: 'pending',
  approvedAt: null,
  customerAccount: { id: 4, name: 'Acme' },
  businessName: 'Acme Invoices',
  dispatchAddress: address(10, '1 High St'),
  invoiceAddress: null,
  CCCode: { id: '0b7e8f8e-0000-4000-8000-000000000001', code: 'CC1', name: 'One' },
  emails: [mail(2)],
  emailDeliveredAt: null,
  emailViewedAt: null,
  emailFailedAt: null,
  emailFailureReason: null,
  emailStatus: 'N/A',
  lbNumbers: ['LB1'],
};

describe('emptyFields', () => {
  it('starts on the given day with nothing chosen', () => {
    const f = emptyFields('scrap', '2026-01-02');
    expect(f.type).toBe('scrap');
    expect(f.deliveryDay).toBe('2026-01-02');
    expect(f.emails).toEqual([]);
    expect(f.dispatchAddress.mode).toBe('none');
  });
});

describe('validateFields (docs/product.md §5.4)', () => {
  it('needs a type and a date', () => {
    expect(validateFields({ ...emptyFields(null), deliveryDay: null }, 'create')).toMatchObject({
      type: REQUIRED_MESSAGE,
      deliveryDay: REQUIRED_MESSAGE,
    });
  });
  it('needs the customer of a transfer and a scrap on create, not of an error sheet', () => {
    expect(validateFields(transfer({ customerAccount: null }), 'create').customerAccount).toBe(REQUIRED_MESSAGE);
    expect(validateFields(emptyFields('scrap'), 'create').customerAccount).toBe(REQUIRED_MESSAGE);
    expect(validateFields(emptyFields('error_sheet'), 'create')).toEqual({});
  });
  it('on edit needs the customer of a transfer only', () => {
    expect(validateFields(transfer({ customerAccount: null }), 'edit').customerAccount).toBe(REQUIRED_MESSAGE);
    expect(validateFields(emptyFields('scrap'), 'edit')).toEqual({});
  });
  it("asks for a transfer's recipients with 'Email is missed' on create only", () => {
    expect(validateFields(transfer({ emails: [] }), 'create').emails).toBe(EMAIL_MISSED);
    expect(validateFields(transfer({ emails: [] }), 'edit').emails).toBeUndefined();
    expect(validateFields({ ...emptyFields('scrap'), customerAccount: 1 }, 'create').emails).toBeUndefined();
  });
  it('says when the preparation is ready', () => {
    expect(isPreparationReady(transfer())).toBe(true);
    expect(isPreparationReady(transfer({ emails: [] }))).toBe(false);
  });
  it('puts the rules on the fields through the schema', () => {
    const result = deliveryFieldsSchema('create').safeParse(transfer({ customerAccount: null, emails: [] }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['customerAccount', 'emails']);
    expect(deliveryFieldsSchema('create').safeParse(transfer()).success).toBe(true);
  });
});

describe('fieldsFromDelivery', () => {
  it('reads a loaded note, its addresses as chosen ones', () => {
    const f = fieldsFromDelivery(loaded);
    expect(f).toMatchObject({
      type: 'transfer',
      deliveryDay: '2026-11-20',
      CCCode: loaded.CCCode?.id,
      customerAccount: 4,
      businessName: 'Acme Invoices',
    });
    expect(f.customerItem).toEqual({ id: 4, name: 'Acme' });
    expect(f.dispatchAddress).toMatchObject({ mode: 'used', used: { id: 10 } });
    expect(f.invoiceAddress.mode).toBe('none');
    expect(f.emails).toEqual([mail(2)]);
  });
});

describe('resolveAddresses', () => {
  it('creates typed addresses first, one per target, and keeps chosen ones', async () => {
    const create = vi.fn((text: string, target: 'dispatch' | 'invoice') => Promise.resolve(address(99, text, target)));
    const f = transfer({ dispatchAddress: typedChoice(' 5 Low Rd '), invoiceAddress: usedChoice(address(3, 'Old', 'invoice')) });
    const resolved = await resolveAddresses(f, create);
    expect(create).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledWith('5 Low Rd', 'dispatch');
    expect(toBody(resolved, ['LB1'])).toMatchObject({ dispatchAddress: 99, invoiceAddress: 3 });
    // A retry after a failed save does not store the address again.
    await resolveAddresses(resolved, create);
    expect(create).toHaveBeenCalledTimes(1);
  });
  it('leaves other types alone', async () => {
    const create = vi.fn();
    const f = { ...emptyFields('scrap'), dispatchAddress: typedChoice('x') };
    expect(await resolveAddresses(f, create)).toBe(f);
    expect(create).not.toHaveBeenCalled();
  });
});

describe('toBody / toUpdateBody', () => {
  it('sends a transfer with ids, trimmed business name, null for empties', () => {
    expect(toBody(transfer({ businessName: '  ' }), ['LB1', 'LB2'])).toEqual({
      type: 'transfer',
      deliveryDay: '2026-11-23',
      lbNumbers: ['LB1', 'LB2'],
      emails: [1],
      CCCode: null,
      customerAccount: 4,
      businessName: null,
      dispatchAddress: null,
      invoiceAddress: null,
    });
  });
  it('sends only the fields a scrap and an error sheet have', () => {
    expect(Object.keys(toUpdateBody({ ...emptyFields('scrap', '2026-01-01'), customerAccount: 2 }, ['LB1'])).sort()).toEqual([
      'CCCode',
      'customerAccount',
      'deliveryDay',
      'emails',
      'lbNumbers',
    ]);
    expect(Object.keys(toUpdateBody(emptyFields('error_sheet', '2026-01-01'), ['LB1'])).sort()).toEqual([
      'CCCode',
      'deliveryDay',
      'emails',
      'lbNumbers',
    ]);
  });
});

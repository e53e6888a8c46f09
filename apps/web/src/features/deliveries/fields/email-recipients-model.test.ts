import { describe, expect, it } from 'vitest';
import { addEmail, newEmailOffer, removeEmail, withCustomerDefault } from './email-recipients-model';

const m = (id: number, email = `r${id}@example.com`) => ({ id, email });

describe('recipients', () => {
  it('adds each e-mail once and removes by id', () => {
    expect(addEmail([m(1)], m(1))).toEqual([m(1)]);
    expect(addEmail([m(1)], m(2))).toEqual([m(1), m(2)]);
    expect(removeEmail([m(1), m(2)], 1)).toEqual([m(2)]);
  });

  it("adds the customer's default and replaces the previous default", () => {
    const first = withCustomerDefault({ emails: [m(1)], defaultEmailId: null }, m(5));
    expect(first).toEqual({ emails: [m(1), m(5)], defaultEmailId: 5 });
    const second = withCustomerDefault(first, m(6));
    expect(second).toEqual({ emails: [m(1), m(6)], defaultEmailId: 6 });
  });

  it('a customer without a default (404) removes the previous default and adds nothing', () => {
    expect(withCustomerDefault({ emails: [m(1), m(5)], defaultEmailId: 5 }, null)).toEqual({ emails: [m(1)], defaultEmailId: null });
  });

  it('keeps an address picked by hand and does not treat it as a default later', () => {
    const r = withCustomerDefault({ emails: [m(5)], defaultEmailId: null }, m(5));
    expect(r).toEqual({ emails: [m(5)], defaultEmailId: null });
    expect(withCustomerDefault(r, m(6)).emails).toEqual([m(5), m(6)]);
  });

  it('choosing the same customer again keeps its default', () => {
    expect(withCustomerDefault({ emails: [m(5)], defaultEmailId: 5 }, m(5))).toEqual({ emails: [m(5)], defaultEmailId: 5 });
  });

  it('offers a typed address that looks like one and is not offered or chosen yet', () => {
    expect(newEmailOffer(' New@Example.com ', [], [])).toBe('new@example.com');
    expect(newEmailOffer('new@example', [], [])).toBeNull();
    expect(newEmailOffer('R1@example.com', [m(1)], [])).toBeNull();
    expect(newEmailOffer('r2@example.com', [], [m(2)])).toBeNull();
  });
});

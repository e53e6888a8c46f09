import { describe, expect, it } from 'vitest';
import { searchTextOnly, type DeliveryAddress } from '@cooler-hub/contract/delivery-addresses';
import {
  addressLine,
  choiceId,
  choiceText,
  matchingUsed,
  needsLookup,
  NO_ADDRESS,
  typedChoice,
  usedChoice,
  withLookup,
} from './address-picker-model';

const used = (id: number, text: string, formatted: string | null): DeliveryAddress => ({
  id,
  address: { ...searchTextOnly(text), formattedAddress: formatted },
  addressTarget: 'dispatch',
});

describe('address picker model (docs/product.md §4)', () => {
  it('typing starts a search and drops the used address; emptying clears everything', () => {
    expect(typedChoice('1 High')).toEqual({ mode: 'search', searchText: '1 High', lookedUp: null, used: null });
    expect(typedChoice('  ')).toEqual(NO_ADDRESS);
  });
  it('choosing a used address drops the typed text', () => {
    const c = usedChoice(used(5, 'x', 'X Road, London'));
    expect(c.mode).toBe('used');
    expect(c.searchText).toBe('');
    expect(choiceId(c)).toBe(5);
    expect(choiceText(c)).toBe('X Road, London');
  });
  it('asks the geocoder once about typed text', () => {
    const c = typedChoice('1 High St');
    expect(needsLookup(c)).toBe(true);
    const found = withLookup(c, '1 High St', { ...searchTextOnly('1 High St'), formattedAddress: '1 High St, Leeds' });
    expect(found.lookedUp?.formattedAddress).toBe('1 High St, Leeds');
    expect(needsLookup(found)).toBe(false);
    expect(needsLookup(usedChoice(used(1, 'a', null)))).toBe(false);
    expect(choiceId(found)).toBeNull();
  });
  it('a failed lookup keeps the search text only', () => {
    const c = withLookup(typedChoice(' 9 Nowhere '), ' 9 Nowhere ', null);
    expect(c.lookedUp).toEqual(searchTextOnly('9 Nowhere'));
  });
  it('an answer to an older text is dropped', () => {
    const c = typedChoice('1 High Street');
    expect(withLookup(c, '1 High', searchTextOnly('1 High'))).toBe(c);
    const u = usedChoice(used(1, 'a', null));
    expect(withLookup(u, 'a', null)).toBe(u);
  });
  it('labels by the formatted address, else the text', () => {
    expect(addressLine({ ...searchTextOnly('typed'), formattedAddress: null })).toBe('typed');
    expect(addressLine({ ...searchTextOnly('typed'), formattedAddress: 'Formatted' })).toBe('Formatted');
  });
  it('filters used addresses by the typed text, any case', () => {
    const list = [used(1, 'a', 'Mill Lane, York'), used(2, 'b', 'High St, Leeds')];
    expect(matchingUsed(list, '').map((a) => a.id)).toEqual([1, 2]);
    expect(matchingUsed(list, 'leeds').map((a) => a.id)).toEqual([2]);
  });
});

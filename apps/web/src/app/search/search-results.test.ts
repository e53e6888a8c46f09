import { describe, expect, it } from 'vitest';
import type { SearchHit, SearchResponse } from '@cooler-hub/contract/search';
import { destinationOf } from './search-destination';
import { resultCount, sectionsOf, soleExactMatch, stepActive } from './search-results';
import { isSearchShortcut } from './search-shortcut';

const receipt: SearchHit = { kind: 'receipt', id: 'r1', label: 'LB100', detail: 'SN1' };
const cooler: SearchHit = { kind: 'cooler', id: 'c1', label: 'SN 1/A', detail: 'PN' };
const note: SearchHit = { kind: 'deliveryNote', id: 54, type: 'scrap', label: 'DN 54', detail: null };
const client: SearchHit = { kind: 'client', id: 3, label: 'Acme', detail: null };

const answer = (exact: SearchHit[], groups: SearchResponse['groups'] = []): SearchResponse => ({ q: 'x', exact, groups });

describe('the result list', () => {
  it('numbers the exact matches first, then each group in order', () => {
    const sections = sectionsOf(
      answer(
        [receipt],
        [
          { kind: 'cooler', items: [cooler] },
          { kind: 'client', items: [client] },
        ],
      ),
    );
    expect(sections.map((s) => [s.key, s.items.map((i) => i.index)])).toEqual([
      ['exact', [0]],
      ['cooler', [1]],
      ['client', [2]],
    ]);
    expect(resultCount(answer([receipt], [{ kind: 'cooler', items: [cooler] }]))).toBe(2);
  });

  it('opens by itself only when exactly one record is named exactly', () => {
    expect(soleExactMatch(answer([receipt]))).toBe(receipt);
    expect(soleExactMatch(answer([]))).toBeNull();
    expect(soleExactMatch(answer([cooler, note]))).toBeNull();
  });

  it('the arrows wrap round, and start from either end', () => {
    expect(stepActive(-1, 3, 1)).toBe(0);
    expect(stepActive(-1, 3, -1)).toBe(2);
    expect(stepActive(2, 3, 1)).toBe(0);
    expect(stepActive(0, 3, -1)).toBe(2);
    expect(stepActive(-1, 0, 1)).toBe(-1);
  });
});

describe('where a result leads', () => {
  it('the screen the app opens for that record', () => {
    expect(destinationOf(receipt)).toBe('/receipt/r1/edit');
    expect(destinationOf(cooler)).toBe('/coolers/c1');
    expect(destinationOf(note)).toBe('/update-scrap/54');
    expect(destinationOf({ ...note, type: 'transfer' })).toBe('/update-dn/54/transfer');
    expect(destinationOf({ kind: 'customerAccount', id: 7, label: 'A', detail: null })).toBe('/customer-edit/7');
    expect(destinationOf(client)).toBe('/customers');
    expect(destinationOf({ kind: 'partNumber', id: 'p1', label: 'PN', detail: null })).toBe('/part-number-edit/p1');
  });
});

describe('the keys that focus the search', () => {
  const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...mods,
  });
  it("Ctrl+K and ⌘K anywhere; '/' only when not typing in a field", () => {
    const field = { tagName: 'INPUT', type: 'text' };
    expect(isSearchShortcut(key('k', { ctrlKey: true }), field)).toBe(true);
    expect(isSearchShortcut(key('K', { metaKey: true }), null)).toBe(true);
    expect(isSearchShortcut(key('/'), null)).toBe(true);
    expect(isSearchShortcut(key('/'), { tagName: 'BUTTON' })).toBe(true);
    expect(isSearchShortcut(key('/'), { tagName: 'INPUT', type: 'checkbox' })).toBe(true);
    expect(isSearchShortcut(key('/'), field)).toBe(false);
    expect(isSearchShortcut(key('/'), { tagName: 'TEXTAREA' })).toBe(false);
    expect(isSearchShortcut(key('/'), { tagName: 'DIV', isContentEditable: true })).toBe(false);
    expect(isSearchShortcut(key('k'), null)).toBe(false);
    expect(isSearchShortcut(key('k', { ctrlKey: true, altKey: true }), null)).toBe(false);
  });
});

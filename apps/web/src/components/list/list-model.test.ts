import { describe, expect, it } from 'vitest';
import { listView, pageAfterShrink, selectionState, togglePage, toggleRow } from './list-model';

describe('listView', () => {
  it('is loading until the first answer', () => {
    expect(listView({ hasData: false, isError: false, itemCount: 0 })).toBe('loading');
  });
  it('is an error on a failed first load', () => {
    expect(listView({ hasData: false, isError: true, itemCount: 0 })).toBe('error');
  });
  it('is an error, never empty, when a reload fails although older rows are at hand', () => {
    expect(listView({ hasData: true, isError: true, itemCount: 0 })).toBe('error');
    expect(listView({ hasData: true, isError: true, itemCount: 5 })).toBe('error');
  });
  it('is empty only for a successful answer without rows', () => {
    expect(listView({ hasData: true, isError: false, itemCount: 0 })).toBe('empty');
    expect(listView({ hasData: true, isError: false, itemCount: 3 })).toBe('rows');
  });
});

describe('selection', () => {
  it('toggles one row', () => {
    const once = toggleRow(new Set(), 7);
    expect([...once]).toEqual([7]);
    expect([...toggleRow(once, 7)]).toEqual([]);
  });
  it('select-all adds the page, and clears it when all of it was selected', () => {
    const page = ['a', 'b'];
    const some = new Set(['a', 'z']);
    expect(selectionState(some, page)).toEqual({ all: false, some: true });
    const all = togglePage(some, page);
    expect([...all].sort()).toEqual(['a', 'b', 'z']);
    expect(selectionState(all, page)).toEqual({ all: true, some: true });
    // rows of other pages stay selected
    expect([...togglePage(all, page)]).toEqual(['z']);
  });
  it('an empty page is never "all selected"', () => {
    expect(selectionState(new Set([1]), [])).toEqual({ all: false, some: false });
  });
});

describe('pageAfterShrink', () => {
  it('steps back to the new last page when a delete emptied the current one', () => {
    expect(pageAfterShrink(3, { items: [], pagesCount: 2 })).toBe(2);
  });
  it('stays otherwise', () => {
    expect(pageAfterShrink(2, { items: [1], pagesCount: 2 })).toBeNull();
    expect(pageAfterShrink(1, { items: [], pagesCount: 0 })).toBeNull();
    // an empty result (a filter matching nothing) has no page to go back to
    expect(pageAfterShrink(4, { items: [], pagesCount: 0 })).toBeNull();
  });
});

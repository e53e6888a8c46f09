import { describe, expect, it } from 'vitest';
import { showsView, viewQueryOf, viewSearch, visibleColumnsOf, withColumns } from './saved-view-model';

const ALL = ['supplierCode', 'lbNumber', 'serialNumber', 'customer'];

describe('saved views in the address', () => {
  it('a view keeps the filters and sort, never the page or the columns', () => {
    const search = new URLSearchParams('page=3&order[lbNumber]=desc&processOption=D&lbNumber=&columns=lbNumber,customer');
    expect(viewQueryOf(search)).toBe('order[lbNumber]=desc&processOption=D');
  });

  it('applying a view is a link: its query and its columns', () => {
    expect(viewSearch('processOption=D', ['lbNumber', 'customer'])).toBe('?processOption=D&columns=lbNumber,customer');
    expect(viewSearch('', null)).toBe('');
    expect(viewSearch('', ['lbNumber'])).toBe('?columns=lbNumber');
  });

  it("reads the visible columns in the list's order; unknown or all of them is every column", () => {
    expect(visibleColumnsOf(new URLSearchParams('columns=customer,lbNumber'), ALL)).toEqual(['lbNumber', 'customer']);
    expect(visibleColumnsOf(new URLSearchParams('columns=nope'), ALL)).toBeNull();
    expect(visibleColumnsOf(new URLSearchParams('columns=' + ALL.join(',')), ALL)).toBeNull();
    expect(visibleColumnsOf(new URLSearchParams(''), ALL)).toBeNull();
  });

  it('hiding columns keeps the rest of the address; showing all drops the parameter', () => {
    const search = new URLSearchParams('processOption=D&columns=lbNumber');
    expect(withColumns(search, ['customer', 'lbNumber'], ALL)).toBe('?processOption=D&columns=lbNumber,customer');
    expect(withColumns(search, ALL, ALL)).toBe('?processOption=D');
  });

  it('knows the view the address shows, whatever the order of its parameters', () => {
    const view = { query: 'processOption=D&order[lbNumber]=asc', visibleColumns: ['lbNumber', 'customer'] };
    expect(showsView(view, new URLSearchParams('order[lbNumber]=asc&processOption=D&columns=customer,lbNumber'), ALL)).toBe(true);
    expect(showsView(view, new URLSearchParams('order[lbNumber]=asc&processOption=D&page=2&columns=lbNumber,customer'), ALL)).toBe(true);
    expect(showsView(view, new URLSearchParams('order[lbNumber]=asc&processOption=D'), ALL)).toBe(false);
    expect(showsView({ query: '', visibleColumns: null }, new URLSearchParams(''), ALL)).toBe(true);
  });
});

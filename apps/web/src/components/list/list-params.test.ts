import { describe, expect, it } from 'vitest';
import { listApiQuery, listSearch, nextSort, parseListState } from './list-params';

const FILTERS = ['username', 'role'] as const;

describe('parseListState', () => {
  it('reads page, one sort field and the known filters', () => {
    const state = parseListState(new URLSearchParams('page=2&order[username]=desc&role=Admin&other=x'), FILTERS);
    expect(state).toEqual({ page: 2, sort: { field: 'username', direction: 'desc' }, filters: { role: 'Admin' } });
  });
  it('defaults to page 1, no sort and no filters; ignores junk', () => {
    expect(parseListState(new URLSearchParams('page=abc&order[id]=up&username='), FILTERS)).toEqual({
      page: 1,
      sort: null,
      filters: {},
    });
  });
  it('reads encoded brackets', () => {
    expect(parseListState(new URLSearchParams('order%5Bemail%5D=asc'), FILTERS).sort).toEqual({ field: 'email', direction: 'asc' });
  });
});

describe('listSearch', () => {
  it('writes readable brackets, leaves out page 1 and empty filters, keeps other parameters', () => {
    const search = listSearch(
      { page: 1, sort: { field: 'username', direction: 'desc' }, filters: { username: 'ann smith', role: '' } },
      new URLSearchParams('deliveryId=5&page=3&role=Admin'),
      FILTERS,
    );
    expect(search).toBe('?deliveryId=5&order[username]=desc&username=ann%20smith');
  });
  it('is empty for the default state', () => {
    expect(listSearch({ page: 1, sort: null, filters: {} }, new URLSearchParams(), FILTERS)).toBe('');
  });
});

describe('listApiQuery', () => {
  it('always sends the page, then sort and non-empty filters', () => {
    expect(listApiQuery({ page: 1, sort: null, filters: {} })).toBe('page=1');
    expect(listApiQuery({ page: 2, sort: { field: 'id', direction: 'asc' }, filters: { role: 'Production', username: ' ' } })).toBe(
      'page=2&order[id]=asc&role=Production',
    );
  });
});

describe('nextSort', () => {
  it('sorts desc on the first click and toggles afterwards', () => {
    const first = nextSort(null, 'email');
    expect(first).toEqual({ field: 'email', direction: 'desc' });
    const second = nextSort(first, 'email');
    expect(second).toEqual({ field: 'email', direction: 'asc' });
    expect(nextSort(second, 'email')).toEqual({ field: 'email', direction: 'desc' });
  });
  it('starts desc again on another field', () => {
    expect(nextSort({ field: 'email', direction: 'asc' }, 'id')).toEqual({ field: 'id', direction: 'desc' });
  });
});

describe('namespaced lists', () => {
  it('keep their own keys apart', () => {
    const search = new URLSearchParams('pn.page=3&pn.order[partNumber]=asc&page=2&cp.page=4');
    expect(parseListState(search, [], 'pn')).toEqual({ page: 3, sort: { field: 'partNumber', direction: 'asc' }, filters: {} });
    expect(parseListState(search, [], 'cp')).toEqual({ page: 4, sort: null, filters: {} });
    expect(listSearch({ page: 1, sort: null, filters: {} }, search, [], 'pn')).toBe('?page=2&cp.page=4');
  });
});

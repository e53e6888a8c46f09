import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '../form/search-select-model';
import { createLookup } from './lookup';

/** A search whose answers the test gives by hand, in any order. */
function manualSearch<R = string[]>() {
  const calls: { query: string; signal: AbortSignal; answer: (result: R) => void; fail: (error: unknown) => void }[] = [];
  const search = (query: string, signal: AbortSignal) =>
    new Promise<R>((answer, fail) => {
      calls.push({ query, signal, answer, fail });
    });
  const call = (i: number) => {
    const found = calls[i];
    if (!found) throw new Error(`no call ${i}`);
    return found;
  };
  return { calls, call, search };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('createLookup', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts empty, answering nothing', () => {
    const lookup = createLookup({ search: manualSearch().search, empty: [] as string[] });
    expect(lookup.getState()).toEqual({ result: [], answered: null, loading: false });
  });

  it('is loading from the first key, sends only the last query of a burst once the debounce has passed, then shows its answer', async () => {
    const s = manualSearch();
    const lookup = createLookup({ search: s.search, empty: [] as string[] });
    lookup.request('a');
    expect(lookup.getState().loading).toBe(true);
    vi.advanceTimersByTime(200);
    lookup.request('ac');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    expect(s.calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(s.calls.map((c) => c.query)).toEqual(['ac']);
    expect(lookup.getState()).toEqual({ result: [], answered: null, loading: true });
    s.call(0).answer(['acme']);
    await flush();
    expect(lookup.getState()).toEqual({ result: ['acme'], answered: 'ac', loading: false });
  });

  it('drops a stale answer: a newer query aborts the request in flight, and the late answer never shows', async () => {
    const s = manualSearch();
    const lookup = createLookup({ search: s.search, empty: [] as string[] });
    lookup.request('old');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    lookup.request('new');
    expect(s.call(0).signal.aborted).toBe(true);
    s.call(0).answer(['stale']);
    await flush();
    expect(lookup.getState()).toEqual({ result: [], answered: null, loading: true });
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    s.call(1).answer(['fresh']);
    await flush();
    expect(lookup.getState()).toEqual({ result: ['fresh'], answered: 'new', loading: false });
  });

  it('shows a failure as the empty answer to its query', async () => {
    const s = manualSearch();
    const lookup = createLookup({ search: s.search, empty: [] as string[] });
    lookup.settle('x', ['kept']);
    const outcome = lookup.run('broken');
    const error = new Error('down');
    s.call(0).fail(error);
    await expect(outcome).resolves.toEqual({ status: 'failed', error });
    expect(lookup.getState()).toEqual({ result: [], answered: 'broken', loading: false });
  });

  it('run sends at once, drops a pending request, and tells its outcome; a run replaced by another is dropped', async () => {
    const s = manualSearch<string | null>();
    const lookup = createLookup({ search: s.search, empty: null as string | null });
    lookup.request('typed');
    const first = lookup.run('10 Downing St');
    expect(s.calls.map((c) => c.query)).toEqual(['10 Downing St']);
    const second = lookup.run('11 Downing St');
    s.call(0).answer('first');
    s.call(1).answer('second');
    await expect(first).resolves.toEqual({ status: 'dropped' });
    await expect(second).resolves.toEqual({ status: 'answered', result: 'second' });
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    expect(s.calls).toHaveLength(2);
    expect(lookup.getState()).toEqual({ result: 'second', answered: '11 Downing St', loading: false });
  });

  it('cancel drops what is pending and in flight, and stops loading', async () => {
    const s = manualSearch();
    const lookup = createLookup({ search: s.search, empty: [] as string[] });
    void lookup.run('a');
    lookup.request('ab');
    lookup.cancel();
    expect(lookup.getState().loading).toBe(false);
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    expect(s.calls).toHaveLength(1);
    expect(s.call(0).signal.aborted).toBe(true);
    s.call(0).answer(['late']);
    await flush();
    expect(lookup.getState()).toEqual({ result: [], answered: null, loading: false });
  });

  it('hold keeps it loading for an answer fetched elsewhere, which settle then shows', () => {
    const s = manualSearch();
    const lookup = createLookup({ search: s.search, empty: [] as string[] });
    lookup.request('SN1');
    lookup.hold();
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    expect(s.calls).toHaveLength(0);
    expect(lookup.getState().loading).toBe(true);
    lookup.settle('SN1', ['SN1']);
    expect(lookup.getState()).toEqual({ result: ['SN1'], answered: 'SN1', loading: false });
    lookup.settle(null, []);
    expect(lookup.getState()).toEqual({ result: [], answered: null, loading: false });
  });

  it('tells its listeners of each change, and only of changes', () => {
    const lookup = createLookup({ search: manualSearch().search, empty: [] as string[] });
    const listener = vi.fn();
    const unsubscribe = lookup.subscribe(listener);
    lookup.request('a');
    lookup.request('ab');
    expect(listener).toHaveBeenCalledTimes(1);
    const before = lookup.getState();
    lookup.cancel();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(lookup.getState()).not.toBe(before);
    unsubscribe();
    lookup.request('abc');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('dispose stops the timer and the request without changing what shows', async () => {
    const s = manualSearch();
    const lookup = createLookup({ search: s.search, empty: [] as string[] });
    void lookup.run('a');
    lookup.request('ab');
    lookup.dispose();
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    expect(s.calls).toHaveLength(1);
    expect(s.call(0).signal.aborted).toBe(true);
    await flush();
    expect(lookup.getState().answered).toBeNull();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ccCodeLabel } from '@cooler-hub/contract/settings';
import { SEARCH_DEBOUNCE_MS, creatableText, debounce, normalizeSearch, textOnBlur } from './search-select-model';

describe('debounce', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 350 ms by default and sends only the last text of a burst', () => {
    const fn = vi.fn();
    const search = debounce(fn);
    search('a');
    vi.advanceTimersByTime(200);
    search('ac');
    vi.advanceTimersByTime(200);
    search('acm');
    expect(search.pending()).toBe(true);
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('acm');
    expect(search.pending()).toBe(false);
    expect(SEARCH_DEBOUNCE_MS).toBe(350);
  });

  it('can be cancelled', () => {
    const fn = vi.fn();
    const search = debounce(fn, 100);
    search('x');
    search.cancel();
    vi.advanceTimersByTime(500);
    expect(fn).not.toHaveBeenCalled();
    expect(search.pending()).toBe(false);
  });
});

describe('normalizeSearch', () => {
  it('trims and collapses spaces', () => {
    expect(normalizeSearch('  Acme   Ltd ')).toBe('Acme Ltd');
    expect(normalizeSearch('   ')).toBe('');
  });
});

describe('creatableText', () => {
  const items = [{ name: 'Acme Ltd' }, { name: 'Beta' }];
  const label = (i: { name: string }) => i.name;

  it('offers a typed name nobody has yet', () => {
    expect(creatableText(' Acme  Holdings ', items, label, true)).toBe('Acme Holdings');
  });
  it('does not offer a name an option already has, in any case', () => {
    expect(creatableText('acme ltd', items, label, true)).toBeNull();
    expect(creatableText('BETA ', items, label, true)).toBeNull();
  });
  it('offers nothing for empty text or when creating is not possible', () => {
    expect(creatableText('  ', items, label, true)).toBeNull();
    expect(creatableText('New', items, label, false)).toBeNull();
  });
});

describe('labels', () => {
  it('labels CC codes as CODE (Name)', () => {
    expect(ccCodeLabel({ code: 'CC1', name: 'Cooler one' })).toBe('CC1 (Cooler one)');
  });
  it('restores the chosen label on blur, or empties the input', () => {
    expect(textOnBlur('Acme Ltd')).toBe('Acme Ltd');
    expect(textOnBlur(null)).toBe('');
  });
});

/**
 * The pure half of the search-select (docs/product.md §9): the 350 ms debounce, and which text the input shows
 * and whether a "create it" option is offered. search-select.tsx binds these to Mantine's Combobox.
 */

/** Search-select debounce (docs/product.md §9). */
export const SEARCH_DEBOUNCE_MS = 350;

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Drops a pending call. */
  cancel: () => void;
  /** True while a call waits for its delay. */
  pending: () => boolean;
}

/** Calls `fn` once `ms` have passed without another call; only the last arguments count. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number = SEARCH_DEBOUNCE_MS): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, ms);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  debounced.pending = () => timer !== undefined;
  return debounced;
}

/** Text typed into a lookup as it is sent: trimmed, inner runs of spaces collapsed. */
export function normalizeSearch(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/**
 * The name to offer creating from, or null: only when creating is possible, something was typed, and
 * no option already carries that label (ignoring case and surrounding spaces).
 */
export function creatableText<T>(text: string, items: readonly T[], getLabel: (item: T) => string, canCreate: boolean): string | null {
  if (!canCreate) return null;
  const wanted = normalizeSearch(text);
  if (!wanted) return null;
  const lower = wanted.toLocaleLowerCase();
  return items.some((item) => normalizeSearch(getLabel(item)).toLocaleLowerCase() === lower) ? null : wanted;
}

/**
 * What the input shows once it loses focus: the chosen item's label, or nothing when no item is
 * chosen — typed text that was not picked never stays behind looking like a value.
 */
export function textOnBlur(selectedLabel: string | null): string {
  return selectedLabel ?? '';
}

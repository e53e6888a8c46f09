/** A wide list on a phone: its table scrolls sideways inside its own frame, never the page. */
import type { Locator } from '@playwright/test';

/**
 * Scrolls the nearest element around `table` that scrolls sideways to `left` (clamped by the
 * browser); its scroll and client widths, or null when no such frame exists.
 */
export function scrollTableTo(table: Locator, left: number, relative = false): Promise<{ scroll: number; client: number } | null> {
  return table.evaluate(
    (t, { x, by }) => {
      let el: HTMLElement | null = t.parentElement;
      while (el && !['auto', 'scroll'].includes(getComputedStyle(el).overflowX)) el = el.parentElement;
      if (!el || el === document.documentElement || el === document.body) return null;
      el.scrollLeft = by ? el.scrollLeft + x : x;
      return { scroll: el.scrollWidth, client: el.clientWidth };
    },
    { x: left, by: relative },
  );
}

/** Scrolls the table sideways so that `cell` starts right where `sticky` (a left sticky cell) ends. */
export async function scrollBeside(table: Locator, cell: Locator, sticky: Locator): Promise<void> {
  const [c, s] = [await cell.boundingBox(), await sticky.boundingBox()];
  if (!c || !s) throw new Error('scrollBeside: a cell is not drawn');
  await scrollTableTo(table, c.x - (s.x + s.width), true);
}

/** True when the two elements' boxes do not overlap (one covering the other). */
export async function apart(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x + x.width <= y.x + 0.5 || y.x + y.width <= x.x + 0.5 || x.y + x.height <= y.y + 0.5 || y.y + y.height <= x.y + 0.5;
}

/**
 * /main and /lb-tag put the focus in their LB-number box on arrival at a desk — where the keyboard-
 * wedge scanners are — so a scan lands there with no click first. On a touch
 * screen the focus stays with the page heading: a focused box would open the on-screen keyboard
 * over the page. Form screens do the same with their first field (components/form/form-screen.tsx).
 */
import { useEffect, type RefObject } from 'react';

const DESK = '(pointer: fine)';

/** Focuses `container` when it is the input, else the first input inside it. */
export function useScannerFocus(container: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!window.matchMedia(DESK).matches) return;
    const el = container.current;
    const input = el instanceof HTMLInputElement ? el : el?.querySelector<HTMLInputElement>('input:not([type="hidden"]):not(:disabled)');
    input?.focus();
  }, [container]);
}

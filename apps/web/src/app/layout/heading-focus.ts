/**
 * After a route change, focus moves to the new screen's heading (its h1, made focusable with
 * tabindex -1), so a screen reader announces where the user has arrived and Tab continues from the
 * top of the page rather than from a menu link. A screen that focuses something itself — a form its
 * first field, a filter panel or dialog its own — keeps that focus: the heading is only taken while
 * focus is nowhere in particular (on the body) or still outside the page (the menu link clicked).
 * The first load is left to the browser and autofocus.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** A page whose heading waits for its data still gets focus when it arrives; not after this. */
const WAIT_FOR_HEADING_MS = 3000;

function focusIsTaken(main: Element): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return false;
  return main.contains(active) || active.closest('[role="dialog"]') !== null;
}

export function useHeadingFocus() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const deadline = performance.now() + WAIT_FOR_HEADING_MS;
    let frame = 0;
    const tryFocus = () => {
      const main = document.querySelector('main');
      if (main && focusIsTaken(main)) return;
      const heading = main?.querySelector('h1');
      if (!heading) {
        if (performance.now() < deadline) frame = requestAnimationFrame(tryFocus);
        return;
      }
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}

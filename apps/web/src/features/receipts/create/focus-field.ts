/** Moving the focus on /receipt-create once a field is on the page (docs/product.md §5.3). */

export function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

/**
 * Focuses the field named `name` inside the container once it is on the page (a field just
 * revealed needs a frame or two), giving up after a second. The element is looked up in the DOM:
 * react-hook-form's setFocus can hold a stale ref right after a field mounts.
 */
export async function focusByName(container: () => HTMLElement | null, name: string): Promise<void> {
  const until = performance.now() + 1000;
  for (;;) {
    container()?.querySelector<HTMLElement>(`input[name="${name}"], select[name="${name}"], textarea[name="${name}"]`)?.focus();
    if (document.activeElement?.getAttribute('name') === name || performance.now() > until) return;
    await nextFrame();
  }
}

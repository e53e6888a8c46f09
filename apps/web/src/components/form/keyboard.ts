import type { KeyboardEvent } from 'react';

/**
 * Enter never submits a data form from an input (docs/product.md §5.1; docs/decisions/040-enter-key.md): a
 * wedge scanner ends its burst with Enter. Textareas still get their newlines.
 */
export function preventEnterSubmit(event: KeyboardEvent<HTMLElement>) {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
}

/** Number inputs ignore ArrowUp / ArrowDown (docs/product.md §5.1). */
export function ignoreArrowKeys(event: KeyboardEvent<HTMLElement>) {
  if (event.key === 'ArrowUp' || event.key === 'ArrowDown') event.preventDefault();
}

import type { KeyboardEvent } from 'react';

/** Enter never submits a form from an input (spec 5.1); textareas still get their newlines. */
export function preventEnterSubmit(event: KeyboardEvent<HTMLElement>) {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
}

/** Number inputs ignore ArrowUp / ArrowDown (spec 5.1). */
export function ignoreArrowKeys(event: KeyboardEvent<HTMLElement>) {
  if (event.key === 'ArrowUp' || event.key === 'ArrowDown') event.preventDefault();
}

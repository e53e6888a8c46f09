import type { KeyboardEvent } from 'react';

/**
 * Enter in a field submits the sign-in screens (login, each recovery step): no wedge scanner types
 * there, and people and password managers expect Enter to sign in. Data forms keep the spec's rule
 * (AppForm stops Enter), so these screens catch the key first — put this on a wrapper as
 * `onKeyDownCapture` — and submit the way the browser would: through the form's submit button, and
 * not at all while that button is disabled (pristine, or a request running).
 */
export function submitOnEnter(event: KeyboardEvent<HTMLElement>) {
  const field = event.target;
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
  if (!(field instanceof HTMLInputElement) || !field.form) return;
  event.preventDefault();
  const submit = field.form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (submit && !submit.disabled) field.form.requestSubmit(submit);
}

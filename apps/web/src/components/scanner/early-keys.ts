/**
 * Keys before the scan field (docs/decisions/275): installed once at start (main.tsx), before any
 * screen's code has loaded, a document-wide listener keeps the keys typed while no field has the
 * focus (early-keys-model.ts says which), and the screen's scan field takes them — in order, each
 * once — as soon as it can: when it is mounted and enabled, when it gets the focus, or at once when
 * it is already there and the focus is on the page. wedge-input.ts is the only taker: a field opts
 * in with `useWedgeInput({ earlyKeys: ref })`, and the keys go in as if typed there, Enter included.
 *
 * Where a key "goes nowhere": the body, a heading or any element that is no control (a link too: a
 * character typed on a link does nothing). Not kept: keys on an input, select, text area, button or
 * ARIA control, and anything inside a dialog (the screen behind it is not the one being spoken to).
 * The listener sits on the window in the bubbling phase, so a key the page used itself (a shortcut,
 * whose default it prevented) is not taken.
 */
import { EarlyKeyBuffer, MODIFIER_KEYS, isPrintableKey, type EarlyKey } from './early-keys-model';

export type { EarlyKey } from './early-keys-model';

export type TextInputElement = HTMLInputElement | HTMLTextAreaElement;

export interface EarlyKeysTaker {
  /** The field, or null while it is not on the page. */
  input: () => TextInputElement | null;
  /** Puts the keys in the field as if typed there (the field has the focus by then). */
  take: (input: TextInputElement, keys: readonly EarlyKey[]) => void;
}

interface Registration {
  taker: EarlyKeysTaker;
  /** Raised when registered and each time the field gets the focus: the latest field the person or the screen chose. */
  order: number;
}

const CONTROLS = [
  'input',
  'textarea',
  'select',
  'button',
  'summary',
  'iframe',
  'audio',
  'video',
  '[contenteditable]:not([contenteditable="false"])',
  ...[
    'textbox',
    'searchbox',
    'combobox',
    'button',
    'checkbox',
    'radio',
    'switch',
    'slider',
    'spinbutton',
    'tab',
    'menuitem',
    'option',
    'listbox',
    'menu',
    'grid',
    'tree',
  ].map((role) => `[role="${role}"]`),
].join(', ');

/** The key reached no field and no control: nothing on the page takes it. */
export function goesNowhere(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return true;
  if (target.closest('[role="dialog"], [role="alertdialog"], [aria-modal="true"], dialog')) return false;
  if (target instanceof HTMLElement && target.isContentEditable) return false;
  return !target.matches(CONTROLS);
}

const buffer = new EarlyKeyBuffer();
const registrations = new Set<Registration>();
let counter = 0;
let installed = false;
let scheduled = false;

function usable(input: TextInputElement | null): input is TextInputElement {
  return input !== null && input.isConnected && !input.disabled && !input.readOnly;
}

/** The focus is on this field, or on nothing a person types into (not another field). */
function focusFree(input: TextInputElement): boolean {
  const active = document.activeElement;
  return active === input || active === null || goesNowhere(active);
}

function give(registration: Registration | undefined): void {
  if (!registration || buffer.size === 0) return;
  const input = registration.taker.input();
  if (!usable(input) || !focusFree(input)) return;
  // Taken before the focus moves: the field's own focus handler then finds nothing left to take.
  const keys = buffer.take(performance.now());
  if (keys.length === 0) return;
  if (document.activeElement !== input) input.focus();
  registration.taker.take(input, keys);
}

/** The field that takes keys typed on the page: the one focused or registered last, if it can. */
function current(): Registration | undefined {
  let best: Registration | undefined;
  for (const r of registrations) if ((!best || r.order > best.order) && usable(r.taker.input())) best = r;
  return best;
}

/**
 * After the key's own task: not in the middle of another handler, and before the next key is
 * handled (each key is a task of its own), so the order of the keys holds.
 */
function schedule(registration?: Registration): void {
  if (scheduled && !registration) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    give(registration ?? current());
  });
}

function onKeyDown(event: KeyboardEvent): void {
  if (event.defaultPrevented || event.isComposing || MODIFIER_KEYS.has(event.key)) return;
  if (!goesNowhere(event.target)) return;
  if (!isPrintableKey(event) && event.key !== 'Enter') {
    buffer.clear();
    return;
  }
  if (!buffer.record(event.key, event.timeStamp)) return;
  // The field gets it: its default is not done as well (a space would scroll, an Enter ending a code
  // on a link follow it). While no field can take it yet, a character keeps its default (a space
  // still scrolls a screen that has no scan field).
  if (event.key === 'Enter' || current()) event.preventDefault();
  schedule();
}

/** Starts keeping early keys; once, at start. */
export function installEarlyKeys(target: Window = window): void {
  if (installed) return;
  installed = true;
  target.addEventListener('keydown', onKeyDown);
  target.addEventListener('pointerdown', () => buffer.clear(), true);
}

export interface EarlyKeysRegistration {
  /** The field is on the page and enabled (mounted, or enabled again): it takes what waits. */
  ready: () => void;
  /** The field got the focus: it is the one keys typed on the page go to, and it takes what waits. */
  focused: () => void;
  /** A key reached the field itself, stamped `time`: what waited comes first, and that key is not given again. */
  typed: (time: number) => void;
  unregister: () => void;
}

export function registerEarlyKeys(taker: EarlyKeysTaker): EarlyKeysRegistration {
  const registration: Registration = { taker, order: ++counter };
  registrations.add(registration);
  return {
    ready: () => {
      if (buffer.size > 0) schedule(registration);
    },
    focused: () => {
      registration.order = ++counter;
      schedule(registration);
    },
    typed: (time) => {
      buffer.reached(time);
      give(registration);
    },
    unregister: () => {
      registrations.delete(registration);
    },
  };
}

/**
 * The keyboard-wedge scanner on an input (spec 5.1, 5.3, 9; docs/decisions/122): keystroke bursts
 * under 10 ms apart ended by Enter are one scanned value, handed to `onScan`; Enter never submits
 * the form; typing by hand works as in any input.
 *
 *   const wedge = useWedgeInput({ onScan: (value) => setValue('engineerNo', value) });
 *   <TextInput {...wedge} />      // spreads onKeyDown and onFocus
 *
 * One scanner types into one page, so scans go through one queue for the whole page: each is
 * handled after the previous one has finished (an `onScan` may return a promise, e.g. a lookup),
 * in order, exactly once. A scan whose turn comes after the previous one moved the focus goes to
 * the wedge input that has the focus then — as if the earlier scan had been handled instantly —
 * or, when no wedge input has it, to the input it was typed into.
 */
import { useEffect, useMemo, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import { DEFAULT_WEDGE_TIMING, ScanQueue, WedgeBurst } from './wedge-model';

export type ScanHandler = (value: string) => Promise<unknown> | unknown;

interface Registration {
  onScan: ScanHandler;
}

type TextElement = HTMLInputElement | HTMLTextAreaElement;

/** Wedge inputs of the page, by element (registered when focused or typed into). */
const registry = new WeakMap<Element, { current: Registration }>();

function deliver({ value, origin }: { value: string; origin: Element }) {
  const focused = document.activeElement;
  const target = focused && registry.has(focused) ? focused : origin;
  const entry = registry.get(target);
  if (!entry || !target.isConnected) {
    console.warn('A scanned value arrived when no input could take it', value);
    return undefined;
  }
  return entry.current.onScan(value);
}

const queue = new ScanQueue(deliver);

/** Puts held-back characters into the input at its caret, as typing them would. */
function insertText(input: TextElement, text: string) {
  if (!text) return;
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? start;
  const next = input.value.slice(0, start) + text + input.value.slice(end);
  // The prototype's setter, so React's value tracker sees a change and fires onChange.
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input) as object, 'value')?.set;
  if (setter) setter.call(input, next);
  else input.value = next;
  input.setSelectionRange(start + text.length, start + text.length);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

const INPUT_PENDING_RETRY_MS = 20;

/** Chromium's navigator.scheduling.isInputPending(): input events queued but not yet dispatched. */
function inputPending(): boolean {
  const scheduling = (navigator as Navigator & { scheduling?: { isInputPending?: () => boolean } }).scheduling;
  return scheduling?.isInputPending?.() ?? false;
}

const MODIFIER_KEYS = new Set(['Shift', 'CapsLock', 'Control', 'Alt', 'AltGraph', 'Meta']);

function isPrintable(event: KeyboardEvent) {
  return event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
}

export interface WedgeInputOptions {
  /** One scanned value (without its Enter). May return a promise: later scans wait for it. */
  onScan: ScanHandler;
  /** Enter pressed by a person (never submits the form either way). */
  onEnter?: () => void;
}

export interface WedgeInputProps {
  onKeyDown: (event: KeyboardEvent<TextElement>) => void;
  onFocus: (event: FocusEvent<TextElement>) => void;
}

/**
 * One scanner, one burst: the page's wedge inputs share it, so a burst that a scan's handler splits
 * by moving the focus (serial scanned → LB Number) goes on in the newly focused input.
 */
const burst = new WedgeBurst(DEFAULT_WEDGE_TIMING);
/** Where the held characters would have gone: they are given back there if they were typing. */
let heldIn: TextElement | null = null;
let releaseTimer: ReturnType<typeof setTimeout> | undefined;

function releaseHeld() {
  clearTimeout(releaseTimer);
  const text = burst.release();
  if (heldIn && heldIn.isConnected) insertText(heldIn, text);
  heldIn = null;
}

/**
 * No Enter in time: it was fast typing after all. Not while input events wait to be handled: a
 * page busy rendering (a scan's lookup answered) may run an overdue timer before them.
 */
function releaseLater(ms: number) {
  clearTimeout(releaseTimer);
  releaseTimer = setTimeout(() => {
    if (inputPending()) releaseLater(INPUT_PENDING_RETRY_MS);
    else releaseHeld();
  }, ms);
}

function onKeyDown(event: KeyboardEvent<TextElement>, onEnter: (() => void) | undefined) {
  const element = event.currentTarget;
  if (event.key === 'Enter') {
    // Never a submit (spec 5.1), whether scanned or pressed.
    event.preventDefault();
    clearTimeout(releaseTimer);
    const outcome = burst.enter(event.timeStamp);
    if (outcome.kind === 'scan') {
      heldIn = null;
      queue.push({ value: outcome.value, origin: element });
    } else {
      if (heldIn && heldIn.isConnected) insertText(heldIn, outcome.release);
      heldIn = null;
      onEnter?.();
    }
    return;
  }
  // A scanner presses Shift for capitals: modifiers neither end nor extend a burst.
  if (MODIFIER_KEYS.has(event.key)) return;
  if (!isPrintable(event)) {
    if (burst.held) releaseHeld();
    return;
  }
  const outcome = burst.key(event.key, event.timeStamp);
  if (outcome.release && heldIn && heldIn.isConnected) insertText(heldIn, outcome.release);
  if (outcome.action === 'hold') {
    event.preventDefault();
    heldIn ??= element;
    releaseLater(DEFAULT_WEDGE_TIMING.releaseMs);
  } else {
    heldIn = element;
    clearTimeout(releaseTimer);
  }
}

export function useWedgeInput(options: WedgeInputOptions): WedgeInputProps {
  const registration = useRef<Registration>({ onScan: options.onScan });
  const onEnter = useRef(options.onEnter);
  useEffect(() => {
    registration.current = { onScan: options.onScan };
    onEnter.current = options.onEnter;
  });

  return useMemo(() => {
    const register = (element: Element) => {
      if (!registry.has(element)) registry.set(element, registration);
    };
    return {
      onKeyDown: (event: KeyboardEvent<TextElement>) => {
        register(event.currentTarget);
        onKeyDown(event, onEnter.current);
      },
      onFocus: (event: FocusEvent<TextElement>) => register(event.currentTarget),
    };
  }, []);
}


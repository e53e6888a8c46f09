/**
 * The keyboard-wedge scanner on an input (docs/product.md §5.1, §5.3, §9; docs/decisions/210): keys go into the
 * input as typed keys do; at Enter, a burst that began at rest is one scanned code, handed whole to
 * `onScan` — whatever the gaps between its keys, and whatever the input held before it (the
 * handler puts the code in place of it) — and any other Enter is a person's, handed to `onEnter`
 * with the input's text. Enter never submits the form.
 *
 *   const wedge = useWedgeInput({ onScan: (code) => setText(code), onEnter: (typed) => find(typed) });
 *   <TextInput {...wedge} />      // spreads onKeyDown and onFocus
 *
 * One scanner types into one page, so scans go through one queue for the whole page: each is
 * handled after the previous one has finished (an `onScan` may return a promise, e.g. a lookup),
 * in order, exactly once. A scan whose turn comes after the previous one moved the focus goes to
 * the wedge input that has the focus then — as if the earlier scan had been handled instantly —
 * or, when no wedge input has it, to the input it was typed into.
 *
 * **Scan committed** (for sounds and flashes): `useScanCommitted(listener)` hears every scan once
 * its handler has finished, with the handler's verdict — `onScan` may return 'accepted' or
 * 'refused'; returning nothing means accepted, throwing means refused, and a scan no input could
 * take is refused.
 */
import { useEffect, useMemo, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import { DEFAULT_WEDGE_TIMING, ScanQueue, WedgeReader } from './wedge-model';

export type ScanVerdict = 'accepted' | 'refused';
export type ScanHandler = (value: string) => Promise<ScanVerdict | void> | ScanVerdict | void;

/** One scan, after its handler finished. */
export interface CommittedScan {
  /** The code as the scanner sent it (before the field's own formatting). */
  value: string;
  verdict: ScanVerdict;
  /** The input that handled it; null when none could. */
  input: Element | null;
}

type ScanListener = (scan: CommittedScan) => void;

interface Registration {
  onScan: ScanHandler;
}

/** Wedge inputs of the page, by element (registered when focused or typed into). */
const registry = new WeakMap<Element, { current: Registration }>();
const listeners = new Set<ScanListener>();

function announce(scan: CommittedScan) {
  for (const listener of listeners) {
    try {
      listener(scan);
    } catch (error) {
      console.error('A scan listener failed', error);
    }
  }
}

async function deliver({ value, origin }: { value: string; origin: Element }) {
  const focused = document.activeElement;
  const target = focused && registry.has(focused) ? focused : origin;
  const entry = registry.get(target);
  if (!entry || !target.isConnected) {
    console.warn('A scanned value arrived when no input could take it', value);
    announce({ value, verdict: 'refused', input: null });
    return;
  }
  let verdict: ScanVerdict = 'refused';
  try {
    verdict = (await entry.current.onScan(value)) ?? 'accepted';
  } finally {
    announce({ value, verdict, input: target });
  }
}

const queue = new ScanQueue(deliver);

/**
 * Listens to every committed scan of the page while the component is mounted (a sound, a flash).
 * The listener may change between renders; the latest one is called.
 */
export function useScanCommitted(listener: ScanListener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    const call: ScanListener = (scan) => latest.current(scan);
    listeners.add(call);
    return () => {
      listeners.delete(call);
    };
  }, []);
}

const MODIFIER_KEYS = new Set(['Shift', 'CapsLock', 'Control', 'Alt', 'AltGraph', 'Meta']);

function isPrintable(event: KeyboardEvent) {
  return event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
}

export interface WedgeInputOptions {
  /** One scanned code (without its Enter), to be put in place of what the input held. May return a promise (later scans wait for it) and a verdict. */
  onScan: ScanHandler;
  /** Enter pressed by a person, with the input's text as typed (never submits the form either way). */
  onEnter?: (typed: string) => void;
}

export interface WedgeInputProps {
  /** On the input, or as `onKeyDownCapture` on a wrapper around a composite field's input. */
  onKeyDown: (event: KeyboardEvent) => void;
  onFocus: (event: FocusEvent) => void;
}

/**
 * One scanner, one reader: the page's wedge inputs share it, so a burst that a scan's handler
 * splits by moving the focus (serial scanned → LB Number) goes on in the newly focused input, and
 * its code is read whole from its keys.
 */
const reader = new WedgeReader(DEFAULT_WEDGE_TIMING);

/** When the key reached the page, as the operating system stamped it (not when a busy page handles it). */
const stamp = (event: KeyboardEvent) => event.nativeEvent.timeStamp;

/** The input the key was typed into: the handler may sit on a wrapper (`onKeyDownCapture`) of a composite field. */
function inputOf(event: KeyboardEvent | FocusEvent): Element {
  const target = event.target;
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ? target : event.currentTarget;
}

/**
 * Puts `text` in place of an input's content as if it had been typed, so a field that keeps its own
 * text (a search-select) sees an ordinary change — for a scan into a field the page does not own.
 */
export function replaceInputText(input: Element, text: string): void {
  if (!(input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) || input.value === text) return;
  // The prototype's setter, so React's value tracker sees a change and fires onChange.
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input) as object, 'value')?.set;
  if (setter) setter.call(input, text);
  else input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

function onKeyDown(event: KeyboardEvent, onEnter: ((typed: string) => void) | undefined) {
  const element = inputOf(event);
  if (event.key === 'Enter') {
    // Never a submit (docs/product.md §5.1), whether scanned or pressed.
    event.preventDefault();
    const outcome = reader.enter(stamp(event));
    if (outcome.kind === 'scan') queue.push({ value: outcome.value, origin: element });
    else onEnter?.(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element.value : '');
    return;
  }
  // A scanner presses Shift for capitals: modifiers neither end nor extend a burst.
  if (MODIFIER_KEYS.has(event.key)) return;
  if (isPrintable(event)) reader.key(event.key, stamp(event));
  else reader.edit(stamp(event));
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
      onKeyDown: (event: KeyboardEvent) => {
        register(inputOf(event));
        onKeyDown(event, onEnter.current);
      },
      onFocus: (event: FocusEvent) => register(inputOf(event)),
    };
  }, []);
}

/**
 * The keyboard-wedge scanner on an input (docs/product.md §5.1, §5.3, §9; docs/decisions/275): keys go into the
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
 *
 * **Keys before the field**: a screen's scan field passes `earlyKeys` (a ref to
 * the input, or to a wrapper around it) and takes the keys typed before it could — while the screen
 * was opening, or with the focus on the page — in order, as if typed into it: the same burst, the
 * same Enter (early-keys.ts).
 */
import { useEffect, useLayoutEffect, useMemo, useRef, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { registerEarlyKeys, type EarlyKey, type EarlyKeysRegistration, type TextInputElement } from './early-keys';
import { MODIFIER_KEYS, isPrintableKey } from './early-keys-model';
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

export interface WedgeInputOptions {
  /** One scanned code (without its Enter), to be put in place of what the input held. May return a promise (later scans wait for it) and a verdict. */
  onScan: ScanHandler;
  /** Enter pressed by a person, with the input's text as typed (never submits the form either way). */
  onEnter?: (typed: string) => void;
  /** The screen's scan field (the input, or a wrapper around it): it takes the keys typed before it could. */
  earlyKeys?: RefObject<HTMLElement | null>;
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

/** Enter at `time` in `element`: the end of a scan, or a person's (docs/decisions/275). */
function enter(element: Element, time: number, onEnter: ((typed: string) => void) | undefined) {
  const outcome = reader.enter(time);
  if (outcome.kind === 'scan') queue.push({ value: outcome.value, origin: element });
  else onEnter?.(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element.value : '');
}

function onKeyDown(event: KeyboardEvent, onEnter: ((typed: string) => void) | undefined) {
  const element = inputOf(event);
  if (event.key === 'Enter') {
    // Never a submit (docs/product.md §5.1), whether scanned or pressed.
    event.preventDefault();
    enter(element, stamp(event), onEnter);
    return;
  }
  // A scanner presses Shift for capitals: modifiers neither end nor extend a burst.
  if (MODIFIER_KEYS.has(event.key)) return;
  if (isPrintableKey(event)) reader.key(event.key, stamp(event));
  else reader.edit(stamp(event));
}

/**
 * Keys typed before the field could take them, put in now as if typed there: each character read
 * by the same reader with its own time stamp and added at the end of the field's text, each Enter
 * the field's Enter.
 */
function replay(input: TextInputElement, keys: readonly EarlyKey[], onEnter: ((typed: string) => void) | undefined) {
  let run = '';
  const typeRun = () => {
    if (run !== '') replaceInputText(input, input.value + run);
    run = '';
  };
  for (const { key, time } of keys) {
    if (key === 'Enter') {
      typeRun();
      enter(input, time, onEnter);
    } else {
      reader.key(key, time);
      run += key;
    }
  }
  typeRun();
}

/** The text input itself, or the first one inside a wrapper. */
function textInputOf(element: HTMLElement | null): TextInputElement | null {
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) return element;
  return element?.querySelector<HTMLInputElement>('input:not([type="hidden"])') ?? null;
}

const register = (element: Element, registration: { current: Registration }) => {
  if (!registry.has(element)) registry.set(element, registration);
};

export function useWedgeInput(options: WedgeInputOptions): WedgeInputProps {
  const registration = useRef<Registration>({ onScan: options.onScan });
  const onEnter = useRef(options.onEnter);
  useEffect(() => {
    registration.current = { onScan: options.onScan };
    onEnter.current = options.onEnter;
  });

  // Layout effects: they run in the commit that mounts the field (after its autoFocus), before any
  // further key can reach it, so the keys that waited come first.
  const early = useRef<EarlyKeysRegistration | null>(null);
  const earlyRef = options.earlyKeys;
  useLayoutEffect(() => {
    if (!earlyRef) return undefined;
    const taker = registerEarlyKeys({
      input: () => textInputOf(earlyRef.current),
      take: (input, keys) => {
        register(input, registration);
        replay(input, keys, onEnter.current);
      },
    });
    early.current = taker;
    return () => {
      early.current = null;
      taker.unregister();
    };
  }, [earlyRef]);
  // Each render: a field enabled again (or shown) takes what waited meanwhile.
  useLayoutEffect(() => early.current?.ready());

  return useMemo(
    () => ({
      onKeyDown: (event: KeyboardEvent) => {
        early.current?.typed(stamp(event));
        register(inputOf(event), registration);
        onKeyDown(event, onEnter.current);
      },
      onFocus: (event: FocusEvent) => {
        register(inputOf(event), registration);
        early.current?.focused();
      },
    }),
    [],
  );
}

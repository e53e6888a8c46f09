/**
 * The keyboard-wedge scanner on an input (spec 5.1, 5.3, 9; docs/decisions/122): keystroke bursts
 * under 10 ms apart ended by Enter are one scanned value, handed to `onScan`; Enter never submits
 * the form; typing by hand works as in any input.
 *
 *   const wedge = useWedgeInput({ onScan: (value) => setValue('engineerNo', value) });
 *   <TextInput {...wedge} />      // spreads onKeyDown, onFocus and onBlur
 *
 * One scanner types into one page, so scans go through one queue for the whole page: each is
 * handled after the previous one has finished (an `onScan` may return a promise, e.g. a lookup),
 * in order, exactly once. A scan whose turn comes after the previous one moved the focus goes to
 * the wedge input that has the focus then — as if the earlier scan had been handled instantly —
 * or, when no wedge input has it, to the input it was typed into.
 */
import { useEffect, useMemo, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import { DEFAULT_WEDGE_TIMING, ScanQueue, WedgeBurst, type WedgeTiming } from './wedge-model';

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

function isTextElement(target: EventTarget): target is TextElement {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
}

function isPrintable(event: KeyboardEvent) {
  return event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
}

export interface WedgeInputOptions {
  /** One scanned value (without its Enter). May return a promise: later scans wait for it. */
  onScan: ScanHandler;
  /** Enter pressed by a person (never submits the form either way). */
  onEnter?: () => void;
  timing?: WedgeTiming;
}

export interface WedgeInputProps {
  onKeyDown: (event: KeyboardEvent<TextElement>) => void;
  onFocus: (event: FocusEvent<TextElement>) => void;
  onBlur: (event: FocusEvent<TextElement>) => void;
}

export function useWedgeInput(options: WedgeInputOptions): WedgeInputProps {
  const registration = useRef<Registration>({ onScan: options.onScan });
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
    registration.current = { onScan: options.onScan };
  });

  const timing = options.timing ?? DEFAULT_WEDGE_TIMING;
  const burst = useMemo(() => new WedgeBurst(timing), [timing]);
  const releaseTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(releaseTimer.current), []);

  return useMemo(() => {
    const register = (element: Element) => {
      if (!registry.has(element)) registry.set(element, registration);
    };
    const releaseInto = (element: TextElement) => {
      clearTimeout(releaseTimer.current);
      insertText(element, burst.release());
    };
    return {
      onKeyDown: (event: KeyboardEvent<TextElement>) => {
        const element = event.currentTarget;
        register(element);
        if (event.key === 'Enter') {
          // Never a submit (spec 5.1), whether scanned or pressed.
          event.preventDefault();
          clearTimeout(releaseTimer.current);
          const outcome = burst.enter(event.timeStamp);
          if (outcome.kind === 'scan') {
            queue.push({ value: outcome.value, origin: element });
          } else {
            insertText(element, outcome.release);
            optionsRef.current.onEnter?.();
          }
          return;
        }
        if (!isPrintable(event)) {
          if (burst.held) releaseInto(element);
          return;
        }
        const outcome = burst.key(event.key, event.timeStamp);
        insertText(element, outcome.release);
        if (outcome.action === 'hold') {
          event.preventDefault();
          clearTimeout(releaseTimer.current);
          // No Enter in time: it was fast typing after all.
          releaseTimer.current = setTimeout(() => {
            if (isTextElement(element) && element.isConnected) insertText(element, burst.release());
          }, timing.enterGapMs);
        }
      },
      onFocus: (event: FocusEvent<TextElement>) => register(event.currentTarget),
      onBlur: (event: FocusEvent<TextElement>) => {
        if (burst.held) releaseInto(event.currentTarget);
      },
    };
  }, [burst, timing]);
}

/** Scans accepted but not yet handled, the one in hand included (0 when idle). */
export function pendingScans(): number {
  return queue.waiting + (queue.busy ? 1 : 0);
}

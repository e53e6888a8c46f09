/**
 * The pure half of the early-keys rule (docs/decisions/275): keys that arrive while no field has
 * the focus — the screen still opening, or the focus on the page rather than a field — are kept
 * here until the screen's scan field takes them, so a scan that starts as a screen opens arrives
 * whole. early-keys.ts binds it to the document; wedge-input.ts puts the keys in the field.
 *
 * - Kept: printable characters, and an Enter that ends kept characters (a code's suffix). A lone
 *   Enter is a person's and means nothing to a field. Modifiers neither end nor extend anything.
 * - Dropped: everything kept, on any other key (Backspace, Tab, an arrow, a shortcut: a person
 *   doing something else) or a click (the person's attention moved; keys typed before it were not
 *   meant for what opens after it).
 * - Kept together: the keys are one run. A key more than `maxAgeMs` after the previous one starts a
 *   new run (the old one was typed on a page that never gave it a field), and a run whose last key
 *   is older than that when a field asks is not given — whole or not at all, never a fragment.
 * - Bounded: at most `maxKeys`; past that the oldest whole code goes first.
 * - Each key once: a key that reached a field itself (the same event, by its time stamp) is not
 *   given again.
 */

/**
 * Long enough for a screen to open on a slow tablet on a poor network (its code and its data: 20 s
 * and more were seen on a loaded machine), short enough that old typing is not replayed.
 */
export const EARLY_KEYS_MAX_AGE_MS = 30_000;
/** About 200 LB tags: a whole pallet scanned while a screen opens. */
export const EARLY_KEYS_MAX = 4_000;

/** Keys that neither end nor extend a code: a scanner presses Shift for capitals. */
export const MODIFIER_KEYS: ReadonlySet<string> = new Set(['Shift', 'CapsLock', 'Control', 'Alt', 'AltGraph', 'Meta']);

/** A key that types one character into a text field. */
export function isPrintableKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  return event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
}

export interface EarlyKey {
  /** One character, or 'Enter'. */
  key: string;
  /** The key event's time stamp, ms. */
  time: number;
}

export interface EarlyKeysLimits {
  maxAgeMs: number;
  maxKeys: number;
}

export class EarlyKeyBuffer {
  private keys: EarlyKey[] = [];

  constructor(private readonly limits: EarlyKeysLimits = { maxAgeMs: EARLY_KEYS_MAX_AGE_MS, maxKeys: EARLY_KEYS_MAX }) {}

  /**
   * A key typed while no field had the focus. Returns whether it was kept (the caller then stops
   * its default action: the field will get it).
   */
  record(key: string, time: number): boolean {
    const last = this.keys.at(-1);
    if (last && time - last.time > this.limits.maxAgeMs) this.keys = [];
    if (key === 'Enter') {
      const previous = this.keys.at(-1);
      if (!previous || previous.key === 'Enter') return false;
    } else if (key.length !== 1) {
      return false;
    }
    if (this.keys.length >= this.limits.maxKeys) this.dropOldestCode();
    this.keys.push({ key, time });
    return true;
  }

  /** A person's other key, or a click: nothing kept is meant for a field any more. */
  clear(): void {
    this.keys = [];
  }

  /** The key stamped `time` reached a field itself: it is not given again. */
  reached(time: number): void {
    this.keys = this.keys.filter((k) => k.time !== time);
  }

  /** Everything kept, in order, for the field that takes it now (`now`: ms, the clock of the time stamps); the buffer is emptied. */
  take(now: number): EarlyKey[] {
    const keys = this.keys;
    this.keys = [];
    const last = keys.at(-1);
    if (!last || now - last.time > this.limits.maxAgeMs) return [];
    return keys;
  }

  get size(): number {
    return this.keys.length;
  }

  private dropOldestCode(): void {
    const end = this.keys.findIndex((k) => k.key === 'Enter');
    this.keys.splice(0, end === -1 ? 1 : end + 1);
  }
}

/**
 * The pure half of the keyboard-wedge scanner (docs/product.md §5.1, §5.3, §9; docs/decisions/275): a barcode
 * scanner "types" each code as keystrokes and ends it with Enter. wedge-input.ts binds these to
 * input elements; they are kept free of the DOM so the rule can be run against timing models.
 *
 * - `WedgeReader` reads a scan by its outcome, not by one gap. Keys go into the field as typed
 *   keys do. A **burst** is a run of keys each at most `burstGapMs` after the one before; a pause
 *   longer than that starts a new one. Enter that ends a burst of at least `minLength` characters,
 *   within `burstGapMs` of its last key, is a **scan** — provided the burst began **at rest**: no
 *   key for `restMs` before it, or right after an Enter (the previous code), or as the first key
 *   seen. A scan's value is the burst's characters, whatever the field held before it began.
 *   Everything else is a person's Enter: the field's own text is what they meant.
 * - `ScanQueue` delivers scans one at a time, in order, each exactly once, waiting for a slow
 *   handler (a lookup) before the next: bursts arriving faster than they are handled are queued,
 *   none lost, none doubled.
 */

/**
 * Keys at most this far apart are one code. Scanners send a key every 1–30 ms (USB polled at
 * 125 Hz: 8 ms; Bluetooth: 7.5–30 ms with stalls of ~60 ms), a busy page sees them up to ~100 ms
 * apart; docs/product.md §9's 10 ms is a scanner's usual speed, not a limit. 120 leaves a margin over 100.
 */
export const WEDGE_BURST_GAP_MS = 120;
/**
 * A burst is a scan only when it began after this long without a key (or right after an Enter):
 * the scanner's code starts from rest, while the quick keys inside a person's typing follow the
 * person's previous key (80–250 ms earlier) and are typing.
 */
export const WEDGE_REST_MS = 500;
/** A scan carries at least this many characters; fewer keys then Enter are a person typing. */
export const WEDGE_MIN_LENGTH = 3;

export interface WedgeTiming {
  burstGapMs: number;
  restMs: number;
  minLength: number;
}

export const DEFAULT_WEDGE_TIMING: WedgeTiming = {
  burstGapMs: WEDGE_BURST_GAP_MS,
  restMs: WEDGE_REST_MS,
  minLength: WEDGE_MIN_LENGTH,
};

export type EnterOutcome =
  /** The burst is one scanned code: it replaces what the field held. */
  | { kind: 'scan'; value: string }
  /** A person pressed Enter: the field's text, as typed, is what they commit. */
  | { kind: 'typed' };

export class WedgeReader {
  /** The current burst's characters. */
  private chars: string[] = [];
  /** Time of the last key (printable, editing or Enter), ms. */
  private last = Number.NEGATIVE_INFINITY;
  /** The last key was an Enter (or none yet): the next key starts a code from rest. */
  private afterEnter = true;
  /** The current burst began at rest. */
  private atRest = false;

  constructor(private readonly timing: WedgeTiming = DEFAULT_WEDGE_TIMING) {}

  /** A printable character typed at `time` (ms, e.g. `event.timeStamp`). It goes into the field as usual. */
  key(char: string, time: number): void {
    const gap = time - this.last;
    if (this.chars.length > 0 && gap <= this.timing.burstGapMs) {
      this.chars.push(char);
    } else {
      this.atRest = this.afterEnter || gap >= this.timing.restMs;
      this.chars = [char];
    }
    this.last = time;
    this.afterEnter = false;
  }

  /** Backspace, Delete, an arrow, Tab, a paste: a person editing. The burst ends there. */
  edit(time: number): void {
    this.chars = [];
    this.last = time;
    this.afterEnter = false;
  }

  /** Enter at `time`. */
  enter(time: number): EnterOutcome {
    const scan = this.atRest && this.chars.length >= this.timing.minLength && time - this.last <= this.timing.burstGapMs;
    const value = this.chars.join('');
    this.chars = [];
    this.last = time;
    this.afterEnter = true;
    return scan ? { kind: 'scan', value } : { kind: 'typed' };
  }

  /** The characters of the burst under way ('' between bursts). */
  get burst(): string {
    return this.chars.join('');
  }
}

/** Scans handed to `deliver` one at a time, in arrival order; a failing delivery does not stop the rest. */
export class ScanQueue<T> {
  private readonly items: T[] = [];
  private running = false;

  constructor(private readonly deliver: (item: T) => Promise<unknown> | unknown) {}

  push(item: T): void {
    this.items.push(item);
    if (!this.running) void this.drain();
  }

  /** Scans waiting, the one being delivered not counted. */
  get waiting(): number {
    return this.items.length;
  }

  get busy(): boolean {
    return this.running;
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      for (let item = this.items.shift(); item !== undefined; item = this.items.shift()) {
        try {
          await this.deliver(item);
        } catch (error) {
          console.error('A scanned value could not be handled', error);
        }
      }
    } finally {
      this.running = false;
    }
  }
}

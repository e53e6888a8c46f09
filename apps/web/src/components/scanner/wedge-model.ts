/**
 * The pure half of the keyboard-wedge scanner (spec 5.1, 5.3, 9): a barcode scanner that "types"
 * each code as keystrokes a few milliseconds apart and ends it with Enter. wedge-input.ts binds
 * these to an input element; they are kept free of the DOM so the timing rules can be unit-tested.
 *
 * - `WedgeBurst` tells, keystroke by keystroke, a burst (gaps < 10 ms) from typing. The first key
 *   of any run goes into the input as usual (nobody can tell yet); the following keys of a burst
 *   are held out of it, so a scan never leaves half a code behind. Enter after a burst of at least
 *   two characters is a scan; held keys that no Enter follows were fast typing and are given back.
 * - `ScanQueue` delivers scans one at a time, in order, each exactly once, waiting for a slow
 *   handler (a lookup) before the next: bursts arriving faster than they are handled are queued,
 *   none lost, none doubled.
 */

/** Keystrokes closer than this belong to one burst (spec 9: "Scanner detection gap 10 ms"). */
export const WEDGE_KEY_GAP_MS = 10;
/**
 * How long after the burst's last character its Enter may come. Scanners send the suffix at once,
 * but a busy page may see it a little late; a person never types two characters within 10 ms and
 * then Enter within 50 ms by accident of meaning something else.
 */
export const WEDGE_ENTER_GAP_MS = 50;
/**
 * Held keys no Enter followed are given back to the input after this long (real time): fast typing
 * after all. Generous, so a busy page that handles the Enter late does not split a scan.
 */
export const WEDGE_RELEASE_MS = 250;
/** A scan carries at least this many characters; a lone key and Enter is a person pressing Enter. */
export const WEDGE_MIN_LENGTH = 2;

export interface WedgeTiming {
  keyGapMs: number;
  enterGapMs: number;
  minLength: number;
  releaseMs: number;
}

export const DEFAULT_WEDGE_TIMING: WedgeTiming = {
  keyGapMs: WEDGE_KEY_GAP_MS,
  enterGapMs: WEDGE_ENTER_GAP_MS,
  minLength: WEDGE_MIN_LENGTH,
  releaseMs: WEDGE_RELEASE_MS,
};

/** What to do with a printable key: let it reach the input, or hold it back (a burst goes on). */
export interface KeyOutcome {
  action: 'type' | 'hold';
  /** Held characters that turned out to be typing: insert them first. '' when none. */
  release: string;
}

export type EnterOutcome =
  /** The burst is one scanned value: the input gets no Enter and no held characters. */
  | { kind: 'scan'; value: string }
  /** A person pressed Enter; `release` as for keys. */
  | { kind: 'enter'; release: string };

export class WedgeBurst {
  /** The current run: its first character went into the input, the rest were held. */
  private chars: string[] = [];
  private last = Number.NEGATIVE_INFINITY;

  constructor(private readonly timing: WedgeTiming = DEFAULT_WEDGE_TIMING) {}

  /** A printable character typed at `time` (ms, e.g. `event.timeStamp`). */
  key(char: string, time: number): KeyOutcome {
    if (this.chars.length > 0 && time - this.last < this.timing.keyGapMs) {
      this.chars.push(char);
      this.last = time;
      return { action: 'hold', release: '' };
    }
    const release = this.release();
    this.chars = [char];
    this.last = time;
    return { action: 'type', release };
  }

  /** Enter at `time`. */
  enter(time: number): EnterOutcome {
    const isScan = this.chars.length >= this.timing.minLength && time - this.last < this.timing.enterGapMs;
    if (isScan) {
      const value = this.chars.join('');
      this.reset();
      return { kind: 'scan', value };
    }
    return { kind: 'enter', release: this.release() };
  }

  /** Any other key (Backspace, arrows, Tab), a blur, or the wait for Enter ran out: the run was typing. */
  release(): string {
    const held = this.chars.slice(1).join('');
    this.reset();
    return held;
  }

  /** Characters held back right now (what `release()` would give). */
  get held(): string {
    return this.chars.slice(1).join('');
  }

  private reset() {
    this.chars = [];
    this.last = Number.NEGATIVE_INFINITY;
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

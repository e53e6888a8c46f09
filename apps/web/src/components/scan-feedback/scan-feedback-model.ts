/**
 * The pure half of the scan feedback (docs/decisions/214): what an accepted and a refused scan
 * sound like, the feedback's own small store (the last outcome, its message and a running count,
 * so a view can flash once per scan), and where the mute choice is kept.
 */

export type ScanOutcome = 'accepted' | 'refused';

/** One beep: an oscillator of `type` at `frequency` Hz, from `startMs` for `durationMs`. */
export interface Beep {
  type: 'sine' | 'square' | 'sawtooth' | 'triangle';
  frequency: number;
  startMs: number;
  durationMs: number;
}

/**
 * Accepted: one short high beep, like a hand scanner's good read. Refused: two low buzzes, which
 * no one mistakes for it even on a loud floor.
 */
export const BEEPS: Readonly<Record<ScanOutcome, readonly Beep[]>> = {
  accepted: [{ type: 'square', frequency: 1760, startMs: 0, durationMs: 70 }],
  refused: [
    { type: 'sawtooth', frequency: 196, startMs: 0, durationMs: 140 },
    { type: 'sawtooth', frequency: 196, startMs: 200, durationMs: 140 },
  ],
};

/** Peak volume of a beep (0–1): audible over a floor, not startling at a desk. */
export const BEEP_GAIN = 0.12;
/** Fade in and out, so a beep does not click. */
export const BEEP_RAMP_MS = 5;

export interface ScanFeedbackState {
  /** Scans reported since the page loaded; a view flashes when it grows. */
  count: number;
  outcome: ScanOutcome | null;
  message: string;
}

export interface ScanFeedbackStore {
  get: () => ScanFeedbackState;
  report: (outcome: ScanOutcome, message: string) => ScanFeedbackState;
  subscribe: (listener: () => void) => () => void;
}

export function createScanFeedbackStore(): ScanFeedbackStore {
  let state: ScanFeedbackState = { count: 0, outcome: null, message: '' };
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    report: (outcome, message) => {
      state = { count: state.count + 1, outcome, message };
      for (const listener of listeners) listener();
      return state;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The sound is muted per user in this browser, like the user's receipt defaults. */
export const muteStorageKey = (userId: string) => `scan-sound-muted:${userId}`;

interface KeyValueStorage {
  getItem: (key: string) => string | null;
  setItem: (key: string, value: string) => void;
  removeItem: (key: string) => void;
}

export function readMuted(storage: KeyValueStorage, userId: string): boolean {
  try {
    return storage.getItem(muteStorageKey(userId)) === '1';
  } catch {
    return false;
  }
}

export function writeMuted(storage: KeyValueStorage, userId: string, muted: boolean): void {
  try {
    if (muted) storage.setItem(muteStorageKey(userId), '1');
    else storage.removeItem(muteStorageKey(userId));
  } catch {
    /* storage unavailable: the choice lasts until the page is left */
  }
}

/**
 * How real keyboards and keyboard-wedge scanners space their keys, as a seeded model shared by the
 * web unit tests (components/scanner/wedge-timing.test.ts, through a relative import) and the
 * browser tests (support/scanner.ts stamps each key with these times through CDP). Plain
 * TypeScript, no Playwright or DOM: both sides can load it (docs/decisions/275).
 *
 * Profiles (gaps between consecutive keys of one code, Enter included, uniform in the range):
 * - usb: a USB scanner polled at 125 Hz or faster, 1–8 ms;
 * - bluetooth: a cordless scanner, 7.5–30 ms, and in one code of ten one stall of 60 ms;
 * - busy: keys as a busy page on a cheap tablet delivers them, 0–100 ms;
 * - person: someone typing, 80–250 ms.
 */
import { seededRandom } from '@cooler-hub/process-kit/random';

export type TimingProfile = 'usb' | 'bluetooth' | 'busy' | 'person';

export const TIMING_PROFILES: readonly TimingProfile[] = ['usb', 'bluetooth', 'busy', 'person'];

interface ProfileSpec {
  minGapMs: number;
  maxGapMs: number;
  /** One code in `stallEvery` has one gap of `stallMs` at a random place. */
  stallEvery?: number;
  stallMs?: number;
}

export const PROFILE_SPECS: Readonly<Record<TimingProfile, ProfileSpec>> = {
  usb: { minGapMs: 1, maxGapMs: 8 },
  bluetooth: { minGapMs: 7.5, maxGapMs: 30, stallEvery: 10, stallMs: 60 },
  busy: { minGapMs: 0, maxGapMs: 100 },
  person: { minGapMs: 80, maxGapMs: 250 },
};

/** One key of a code: the character ('Enter' for the suffix) and when it is sent, ms after the code's first key. */
export interface Keystroke {
  key: string;
  atMs: number;
}

export class KeystrokeTiming {
  readonly random: () => number;
  private codes = 0;

  constructor(
    readonly profile: TimingProfile,
    seed = 1,
  ) {
    this.random = seededRandom(seed);
  }

  /** A gap of this profile, ms. */
  gap(): number {
    const spec = PROFILE_SPECS[this.profile];
    return spec.minGapMs + this.random() * (spec.maxGapMs - spec.minGapMs);
  }

  /**
   * The keys of `text` followed by Enter, timed by the profile. The stall of a Bluetooth profile
   * falls on every tenth code (the 10th, 20th…) at a random gap, Enter's included.
   */
  code(text: string): Keystroke[] {
    const spec = PROFILE_SPECS[this.profile];
    this.codes += 1;
    const keys = [...text, 'Enter'];
    const stallAt = spec.stallEvery && this.codes % spec.stallEvery === 0 ? 1 + Math.floor(this.random() * (keys.length - 1)) : -1;
    let at = 0;
    return keys.map((key, i) => {
      if (i > 0) at += i === stallAt ? (spec.stallMs ?? 0) : this.gap();
      return { key, atMs: at };
    });
  }
}

/** Codes of the kinds the floor scans: LB tags, cooler serials with a date, engineer numbers. */
export function sampleCode(random: () => number): string {
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const kind = random();
  if (kind < 0.5) return `LB${digits(7 + Math.floor(random() * 8))}`;
  if (kind < 0.85) return `SN20${digits(12)}`;
  return `ENG-${digits(3 + Math.floor(random() * 3))}`;
}

/**
 * The scan-input rule (docs/decisions/275) against the keystroke-timing model the browser tests use
 * too (e2e/support/keystroke-timing.ts): 1,000 codes per profile, each typed into a field that
 * already holds something, read by the same WedgeReader and ScanQueue the page uses.
 */
import { describe, expect, it } from 'vitest';
import {
  KeystrokeTiming,
  PROFILE_SPECS,
  sampleCode,
  TIMING_PROFILES,
  type TimingProfile,
} from '../../../../../e2e/support/keystroke-timing';
import { ScanQueue, WedgeReader } from './wedge-model';

const CODES = 1000;
/** What a field may hold when a code begins: nothing, the LB prefix, a previous number, the last code. */
const BEFORE = ['', 'LB', 'LB4210360', 'last'] as const;

interface Run {
  expected: string[];
  committed: string[];
  scans: number;
  typed: number;
}

async function run(profile: TimingProfile, seed: number, backToBack: boolean): Promise<Run> {
  const timing = new KeystrokeTiming(profile, seed);
  const reader = new WedgeReader();
  const committed: string[] = [];
  let slow = 0;
  // Every commit goes through one queue, as on the page; every seventh handler is slow (a lookup).
  const queue = new ScanQueue<string>(async (value) => {
    if (++slow % 7 === 0) await new Promise((resolve) => setTimeout(resolve, 0));
    committed.push(value);
  });
  const expected: string[] = [];
  let scans = 0;
  let typed = 0;
  let t = 1000;
  let last = '';
  for (let i = 0; i < CODES; i++) {
    const code = sampleCode(timing.random);
    const kind = BEFORE[i % BEFORE.length]!;
    let field = kind === 'last' ? last : kind;
    // The next code: straight after the last Enter (20 a second), or after aiming at the next tag.
    const person = profile === 'person';
    t += backToBack && !person ? timing.gap() : 300 + timing.random() * 2700;
    for (const { key, atMs } of timing.code(code)) {
      if (key === 'Enter') {
        const outcome = reader.enter(t + atMs);
        if (outcome.kind === 'scan') {
          scans++;
          queue.push(outcome.value);
          field = outcome.value;
        } else {
          typed++;
          queue.push(field);
        }
        t += atMs;
      } else {
        reader.key(key, t + atMs);
        field += key;
      }
    }
    // A scanner's code replaces what the field held; a person's keys add to it (they commit what they typed).
    const want = person ? (kind === 'last' ? last : kind) + code : code;
    expected.push(want);
    last = want;
  }
  await new Promise<void>((resolve) => {
    const wait = () => (queue.busy ? setTimeout(wait, 1) : resolve());
    wait();
  });
  return { expected, committed, scans, typed };
}

describe.each(TIMING_PROFILES)('1,000 codes, %s timing', (profile) => {
  const { minGapMs, maxGapMs } = PROFILE_SPECS[profile];
  it(`keys ${minGapMs}–${maxGapMs} ms apart: none corrupted, lost or doubled`, async () => {
    for (const backToBack of [false, true]) {
      const r = await run(profile, 20261125 + (backToBack ? 1 : 0), backToBack);
      expect(r.committed).toHaveLength(CODES);
      const wrong = r.committed.flatMap((value, i) => (value === r.expected[i] ? [] : [`#${i}: ${value} ≠ ${r.expected[i]}`]));
      expect(wrong).toEqual([]);
      // A scanner's codes are read as scans, a person's as typing — the outcome above, by the right road.
      if (profile === 'person') expect(r.scans).toBe(0);
      else expect(r.typed).toBe(0);
    }
  });
});

describe('the model', () => {
  it('keeps each profile within its range; one Bluetooth code in ten stalls 60 ms', () => {
    for (const profile of TIMING_PROFILES) {
      const timing = new KeystrokeTiming(profile, 7);
      const { minGapMs, maxGapMs } = PROFILE_SPECS[profile];
      let stalls = 0;
      for (let i = 0; i < 100; i++) {
        const keys = timing.code('LB1234567');
        expect(keys.at(-1)?.key).toBe('Enter');
        const gaps = keys.slice(1).map((k, j) => k.atMs - keys[j]!.atMs);
        for (const gap of gaps) {
          if (gap === 60 && profile === 'bluetooth') stalls++;
          else {
            expect(gap).toBeGreaterThanOrEqual(minGapMs);
            expect(gap).toBeLessThanOrEqual(maxGapMs);
          }
        }
      }
      expect(stalls).toBe(profile === 'bluetooth' ? 10 : 0);
    }
  });

  it('is the same for the same seed', () => {
    expect(new KeystrokeTiming('busy', 3).code('LB42')).toEqual(new KeystrokeTiming('busy', 3).code('LB42'));
    expect(new KeystrokeTiming('busy', 3).code('LB42')).not.toEqual(new KeystrokeTiming('busy', 4).code('LB42'));
  });
});

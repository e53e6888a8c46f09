/**
 * The early-keys rule (docs/decisions/275): what is kept while no field has the focus, what is
 * dropped, and that codes whose first keys waited here and whose rest reached the field are read
 * whole by the page's WedgeReader — against the keystroke-timing model the browser tests use.
 */
import { describe, expect, it } from 'vitest';
import { KeystrokeTiming, sampleCode, type TimingProfile } from '../../../../../e2e/support/keystroke-timing';
import { EARLY_KEYS_MAX_AGE_MS, EarlyKeyBuffer, isPrintableKey, type EarlyKey } from './early-keys-model';
import { WedgeReader } from './wedge-model';

const keysOf = (keys: readonly EarlyKey[]) => keys.map((k) => k.key).join('');

function typeInto(buffer: EarlyKeyBuffer, text: string, start: number, gap = 10): number {
  let t = start;
  for (const key of [...text]) {
    buffer.record(key === '⏎' ? 'Enter' : key, t);
    t += gap;
  }
  return t;
}

describe('EarlyKeyBuffer', () => {
  it('keeps printable keys and the Enter that ends them, in order, and gives them once', () => {
    const buffer = new EarlyKeyBuffer();
    typeInto(buffer, 'LB123⏎LB456⏎', 1000);
    const taken = buffer.take(1200);
    expect(keysOf(taken)).toBe('LB123EnterLB456Enter');
    expect(taken.map((k) => k.time)).toEqual([...Array(12).keys()].map((i) => 1000 + i * 10));
    expect(buffer.take(1200)).toEqual([]);
    expect(buffer.size).toBe(0);
  });

  it('a lone Enter, or a second one, is nobody’s: not kept', () => {
    const buffer = new EarlyKeyBuffer();
    expect(buffer.record('Enter', 0)).toBe(false);
    expect(buffer.record('a', 10)).toBe(true);
    expect(buffer.record('Enter', 20)).toBe(true);
    expect(buffer.record('Enter', 30)).toBe(false);
    expect(keysOf(buffer.take(40))).toBe('aEnter');
  });

  it('keeps nothing but characters and Enter', () => {
    const buffer = new EarlyKeyBuffer();
    for (const key of ['Tab', 'Backspace', 'ArrowDown', 'Escape', 'F5']) expect(buffer.record(key, 0)).toBe(false);
    expect(buffer.size).toBe(0);
  });

  it('a click or another key drops what was kept', () => {
    const buffer = new EarlyKeyBuffer();
    typeInto(buffer, 'LB12', 0);
    buffer.clear();
    expect(buffer.take(100)).toEqual([]);
  });

  it('a run is given whole or not at all: too old when asked, nothing; a key long after the last starts a new run', () => {
    const buffer = new EarlyKeyBuffer();
    const end = typeInto(buffer, 'LB777⏎', 0);
    expect(buffer.take(end + EARLY_KEYS_MAX_AGE_MS + 1)).toEqual([]);

    typeInto(buffer, 'OLD', 0);
    typeInto(buffer, 'LB9⏎', 50 + EARLY_KEYS_MAX_AGE_MS);
    expect(keysOf(buffer.take(100 + EARLY_KEYS_MAX_AGE_MS))).toBe('LB9Enter');

    // Still kept just inside the limit: a screen that took nearly all of it to open.
    typeInto(buffer, 'LB5⏎', 0);
    expect(keysOf(buffer.take(30 + EARLY_KEYS_MAX_AGE_MS))).toBe('LB5Enter');
  });

  it('a key that reached a field itself (the same event) is not given again', () => {
    const buffer = new EarlyKeyBuffer();
    typeInto(buffer, 'LB12', 0, 10);
    buffer.reached(20);
    expect(keysOf(buffer.take(50))).toBe('LB2');
  });

  it('is bounded: past the limit the oldest whole code goes first', () => {
    const buffer = new EarlyKeyBuffer({ maxAgeMs: EARLY_KEYS_MAX_AGE_MS, maxKeys: 8 });
    const end = typeInto(buffer, 'AB⏎CD⏎EF', 0);
    expect(buffer.size).toBe(8);
    typeInto(buffer, 'G', end);
    expect(keysOf(buffer.take(end + 10))).toBe('CDEnterEFG');
    const lone = new EarlyKeyBuffer({ maxAgeMs: EARLY_KEYS_MAX_AGE_MS, maxKeys: 3 });
    typeInto(lone, 'ABCD', 0);
    expect(keysOf(lone.take(50))).toBe('BCD');
  });
});

describe('isPrintableKey', () => {
  it('is one character without Ctrl, Alt or Meta', () => {
    const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) => ({
      key: k,
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      ...mods,
    });
    expect(isPrintableKey(key('L'))).toBe(true);
    expect(isPrintableKey(key(' '))).toBe(true);
    expect(isPrintableKey(key('Enter'))).toBe(false);
    expect(isPrintableKey(key('Shift'))).toBe(false);
    expect(isPrintableKey(key('k', { ctrlKey: true }))).toBe(false);
    expect(isPrintableKey(key('k', { metaKey: true }))).toBe(false);
    expect(isPrintableKey(key('k', { altKey: true }))).toBe(false);
  });
});

/**
 * Codes scanned back to back from the moment a screen is asked for: the keys before the field
 * appears wait in the buffer, the field takes them (read by the reader with their own time stamps,
 * as wedge-input's replay does), and the rest reach the field as typed. Returns what was committed.
 */
function scanAsScreenOpens(profile: TimingProfile, seed: number, codes: number, fieldAfterMs: number) {
  const timing = new KeystrokeTiming(profile, seed);
  const buffer = new EarlyKeyBuffer();
  const reader = new WedgeReader();
  const expected: string[] = [];
  const committed: string[] = [];
  const feed = ({ key, time }: EarlyKey) => {
    if (key !== 'Enter') return reader.key(key, time);
    const outcome = reader.enter(time);
    if (outcome.kind === 'scan') committed.push(outcome.value);
    return undefined;
  };
  let t = 0;
  let fieldThere = false;
  for (let i = 0; i < codes; i++) {
    const code = sampleCode(timing.random);
    expected.push(code);
    const start = t;
    for (const { key, atMs } of timing.code(code)) {
      t = start + atMs;
      if (!fieldThere && t >= fieldAfterMs) {
        fieldThere = true;
        buffer.take(t).forEach(feed);
      }
      if (fieldThere) feed({ key, time: t });
      else buffer.record(key, t);
    }
    t += timing.gap();
  }
  if (!fieldThere) buffer.take(t).forEach(feed);
  return { expected, committed };
}

describe('codes scanned as a screen opens', () => {
  for (const profile of ['usb', 'bluetooth', 'busy'] as const) {
    it(`${profile}: 50 codes, the field appearing anywhere from before the first key to after the last, each code committed whole, once, in order`, () => {
      for (const [seed, fieldAfterMs] of [
        [1, 0],
        [2, 3],
        [3, 17],
        [4, 45],
        [5, 140],
        [6, 333],
        [7, 1500],
        [8, 60_000],
      ] as const) {
        const { expected, committed } = scanAsScreenOpens(profile, seed, 50, fieldAfterMs);
        expect(committed).toEqual(expected);
      }
    });
  }
});

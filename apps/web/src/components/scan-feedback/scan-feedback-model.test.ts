import { describe, expect, it } from 'vitest';
import { BEEPS, createScanFeedbackStore, muteStorageKey, readMuted, writeMuted } from './scan-feedback-model';

class MemoryStorage {
  readonly map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

describe('the beeps', () => {
  it('accepted is one short beep, higher than every beep of refused', () => {
    expect(BEEPS.accepted).toHaveLength(1);
    const accepted = BEEPS.accepted[0]!;
    expect(accepted.durationMs).toBeLessThanOrEqual(100);
    for (const beep of BEEPS.refused) expect(beep.frequency).toBeLessThan(accepted.frequency / 4);
  });

  it('refused is two beeps that do not overlap', () => {
    const [a, b] = BEEPS.refused;
    expect(BEEPS.refused).toHaveLength(2);
    expect(b!.startMs).toBeGreaterThan(a!.startMs + a!.durationMs);
  });

  it('each sound is over within half a second, before a scanner at 20 a second has read many more', () => {
    for (const beeps of Object.values(BEEPS)) {
      for (const beep of beeps) expect(beep.startMs + beep.durationMs).toBeLessThanOrEqual(500);
    }
  });
});

describe('the feedback store', () => {
  it('counts every report, keeps the last outcome and message, and tells its listeners', () => {
    const store = createScanFeedbackStore();
    const seen: string[] = [];
    const stop = store.subscribe(() => seen.push(`${store.get().count}:${store.get().outcome}`));
    expect(store.get()).toEqual({ count: 0, outcome: null, message: '' });
    store.report('accepted', 'LB1 added');
    store.report('refused', 'LB1: already on this note');
    expect(store.get()).toEqual({ count: 2, outcome: 'refused', message: 'LB1: already on this note' });
    stop();
    store.report('accepted', 'LB2 added');
    expect(seen).toEqual(['1:accepted', '2:refused']);
    expect(store.get().count).toBe(3);
  });

  it('the same message twice is still two scans', () => {
    const store = createScanFeedbackStore();
    const first = store.report('refused', 'LB1: already on this note');
    const second = store.report('refused', 'LB1: already on this note');
    expect(second.count).toBe(first.count + 1);
    expect(second).not.toBe(first);
  });
});

describe('the mute switch', () => {
  it('is remembered per user, and sound is on until muted', () => {
    const storage = new MemoryStorage();
    expect(readMuted(storage, '7')).toBe(false);
    writeMuted(storage, '7', true);
    expect(readMuted(storage, '7')).toBe(true);
    expect(readMuted(storage, '8')).toBe(false);
    expect(storage.map.get(muteStorageKey('7'))).toBe('1');
    writeMuted(storage, '7', false);
    expect(readMuted(storage, '7')).toBe(false);
    expect(storage.map.has(muteStorageKey('7'))).toBe(false);
  });

  it('a storage that throws (private mode, full) leaves the sound on and loses nothing else', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(readMuted(broken, '7')).toBe(false);
    expect(() => writeMuted(broken, '7', true)).not.toThrow();
  });
});

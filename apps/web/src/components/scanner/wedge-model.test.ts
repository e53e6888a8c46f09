import { describe, expect, it, vi } from 'vitest';
import { ScanQueue, WedgeBurst } from './wedge-model';

/** Feeds `text` as keystrokes `gap` ms apart from `start`, then Enter `enterGap` ms after the last; returns what the input got and the Enter's outcome. */
function type(burst: WedgeBurst, text: string, start: number, gap: number, enterGap = gap) {
  let typed = '';
  let t = start;
  for (const ch of text) {
    const outcome = burst.key(ch, t);
    typed += outcome.release;
    if (outcome.action === 'type') typed += ch;
    t += gap;
  }
  const last = t - gap;
  return { typed, enter: burst.enter(last + enterGap), end: last + enterGap };
}

describe('WedgeBurst', () => {
  it('reads keystrokes 2 ms apart ended by Enter as one scan, letting only the first key through', () => {
    const r = type(new WedgeBurst(), 'LB000123', 1000, 2);
    expect(r.typed).toBe('L');
    expect(r.enter).toEqual({ kind: 'scan', value: 'LB000123' });
  });

  it('a gap of 10 ms or more is typing: every key reaches the input and Enter is a plain Enter', () => {
    const r = type(new WedgeBurst(), 'LB12', 0, 10);
    expect(r.typed).toBe('LB12');
    expect(r.enter).toEqual({ kind: 'enter', release: '' });
  });

  it('keys 9 ms apart are still a burst', () => {
    expect(type(new WedgeBurst(), 'ENG42', 0, 9).enter).toEqual({ kind: 'scan', value: 'ENG42' });
  });

  it('a lone key and Enter is a person pressing Enter', () => {
    const burst = new WedgeBurst();
    expect(type(burst, 'x', 0, 2).enter).toEqual({ kind: 'enter', release: '' });
  });

  it('held keys with no Enter in time come back as typing, in order, before the next key', () => {
    const burst = new WedgeBurst();
    expect(burst.key('a', 0)).toEqual({ action: 'type', release: '' });
    expect(burst.key('b', 3)).toEqual({ action: 'hold', release: '' });
    expect(burst.key('c', 6)).toEqual({ action: 'hold', release: '' });
    expect(burst.held).toBe('bc');
    // a person's next key, 200 ms later: 'bc' first, then 'd' goes in
    expect(burst.key('d', 206)).toEqual({ action: 'type', release: 'bc' });
    expect(burst.held).toBe('');
  });

  it('Enter long after a burst is a plain Enter and gives the held keys back', () => {
    const burst = new WedgeBurst();
    burst.key('a', 0);
    burst.key('b', 2);
    expect(burst.enter(500)).toEqual({ kind: 'enter', release: 'b' });
  });

  it('release() ends the run: a following Enter is a plain Enter', () => {
    const burst = new WedgeBurst();
    burst.key('a', 0);
    burst.key('b', 2);
    expect(burst.release()).toBe('b');
    expect(burst.enter(4)).toEqual({ kind: 'enter', release: '' });
  });

  it('20 scans a second, back to back: every one read once, none merged, none split', () => {
    const burst = new WedgeBurst();
    const scans: string[] = [];
    let typed = '';
    for (let i = 0; i < 20; i++) {
      const code = `ENG${String(i).padStart(4, '0')}`;
      // each scan: 7 keys 2 ms apart + Enter, starting every 50 ms
      const r = type(burst, code, i * 50, 2);
      typed += r.typed;
      if (r.enter.kind === 'scan') scans.push(r.enter.value);
    }
    expect(scans).toEqual(Array.from({ length: 20 }, (_, i) => `ENG${String(i).padStart(4, '0')}`));
    expect(typed).toBe('E'.repeat(20)); // only each scan's first key ever reached the input
  });

  it('a scan that starts right after another ends is still its own scan', () => {
    const burst = new WedgeBurst();
    const first = type(burst, 'SN1', 0, 2);
    const second = type(burst, 'LB2', first.end + 1, 2);
    expect([first.enter, second.enter]).toEqual([
      { kind: 'scan', value: 'SN1' },
      { kind: 'scan', value: 'LB2' },
    ]);
  });
});

describe('ScanQueue', () => {
  it('delivers every scan once, in order, waiting for a slow handler before the next', async () => {
    const delivered: string[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const queue = new ScanQueue<string>(async (value) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, value.endsWith('0') ? 5 : 1));
      delivered.push(value);
      inFlight--;
    });
    const values = Array.from({ length: 20 }, (_, i) => `LB${i}`);
    for (const v of values) queue.push(v);
    expect(queue.busy).toBe(true);
    await vi.waitFor(() => expect(delivered).toHaveLength(20));
    expect(delivered).toEqual(values);
    expect(maxInFlight).toBe(1);
    expect(queue.busy).toBe(false);
  });

  it('a failing delivery does not stop the ones after it', async () => {
    const delivered: string[] = [];
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const queue = new ScanQueue<string>((value) => {
        if (value === 'bad') throw new Error('no');
        delivered.push(value);
      });
      queue.push('a');
      queue.push('bad');
      queue.push('b');
      await vi.waitFor(() => expect(queue.busy).toBe(false));
    } finally {
      quiet.mockRestore();
    }
    expect(delivered).toEqual(['a', 'b']);
  });
});

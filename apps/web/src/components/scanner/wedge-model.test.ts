import { describe, expect, it, vi } from 'vitest';
import { ScanQueue, WedgeReader, type EnterOutcome } from './wedge-model';

/**
 * Types `text` into a simulated field holding `before` (keys at the caret, at the end), with the
 * given gaps (ms; cycled) from `start`; Enter follows after `enterGap`. Returns what Enter commits:
 * a scan's code, or the field's text for a person's Enter.
 */
function feed(reader: WedgeReader, text: string, opts: { start: number; gaps: number[]; enterGap?: number; before?: string }) {
  let field = opts.before ?? '';
  let t = opts.start;
  [...text].forEach((ch, i) => {
    if (i > 0) t += opts.gaps[(i - 1) % opts.gaps.length]!;
    reader.key(ch, t);
    field += ch;
  });
  const end = t + (opts.enterGap ?? opts.gaps[0]!);
  const outcome: EnterOutcome = reader.enter(end);
  return { outcome, committed: outcome.kind === 'scan' ? outcome.value : field, end };
}

describe('WedgeReader', () => {
  it('reads a code whole whatever the gaps up to ~100 ms (the reported LB52033082476251 case)', () => {
    const r = feed(new WedgeReader(), 'LB52033082476251', { start: 1000, gaps: [2, 3, 25, 4, 2, 14, 3, 2] });
    expect(r.outcome).toEqual({ kind: 'scan', value: 'LB52033082476251' });
  });

  it('a 12 ms pause inside a serial does not cut it (SN20200601101850)', () => {
    const gaps = [2, 2, 2, 12, ...Array.from({ length: 11 }, () => 2)];
    expect(feed(new WedgeReader(), 'SN20200601101850', { start: 0, gaps }).outcome).toEqual({ kind: 'scan', value: 'SN20200601101850' });
  });

  it('a scan replaces what the field held: a previous value, the LB prefix', () => {
    const reader = new WedgeReader();
    expect(feed(reader, 'LB4219365', { start: 0, gaps: [9], before: 'LB4210360' }).committed).toBe('LB4219365');
    expect(feed(reader, 'LB4219030', { start: 5000, gaps: [25], before: 'LB' }).committed).toBe('LB4219030');
  });

  it('typing at a person’s speed and Enter commits what the field holds, prefix and all', () => {
    const r = feed(new WedgeReader(), '4219030', { start: 0, gaps: [180, 90, 140, 250, 95, 85], enterGap: 200, before: 'LB' });
    expect(r.outcome).toEqual({ kind: 'typed' });
    expect(r.committed).toBe('LB4219030');
  });

  it('a quick run at the end of someone’s typing is typing: it follows their previous key, not rest', () => {
    const reader = new WedgeReader();
    let t = 0;
    for (const ch of 'LB42') {
      reader.key(ch, t);
      t += 200;
    }
    // then '19030' 90 ms apart and Enter 90 ms later: fast, but 200 ms after the person's last key
    const r = feed(reader, '19030', { start: t, gaps: [90], before: 'LB42' });
    expect(r.outcome).toEqual({ kind: 'typed' });
    expect(r.committed).toBe('LB4219030');
  });

  it('a pause over ~120 ms inside a code splits it; the tail then counts as typing (nothing is cut)', () => {
    const reader = new WedgeReader();
    const r = feed(reader, 'LB12345678', { start: 0, gaps: [5, 5, 5, 200, 5, 5, 5, 5, 5] });
    expect(r.outcome).toEqual({ kind: 'typed' });
    expect(r.committed).toBe('LB12345678');
  });

  it('Enter long after the last key is a person’s Enter', () => {
    expect(feed(new WedgeReader(), 'LB123', { start: 0, gaps: [3], enterGap: 400 }).outcome).toEqual({ kind: 'typed' });
  });

  it('two keys and Enter are a person pressing Enter; three are the shortest scan', () => {
    const reader = new WedgeReader();
    expect(feed(reader, 'ab', { start: 0, gaps: [2] }).outcome).toEqual({ kind: 'typed' });
    expect(feed(reader, 'abc', { start: 1000, gaps: [2] }).outcome).toEqual({ kind: 'scan', value: 'abc' });
  });

  it('an editing key (Backspace, an arrow, a paste) ends the burst', () => {
    const reader = new WedgeReader();
    reader.key('a', 0);
    reader.key('b', 5);
    reader.edit(10);
    reader.key('c', 15);
    reader.key('d', 20);
    expect(reader.enter(25)).toEqual({ kind: 'typed' });
  });

  it('a code right after the previous code’s Enter starts from rest (20 scans a second)', () => {
    const reader = new WedgeReader();
    const codes = Array.from({ length: 20 }, (_, i) => `ENG${String(i).padStart(4, '0')}`);
    const read: string[] = [];
    let t = 0;
    for (const code of codes) {
      const r = feed(reader, code, { start: t, gaps: [2] });
      if (r.outcome.kind === 'scan') read.push(r.outcome.value);
      t = r.end + 1;
    }
    expect(read).toEqual(codes);
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

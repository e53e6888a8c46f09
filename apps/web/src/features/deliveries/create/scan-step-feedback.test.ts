import { describe, expect, it } from 'vitest';
import { lbScanFeedback } from './scan-step-feedback';

describe('lbScanFeedback', () => {
  it('accepts an LB number new to the note, as the list reads it', () => {
    expect(lbScanFeedback(' lb4219030 ', true)).toEqual({ outcome: 'accepted', message: 'LB4219030 added' });
  });

  it('refuses a code that is no LB number, with the contract’s message', () => {
    expect(lbScanFeedback('246', true)).toEqual({ outcome: 'refused', message: '246: Wrong Lb number' });
    expect(lbScanFeedback('LB', true)).toEqual({ outcome: 'refused', message: 'LB: Wrong Lb number' });
  });

  it('refuses an LB number the note already holds', () => {
    expect(lbScanFeedback('LB77', false)).toEqual({ outcome: 'refused', message: 'LB77: already on this note' });
  });
});

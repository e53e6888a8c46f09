import { describe, expect, it } from 'vitest';
import type { LbCheckItem } from '@cooler-hub/contract/deliveries';
import {
  addCodes,
  CHECK_FAILED_MESSAGE,
  codesToCheck,
  flaggedCount,
  lbErrorsByIndex,
  removeCode,
  rowViews,
  withAnswers,
  withFailures,
  type LbCheckState,
} from './lb-rows-model';

const ok = (lbNumber: string): LbCheckItem => ({ lbNumber, status: 'ok', message: null, note: null });
const taken = (lbNumber: string): LbCheckItem => ({
  lbNumber,
  status: 'taken',
  message: `This LB number is already on scrap delivery note 7.`,
  note: { id: 7, type: 'scrap' },
});

describe('addCodes', () => {
  it('appends each new code once, trimmed and upper-cased', () => {
    const { list, added } = addCodes(['LB1'], [' lb2 ', 'LB1', 'LB2', 'LB3\n', '']);
    expect(list).toEqual(['LB1', 'LB2', 'LB3']);
    expect(added).toEqual(['LB2', 'LB3']);
  });

  it('keeps codes that are not LB numbers (the check flags them) and leaves the input alone', () => {
    const before = ['LB1'];
    const { list, added } = addCodes(before, ['5012345678900']);
    expect(list).toEqual(['LB1', '5012345678900']);
    expect(added).toEqual(['5012345678900']);
    expect(before).toEqual(['LB1']);
  });

  it('adds nothing when every code is already there', () => {
    expect(addCodes(['LB1', 'LB2'], ['lb2', 'LB1'])).toEqual({ list: ['LB1', 'LB2'], added: [] });
  });
});

describe('removeCode', () => {
  it('removes only that row', () => {
    expect(removeCode(['LB1', 'LB2', 'LB3'], 'LB2')).toEqual(['LB1', 'LB3']);
    expect(removeCode(['LB1'], 'LB9')).toEqual(['LB1']);
  });
  it('adds codes as the create call reads them', () => {
    expect(addCodes([], ['  lb0042\t']).list).toEqual(['LB0042']);
  });
});

describe('codesToCheck', () => {
  it('asks only about codes neither answered nor on the way, each once', () => {
    const checks = new Map<string, LbCheckState>([['LB1', { kind: 'checked', item: ok('LB1') }], ['LB4', { kind: 'failed' }]]);
    expect(codesToCheck(['LB1', 'LB2', 'LB3', 'LB4', 'LB2'], checks, new Set(['LB3']))).toEqual(['LB2']);
  });
});

describe('rowViews', () => {
  const checks = withFailures(withAnswers(new Map(), [ok('LB1'), taken('LB2')]), ['LB4']);

  it('shows each row as the check left it, with the server sentence on flagged rows', () => {
    const rows = rowViews(['LB1', 'LB2', 'LB3', 'LB4'], checks);
    expect(rows).toEqual([
      { lbNumber: 'LB1', tone: 'ok', message: null },
      { lbNumber: 'LB2', tone: 'flagged', message: 'This LB number is already on scrap delivery note 7.' },
      { lbNumber: 'LB3', tone: 'checking', message: null },
      { lbNumber: 'LB4', tone: 'warning', message: CHECK_FAILED_MESSAGE },
    ]);
    expect(flaggedCount(rows)).toBe(1);
  });

  it("puts a save's violation on its row, over an older check", () => {
    const rows = rowViews(['LB1', 'LB2'], checks, { 0: 'No receipt has this LB number.' });
    expect(rows[0]).toEqual({ lbNumber: 'LB1', tone: 'flagged', message: 'No receipt has this LB number.' });
    expect(flaggedCount(rows)).toBe(2);
  });

  it('a later answer replaces an earlier failure', () => {
    const again = withAnswers(checks, [ok('LB4')]);
    expect(rowViews(['LB4'], again)[0]?.tone).toBe('ok');
  });
});

describe('lbErrorsByIndex', () => {
  it('sends lbNumbers[i] (either spelling) to row i and keeps the rest for the form', () => {
    expect(lbErrorsByIndex({ 'lbNumbers[2]': 'a', 'lbNumbers.0': 'b', lbNumbers: 'Required Field', emails: 'Email is missed' })).toEqual({
      rows: { 2: 'a', 0: 'b' },
      rest: { lbNumbers: 'Required Field', emails: 'Email is missed' },
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { LbCheckItem, LbCheckReceipt } from '@cooler-hub/contract/lb-numbers';
import {
  acceptanceKey,
  addCodes,
  attentionCount,
  CHECK_FAILED_MESSAGE,
  codesToCheck,
  flaggedCount,
  lbErrorsByIndex,
  removeCode,
  rowViews,
  withAnswers,
  withFailures,
  type LbCheckState,
  type DeliveryContext,
} from './lb-rows-model';

const receiptOf = (over: Partial<LbCheckReceipt> = {}): LbCheckReceipt => ({
  id: 'r',
  coolerId: 'c',
  serialNumber: 'SN100',
  partNumber: 'PN-300',
  customerAccount: { id: 7, name: 'Northern Drinks' },
  processOption: 'X',
  ...over,
});
const ok = (lbNumber: string, receipt = receiptOf()): LbCheckItem => ({ lbNumber, status: 'ok', message: null, note: null, receipt });
const taken = (lbNumber: string): LbCheckItem => ({
  lbNumber,
  status: 'taken',
  message: `This LB number is already on scrap delivery note 7.`,
  note: { id: 7, type: 'scrap' },
  receipt: receiptOf(),
});
const transferOf7: DeliveryContext = { type: 'transfer', customerAccount: 7, accepted: new Set() };

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

  it('adds nothing when every code is already there, and says which were scanned again', () => {
    expect(addCodes(['LB1', 'LB2'], ['lb2', 'LB1'])).toEqual({ list: ['LB1', 'LB2'], added: [], repeated: ['LB2', 'LB1'] });
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
    const checks = new Map<string, LbCheckState>([
      ['LB1', { kind: 'checked', item: ok('LB1') }],
      ['LB4', { kind: 'failed' }],
    ]);
    expect(codesToCheck(['LB1', 'LB2', 'LB3', 'LB4', 'LB2'], checks, new Set(['LB3']))).toEqual(['LB2']);
  });
});

describe('rowViews', () => {
  const checks = withFailures(withAnswers(new Map(), [ok('LB1'), taken('LB2')]), ['LB4']);

  it('shows each row as the check left it, with the server sentence on flagged rows and the receipt once known', () => {
    const rows = rowViews(['LB1', 'LB2', 'LB3', 'LB4'], checks, transferOf7);
    const plain = { warnings: [], accepted: false };
    expect(rows).toEqual([
      { lbNumber: 'LB1', tone: 'ok', message: null, receipt: receiptOf(), warnings: [], accepted: true },
      { lbNumber: 'LB2', tone: 'flagged', message: 'This LB number is already on scrap delivery note 7.', receipt: receiptOf(), ...plain },
      { lbNumber: 'LB3', tone: 'checking', message: null, receipt: null, ...plain },
      { lbNumber: 'LB4', tone: 'unchecked', message: CHECK_FAILED_MESSAGE, receipt: null, ...plain },
    ]);
    expect(flaggedCount(rows)).toBe(1);
  });

  it("puts a save's violation on its row, over an older check", () => {
    const rows = rowViews(['LB1', 'LB2'], checks, transferOf7, { 0: 'No receipt has this LB number.' });
    expect(rows[0]).toMatchObject({ lbNumber: 'LB1', tone: 'flagged', message: 'No receipt has this LB number.' });
    expect(flaggedCount(rows)).toBe(2);
  });

  it('a later answer replaces an earlier failure', () => {
    const again = withAnswers(checks, [ok('LB4')]);
    expect(rowViews(['LB4'], again, transferOf7)[0]?.tone).toBe('ok');
  });

  it("asks for attention on another customer's or an ill-fitting receipt until each warning is accepted", () => {
    const answers = withAnswers(new Map(), [
      ok('LB5', receiptOf({ customerAccount: { id: 9, name: 'Metro Cafes' } })),
      ok('LB6', receiptOf({ processOption: 'S' })),
    ]);
    const rows = rowViews(['LB5', 'LB6'], answers, transferOf7);
    expect(rows.map((r) => [r.tone, r.warnings])).toEqual([
      ['attention', ['Received for another customer: Metro Cafes.']],
      ['attention', ['Process option S does not fit a transfer note.']],
    ]);
    expect(attentionCount(rows)).toBe(2);
    const accepted = new Set([acceptanceKey('LB5', 'Received for another customer: Metro Cafes.')]);
    const after = rowViews(['LB5', 'LB6'], answers, { ...transferOf7, accepted });
    expect(after.map((r) => r.tone)).toEqual(['ok', 'attention']);
    // The same receipt on a note of its own customer carries no warning at all.
    expect(rowViews(['LB5'], answers, { ...transferOf7, customerAccount: 9 })[0]).toMatchObject({ tone: 'ok', warnings: [] });
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

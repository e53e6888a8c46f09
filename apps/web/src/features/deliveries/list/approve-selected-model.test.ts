import { describe, expect, it } from 'vitest';
import { approveQuestion, outcomeLines, outcomeSummary } from './approve-selected-model';

describe('approve selected', () => {
  it('names how many notes and that each is e-mailed to its recipients', () => {
    expect(approveQuestion('transfer', 3, 0)).toEqual({
      title: 'Approve 3 delivery notes?',
      text: 'Each of the 3 delivery notes will be e-mailed to its own recipients with its CSV and PDF. An approved note can no longer be changed or deleted.',
      skipped: null,
    });
    expect(approveQuestion('scrap', 1, 0).title).toBe('Approve 1 delivery note?');
    expect(approveQuestion('scrap', 1, 0).text).toBe(
      'The delivery note will be e-mailed to its recipients with its CSV and PDF. An approved note can no longer be changed or deleted.',
    );
  });

  it('says which selected notes are approved already and left as they are', () => {
    expect(approveQuestion('transfer', 2, 1).skipped).toBe('1 selected delivery note is already approved and is left as it is.');
    expect(approveQuestion('transfer', 2, 2).skipped).toBe('2 selected delivery notes are already approved and are left as they are.');
    expect(approveQuestion('transfer', 0, 2)).toEqual({
      title: 'Nothing to approve',
      text: null,
      skipped: '2 selected delivery notes are already approved and are left as they are.',
    });
  });

  it('reports each note and sums them up', () => {
    const answer = {
      items: [
        { id: 12, outcome: 'approved' as const, message: null },
        { id: 13, outcome: 'alreadyApproved' as const, message: null },
        { id: 14, outcome: 'failed' as const, message: 'This delivery note no longer exists.' },
        { id: 15, outcome: 'approved' as const, message: 'Approved, but it has no recipients: no e-mail was sent.' },
      ],
    };
    expect(outcomeLines('scrap', answer).map((l) => [l.title, l.status, l.detail])).toEqual([
      ['Scrap delivery note 12', 'Approved', null],
      ['Scrap delivery note 13', 'Already approved', null],
      ['Scrap delivery note 14', 'Not approved', 'This delivery note no longer exists.'],
      ['Scrap delivery note 15', 'Approved', 'Approved, but it has no recipients: no e-mail was sent.'],
    ]);
    expect(outcomeSummary(answer)).toBe('2 approved, 1 already approved, 1 not approved');
    expect(outcomeSummary({ items: [answer.items[0]!] })).toBe('1 approved');
  });
});

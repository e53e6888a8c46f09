import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { saveProblems } from './save-problems';

const label = (path: string) => ({ customerAccount: 'Customer (Asset owner)', emails: 'Email recipients' })[path] ?? path;

describe('saveProblems', () => {
  it('puts lbNumbers[i] on row i and the rest above the list under their label', () => {
    const error = new ApiError(400, 'x', 'violations', [
      { propertyPath: 'lbNumbers[2]', title: 'No receipt has this LB number.', message: 'No receipt has this LB number.' },
      { propertyPath: 'lbNumbers[0]', title: 'Wrong Lb number', message: 'Wrong Lb number' },
      { propertyPath: 'lbNumbers[0]', title: 'second', message: 'second' },
      { propertyPath: 'emails', title: 'Email is missed', message: 'Email is missed' },
      { propertyPath: '', title: 'The note could not be saved.', message: '' },
    ]);
    expect(saveProblems(error, label)).toEqual({
      rows: { 2: 'No receipt has this LB number.', 0: 'Wrong Lb number' },
      form: [
        '2 LB numbers cannot go on this note: remove or correct the flagged rows.',
        'The note could not be saved.',
        'Email recipients: Email is missed',
      ],
    });
  });

  it('counts a single refused row in the singular', () => {
    const error = new ApiError(400, 'x', 'violations', [
      { propertyPath: 'lbNumbers[1]', title: 't', message: 'No receipt has this LB number.' },
    ]);
    expect(saveProblems(error, label)?.form).toEqual(['1 LB number cannot go on this note: remove or correct the flagged rows.']);
  });

  it('shows nothing more for an error the client already told the user about', () => {
    expect(saveProblems(new ApiError(500, 'Internal Server Error 500', 'toast', [], null, true), label)).toBeNull();
  });

  it('shows an error nobody showed yet at form level', () => {
    expect(saveProblems(new ApiError(409, 'Conflict here', 'error'), label)).toEqual({ rows: {}, form: ['Conflict here'] });
    expect(saveProblems(new Error('boom'), label)).toEqual({ rows: {}, form: ['The delivery note could not be created. Try again.'] });
  });
});

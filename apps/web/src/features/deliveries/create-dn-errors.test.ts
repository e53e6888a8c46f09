import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { saveProblems } from './create-dn-errors';

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
      form: ['The note could not be saved.', 'Email recipients: Email is missed'],
    });
  });

  it('shows nothing more for an error the client already told the user about', () => {
    expect(saveProblems(new ApiError(500, 'Internal Server Error 500', 'toast', [], null, true), label)).toBeNull();
  });

  it('shows an error nobody showed yet at form level', () => {
    expect(saveProblems(new ApiError(409, 'Conflict here', 'error'), label)).toEqual({ rows: {}, form: ['Conflict here'] });
    expect(saveProblems(new Error('boom'), label)).toEqual({ rows: {}, form: ['The delivery note could not be created. Try again.'] });
  });
});

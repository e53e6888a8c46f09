import { describe, expect, it } from 'vitest';
import { splitViolations, toFieldPath } from './violations';

describe('toFieldPath', () => {
  it('turns array indexes into dotted paths', () => {
    expect(toFieldPath('lbNumbers[3]')).toBe('lbNumbers.3');
    expect(toFieldPath('lines[0].inventoryItem.serialNumber')).toBe('lines.0.inventoryItem.serialNumber');
    expect(toFieldPath('username')).toBe('username');
    expect(toFieldPath('')).toBe('');
  });
});

describe('splitViolations', () => {
  const isField = (root: string) => ['username', 'email', 'lbNumbers'].includes(root);
  it('maps violations to fields by path, first message per field', () => {
    expect(
      splitViolations(
        [
          { propertyPath: 'email', title: 'This value is already used.', message: 'This value is already used.' },
          { propertyPath: 'email', title: 'Second', message: 'Second' },
          { propertyPath: 'lbNumbers[2]', title: 'Wrong Lb number', message: 'Wrong Lb number' },
        ],
        isField,
      ),
    ).toEqual({ fields: { email: 'This value is already used.', 'lbNumbers.2': 'Wrong Lb number' }, form: [] });
  });
  it('puts violations without a path, or with an unknown one, at form level', () => {
    expect(
      splitViolations(
        [
          { propertyPath: '', title: 'Nothing to save.', message: 'Nothing to save.' },
          { propertyPath: 'resetToken', title: 'Expired', message: 'Expired' },
        ],
        isField,
      ),
    ).toEqual({ fields: {}, form: ['Nothing to save.', 'resetToken: Expired'] });
  });
  it('falls back to the title when the message is empty', () => {
    expect(splitViolations([{ propertyPath: 'username', title: 'Required Field', message: '' }], isField).fields).toEqual({
      username: 'Required Field',
    });
  });
});

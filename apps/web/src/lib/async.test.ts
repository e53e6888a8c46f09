import { describe, expect, it } from 'vitest';
import { errorMessage } from './async';

describe('errorMessage (async wrapper, docs/product.md §8)', () => {
  it("records an error's message, or 'Unknown error'", () => {
    expect(errorMessage(new Error('Boom'))).toBe('Boom');
    expect(errorMessage('plain text')).toBe('plain text');
    expect(errorMessage(new Error(''))).toBe('Unknown error');
    expect(errorMessage(undefined)).toBe('Unknown error');
    expect(errorMessage({ message: 'not an Error' })).toBe('Unknown error');
  });
});

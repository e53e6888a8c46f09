import { describe, expect, it } from 'vitest';
import { documentTitle } from './document-title';

describe('documentTitle', () => {
  it('names the screen, then the app', () => {
    expect(documentTitle('/users')).toBe('Users · Cooler Hub');
    expect(documentTitle('/login')).toBe('Login · Cooler Hub');
    expect(documentTitle('/login/recovery')).toBe('Password recovery · Cooler Hub');
    expect(documentTitle('/ccodes/new')).toBe('Create CC code · Cooler Hub');
    expect(documentTitle('/ccodes/4/edit')).toBe('Update CC code · Cooler Hub');
    expect(documentTitle('/customer-edit/3')).toBe('Update account · Cooler Hub');
    expect(documentTitle('/create-dn')).toBe('Create Delivery Note · Cooler Hub');
    expect(documentTitle('/create-dn/scan')).toBe('Create Delivery Note · Cooler Hub');
  });
  it('is the app name alone where no screen matches', () => {
    expect(documentTitle('/')).toBe('Cooler Hub');
    expect(documentTitle('/nowhere')).toBe('Cooler Hub');
  });
});

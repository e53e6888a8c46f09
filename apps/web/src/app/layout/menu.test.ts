import { describe, expect, it } from 'vitest';
import { permissionsOf } from '@cooler-hub/contract/permissions';
import { paths } from '../../lib/paths';
import { MENU, activeEntry, visibleMenu } from './menu';

describe('side menu (docs/product.md §2.1, §6)', () => {
  it('shows all thirteen entries to an Admin', () => {
    expect(visibleMenu(permissionsOf('Admin')).map((e) => e.label)).toEqual([
      'Main',
      'Master Data',
      'Dashboard',
      'End Of Day Sheet',
      'Error Sheet',
      'Scrap delivery notes',
      'Transfer delivery notes',
      'Cooler History',
      'Customers',
      'Settings',
      'Import',
      'Users',
      'API tokens',
    ]);
  });
  it('shows everything but Import, Users and API tokens to Production', () => {
    const labels = visibleMenu(permissionsOf('Production')).map((e) => e.label);
    expect(labels).toHaveLength(10);
    expect(labels).not.toContain('Users');
    expect(labels).not.toContain('Import');
    expect(labels).not.toContain('API tokens');
  });
  it('shows nothing without permissions', () => {
    expect(visibleMenu([])).toEqual([]);
  });
  it('links to the routes of docs/product.md §2.1', () => {
    expect(MENU.map((e) => e.path.to())).toEqual([
      '/main',
      '/receipts',
      '/dashboard',
      '/end-of-day-sheet',
      '/error-sheet',
      '/delivery-list/scrap',
      '/delivery-list/transfer',
      '/coolers-list',
      '/customers',
      '/settings',
      '/import',
      '/users',
      '/api-tokens',
    ]);
  });
  it('builds parameterised paths', () => {
    expect(paths.receiptEdit.to({ receipt: 'abc' })).toBe('/receipt/abc/edit');
    expect(paths.createDn.to({ view: 'scan' })).toBe('/create-dn/scan');
    expect(paths.createDn.to()).toBe('/create-dn');
  });
});

describe('the highlighted menu entry', () => {
  const label = (pathname: string) => activeEntry(pathname)?.label;
  it('is the entry of the page itself', () => {
    expect(label('/settings')).toBe('Settings');
    expect(label('/users')).toBe('Users');
  });
  it('stays on the section while one of its forms is open', () => {
    expect(label('/ccodes/new')).toBe('Settings');
    expect(label('/ccodes/7/edit')).toBe('Settings');
    expect(label('/part-number-edit/12')).toBe('Settings');
    expect(label('/scrap_reason/new')).toBe('Settings');
    expect(label('/customer-create')).toBe('Customers');
    expect(label('/customer-edit/3')).toBe('Customers');
    expect(label('/receipt/9/revisions')).toBe('Master Data');
    expect(label('/coolers-edit/4')).toBe('Cooler History');
    expect(label('/coolers/0b0e8c4e-3c1a-4a57-9a43-6f1f4f7d1f11')).toBe('Cooler History');
    expect(label('/update-scrap/5')).toBe('Scrap delivery notes');
    expect(label('/update-dn/5/transfer')).toBe('Transfer delivery notes');
    expect(label('/error-sheet/5/preview')).toBe('Error Sheet');
    expect(label('/create-dn/scan')).toBe('Main');
  });
  it('is none on screens outside the menu', () => {
    expect(label('/edit-profile')).toBeUndefined();
    expect(label('/404')).toBeUndefined();
    expect(label('/settings-extra')).toBeUndefined();
  });
});

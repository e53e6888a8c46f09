import { describe, expect, it } from 'vitest';
import { permissionsOf } from '@cooler-hub/contract/permissions';
import { paths } from '../../lib/paths';
import { MENU, visibleMenu } from './menu';

describe('side menu (spec 2.1, 6)', () => {
  it('shows all ten entries to an Admin', () => {
    expect(visibleMenu(permissionsOf('Admin')).map((e) => e.label)).toEqual([
      'Main',
      'Master Data',
      'End Of Day Sheet',
      'Error Sheet',
      'Scrap delivery notes',
      'Transfer delivery notes',
      'Cooler History',
      'Customers',
      'Settings',
      'Users',
    ]);
  });
  it('shows everything but Users to Production', () => {
    const labels = visibleMenu(permissionsOf('Production')).map((e) => e.label);
    expect(labels).toHaveLength(9);
    expect(labels).not.toContain('Users');
  });
  it('shows nothing without permissions', () => {
    expect(visibleMenu([])).toEqual([]);
  });
  it('links to the routes of spec 2.1', () => {
    expect(MENU.map((e) => e.path.to())).toEqual([
      '/main',
      '/receipts',
      '/end-of-day-sheet',
      '/error-sheet',
      '/delivery-list/scrap',
      '/delivery-list/transfer',
      '/coolers-list',
      '/customers',
      '/settings',
      '/users',
    ]);
  });
  it('builds parameterised paths', () => {
    expect(paths.receiptEdit.to({ receipt: 'abc' })).toBe('/receipt/abc/edit');
    expect(paths.createDn.to({ view: 'scan' })).toBe('/create-dn/scan');
    expect(paths.createDn.to()).toBe('/create-dn');
  });
});

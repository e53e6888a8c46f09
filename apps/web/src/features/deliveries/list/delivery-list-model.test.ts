import { describe, expect, it } from 'vitest';
import { APPROVED_READ_ONLY, NOT_APPROVED_YET } from '@cooler-hub/contract/deliveries';
import {
  approveLabel,
  deleteBlockedReason,
  downloadLabel,
  editPathOf,
  itemsLabel,
  itemsPathOf,
  resendBlockedReason,
  resendLabel,
} from './delivery-list-model';

describe('delivery list rules', () => {
  it('edits each type on its own screen', () => {
    expect(editPathOf({ id: 12, type: 'transfer' })).toBe('/update-dn/12/transfer');
    expect(editPathOf({ id: 7, type: 'scrap' })).toBe('/update-scrap/7');
    expect(editPathOf({ id: 3, type: 'error_sheet' })).toBe('/error-sheet/3/update');
  });

  it('leads the Items count to /main filtered, or to an error sheet’s preview', () => {
    expect(itemsPathOf({ id: 12, type: 'transfer' })).toBe('/main?deliveryId=12');
    expect(itemsPathOf({ id: 7, type: 'scrap' })).toBe('/main?deliveryId=7');
    expect(itemsPathOf({ id: 3, type: 'error_sheet' })).toBe('/error-sheet/3/preview');
  });

  it('blocks deleting an approved note and resending a pending one', () => {
    expect(deleteBlockedReason({ id: 1, type: 'transfer', status: 'approved' })).toBe(APPROVED_READ_ONLY);
    expect(deleteBlockedReason({ id: 1, type: 'transfer', status: 'pending' })).toBeUndefined();
    expect(resendBlockedReason({ id: 1, type: 'scrap', status: 'pending' })).toBe(NOT_APPROVED_YET);
    expect(resendBlockedReason({ id: 1, type: 'scrap', status: 'approved' })).toBeUndefined();
  });

  it('names each button after its note, containing the visible text', () => {
    expect(downloadLabel({ id: 12, type: 'transfer' }, 'csv')).toBe('Download CSV of transfer delivery note 12');
    expect(downloadLabel({ id: 3, type: 'error_sheet' }, 'csv')).toBe('Download CSV of error sheet 3');
    expect(downloadLabel({ id: 7, type: 'scrap' }, 'pdf')).toBe('Download PDF of scrap delivery note 7');
    expect(approveLabel({ id: 12, type: 'transfer' })).toBe('Approve transfer delivery note 12');
    expect(resendLabel({ id: 12, type: 'transfer' })).toBe('Resend transfer delivery note 12');
    expect(itemsLabel({ id: 12, type: 'transfer', itemsCount: 1 })).toBe('1 item of transfer delivery note 12');
    expect(itemsLabel({ id: 12, type: 'transfer', itemsCount: 3 })).toBe('3 items of transfer delivery note 12');
  });
});

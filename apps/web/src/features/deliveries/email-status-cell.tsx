/**
 * The Email status of a note (spec 2.13, 4; docs/decisions/157): 'Read', 'Sent', 'Failed' or 'N/A'.
 * A 'Failed' status opens the house hover popover with the SMTP server's words, so the office knows
 * whether to fix an address or try again; the others are plain badges.
 */
import { Badge, Box } from '@mantine/core';
import type { DeliveryListItem } from '@cooler-hub/contract/deliveries';
import { CellPopover, type PopoverSpec } from '../../components/list/cell-popover';
import { formatDateTime } from '../../lib/format-date';
import { EMAIL_STATUS_COLORS } from './delivery-list-model';

const failurePopover: PopoverSpec<DeliveryListItem> = {
  title: 'Email failed',
  items: (n) => [
    {
      label: 'Reason',
      // An SMTP reply holds long unbroken addresses: let it wrap inside the popover.
      value: (
        <Box component="span" style={{ overflowWrap: 'anywhere' }}>
          {n.emailFailureReason ?? 'The mail server gave no reason.'}
        </Box>
      ),
    },
    { label: 'Failed at', value: formatDateTime(n.emailFailedAt) },
  ],
};

export function EmailStatusCell({ note }: { note: DeliveryListItem }) {
  const badge = (
    // max-content: a squeezed table column must not cut 'Failed' down to 'Fa…'.
    <Badge color={EMAIL_STATUS_COLORS[note.emailStatus]} variant="light" tt="none" style={{ minWidth: 'max-content' }}>
      {note.emailStatus}
    </Badge>
  );
  if (note.emailStatus !== 'Failed') return badge;
  return (
    <CellPopover spec={failurePopover} row={note}>
      {badge}
    </CellPopover>
  );
}

/**
 * The Email status of a note (docs/product.md §2.13, §4; docs/decisions/157): 'Read', 'Sent', 'Failed' or 'N/A'.
 * A 'Failed' status opens the house hover popover with the SMTP server's words, so the office knows
 * whether to fix an address or try again; the others are plain badges. A failed note also shows the
 * start of the reason and its Resend right in the cell: an interrupted send is never repeated by
 * itself, so the person decides there and then.
 */
import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import type { DeliveryListItem } from '@cooler-hub/contract/deliveries';
import { CellPopover, type PopoverSpec } from '../../../components/list/cell-popover';
import { formatDateTime } from '../../../lib/format-date';
import { EMAIL_STATUS_COLORS, resendFailedLabel } from './delivery-list-model';
import { ResendButton } from './resend-button';

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

export function EmailStatusCell({ delivery, onResent }: { delivery: DeliveryListItem; onResent?: () => Promise<unknown> }) {
  const badge = (
    // max-content: a squeezed table column must not cut 'Failed' down to 'Fa…'.
    <Badge color={EMAIL_STATUS_COLORS[delivery.emailStatus]} variant="light" tt="none" style={{ minWidth: 'max-content' }}>
      {delivery.emailStatus}
    </Badge>
  );
  if (delivery.emailStatus !== 'Failed') return badge;
  if (!onResent) {
    return (
      <CellPopover spec={failurePopover} row={delivery}>
        {badge}
      </CellPopover>
    );
  }
  // The reason is on screen already, so no hover popover here: two lines of it, all of it on hover.
  const reason = delivery.emailFailureReason ?? 'The mail server gave no reason.';
  return (
    <Stack gap={2} style={{ minWidth: 160, maxWidth: 260 }}>
      <Group gap={4} wrap="nowrap">
        {badge}
        <ResendButton delivery={delivery} onResent={onResent} label={resendFailedLabel(delivery)} />
      </Group>
      <Text
        size="xs"
        c="dimmed"
        lineClamp={2}
        title={`${reason} (${formatDateTime(delivery.emailFailedAt)})`}
        style={{ overflowWrap: 'anywhere' }}
      >
        {reason}
      </Text>
    </Stack>
  );
}

/**
 * The receipts made with 'Create and receive next' on /receipt-create (docs/decisions/215), newest first: the
 * last one linked — to its edit screen, or to the outbox while it is kept on this device (docs/decisions/270).
 */
import { Anchor, Group, Paper, Text } from '@mantine/core';
import { IconCircleCheck, IconCloudUp } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Receipt } from '@cooler-hub/contract/receipts';
import { paths } from '../../../lib/paths';

/** A receipt made on this screen: on the server, or kept on this device until the outbox sends it (docs/decisions/270). */
export type Received = Pick<Receipt, 'id' | 'lbNumber'> & { inventoryItem: { serialNumber: string }; kept?: true };

export function ReceivedSoFar({ received }: { received: readonly Received[] }) {
  const last = received[0];
  if (!last) return null;
  const kept = received.filter((r) => r.kept).length;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Receipt just created">
      <Group gap={8} wrap="nowrap" align="flex-start">
        {last.kept ? (
          <IconCloudUp size={20} color="var(--mantine-color-yellow-5)" aria-hidden style={{ flexShrink: 0, marginTop: 1 }} />
        ) : (
          <IconCircleCheck size={20} color="var(--mantine-color-green-5)" aria-hidden style={{ flexShrink: 0, marginTop: 1 }} />
        )}
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {last.kept ? (
            <>
              Kept on this device, not yet on the server:{' '}
              <Anchor component={Link} to={paths.outbox.to()} fw={600}>
                {last.lbNumber}
              </Anchor>
            </>
          ) : (
            <>
              Created{' '}
              <Anchor component={Link} to={paths.receiptEdit.to({ receipt: last.id })} fw={600}>
                {last.lbNumber}
              </Anchor>
            </>
          )}{' '}
          for serial {last.inventoryItem.serialNumber}. {kept > 0 && `${kept} waiting to be sent. `}
          <Text span c="dimmed" size="sm">
            {received.length === 1 ? '1 receipt' : `${received.length} receipts`} on this screen so far.
          </Text>
        </Text>
      </Group>
    </Paper>
  );
}

/**
 * The Approved column (docs/product.md §2.13, §4): a pending note's switch asks once, then approves (which
 * e-mails the note to its recipients), toasts 'Delivery update finished' and reloads the list. An
 * approved note's switch is on and disabled for good: approval cannot be undone (decision 180).
 */
import { Box, Button, Group, Modal, Switch, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import type { DeliveryListItem } from '@cooler-hub/contract/deliveries';
import { deliveryTitle } from '@cooler-hub/contract/delivery-types';
import { runWithToast } from '../../../components/run-with-toast';
import { formatDateTime } from '../../../lib/format-date';
import { approveDelivery } from '../api';
import { approveLabel } from './delivery-list-model';

const APPROVED_STYLES = {
  track: {
    backgroundColor: 'var(--mantine-color-green-filled)',
    borderColor: 'var(--mantine-color-green-filled)',
    opacity: 0.7,
    cursor: 'not-allowed',
  },
  thumb: { backgroundColor: 'var(--mantine-color-white)', borderColor: 'var(--mantine-color-white)' },
};

export const APPROVED_MESSAGE = 'Delivery update finished';

export function ApproveSwitch({ delivery, onApproved }: { delivery: DeliveryListItem; onApproved: () => Promise<unknown> }) {
  const [asking, setAsking] = useState(false);
  const [running, setRunning] = useState(false);
  const approved = delivery.status === 'approved';

  const approve = async () => {
    setRunning(true);
    const ok = await runWithToast(() => approveDelivery(delivery.id), APPROVED_MESSAGE);
    setAsking(false);
    if (ok) await onApproved();
    setRunning(false);
  };

  return (
    <>
      <Tooltip label={approved ? `Approved ${formatDateTime(delivery.approvedAt)}` : 'Pending: approve to e-mail it'} withinPortal>
        <Box w="fit-content">
          <Switch
            aria-label={approveLabel(delivery)}
            color="green"
            checked={approved || running}
            disabled={approved || running}
            // A disabled switch is grey whatever its state; an approved one stays green so "on" reads at a glance.
            styles={approved ? APPROVED_STYLES : undefined}
            onChange={() => setAsking(true)}
          />
        </Box>
      </Tooltip>
      <Modal
        opened={asking}
        onClose={() => !running && setAsking(false)}
        title="Approve delivery note?"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Text mb="lg">
          {deliveryTitle(delivery)} will be e-mailed to its recipients with its CSV and PDF. An approved note can no longer be changed or
          deleted.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setAsking(false)} disabled={running}>
            Cancel
          </Button>
          <Button onClick={() => void approve()} loading={running}>
            Approve
          </Button>
        </Group>
      </Modal>
    </>
  );
}

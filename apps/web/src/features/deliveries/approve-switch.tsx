/**
 * The Approved column (spec 2.13, 4): a pending note's switch asks once, then approves (which
 * e-mails the note to its recipients), toasts 'Delivery update finished' and reloads the list. An
 * approved note's switch is on and disabled for good: approval cannot be undone (decision 180).
 */
import { Button, Group, Modal, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { deliveryTitle, type DeliveryListItem } from '@cooler-hub/contract/deliveries';
import { runWithToast } from './action-feedback';
import { approveDelivery } from './api';
import { approveLabel } from './delivery-list-model';

export const APPROVED_MESSAGE = 'Delivery update finished';

export function ApproveSwitch({ note, onApproved }: { note: DeliveryListItem; onApproved: () => Promise<unknown> }) {
  const [asking, setAsking] = useState(false);
  const [running, setRunning] = useState(false);
  const approved = note.status === 'approved';

  const approve = async () => {
    setRunning(true);
    const ok = await runWithToast(() => approveDelivery(note.id), APPROVED_MESSAGE);
    setAsking(false);
    if (ok) await onApproved();
    setRunning(false);
  };

  return (
    <>
      <Switch
        aria-label={approveLabel(note)}
        checked={approved || running}
        disabled={approved || running}
        onChange={() => setAsking(true)}
      />
      <Modal opened={asking} onClose={() => !running && setAsking(false)} title="Approve delivery note?" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <Text mb="lg">
          {deliveryTitle(note)} will be e-mailed to its recipients with its CSV and PDF. An approved note can no longer be changed or deleted.
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

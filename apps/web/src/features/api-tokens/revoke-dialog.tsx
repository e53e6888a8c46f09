/** 'Revoke API token?': the script using it stops working at its next call; there is no undo. */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import type { ApiToken } from '@cooler-hub/contract/api-tokens';
import { runWithToast } from '../../components/run-with-toast';

export function RevokeDialog(props: {
  token: ApiToken | null;
  /** Name the owner too (the Admin's list of everyone's tokens). */
  withOwner?: boolean;
  onCancel: () => void;
  revoke: (token: ApiToken) => Promise<void>;
}) {
  const [running, setRunning] = useState(false);
  const { token } = props;
  const confirm = async () => {
    if (!token) return;
    setRunning(true);
    const done = await runWithToast(() => props.revoke(token), `Token '${token.name}' revoked`);
    setRunning(false);
    if (done) props.onCancel();
  };
  return (
    <Modal opened={token !== null} onClose={props.onCancel} title="Revoke API token?" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {token && (
        <Text mb="lg">
          Scripts using <strong>{token.name}</strong>
          {props.withOwner ? ` (${token.owner.username}'s)` : ''} stop working at their next call. This cannot be undone.
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel} disabled={running}>
          Cancel
        </Button>
        <Button color="red" onClick={() => void confirm()} loading={running}>
          Revoke
        </Button>
      </Group>
    </Modal>
  );
}

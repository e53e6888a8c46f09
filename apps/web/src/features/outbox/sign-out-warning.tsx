/**
 * Signing out with items still waiting to be sent warns first (docs/decisions/270): signing out
 * deletes them from this device.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useOutbox } from '../../lib/outbox/outbox';
import { paths } from '../../lib/paths';

export function useSignOutWarning(signOut: () => void) {
  const { waiting, refused } = useOutbox();
  const [open, setOpen] = useState(false);
  const unsent = waiting + refused;
  const request = () => (unsent > 0 ? setOpen(true) : signOut());
  const warning = (
    <Modal opened={open} onClose={() => setOpen(false)} title="Items not yet sent" centered>
      <Text size="sm" mb="md">
        {unsent === 1 ? '1 item made on this device has' : `${unsent} items made on this device have`} not reached the server. Signing out
        deletes
        {unsent === 1 ? ' it' : ' them'} from this device.
      </Text>
      <Group justify="flex-end">
        <Button component={Link} to={paths.outbox.to()} variant="default" onClick={() => setOpen(false)}>
          See them
        </Button>
        <Button
          color="red"
          onClick={() => {
            setOpen(false);
            signOut();
          }}
        >
          Sign out and delete them
        </Button>
      </Group>
    </Modal>
  );
  return { request, warning };
}

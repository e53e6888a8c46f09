/**
 * The top bar's 'N waiting' (docs/decisions/270): what this device still has to send, and how much
 * of it the server refused; it opens the list. 'Offline' shows while the browser has no network.
 */
import { Badge, Group } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { refreshOutbox, useOutbox } from '../../lib/outbox/outbox';
import { paths } from '../../lib/paths';
import { useOnline } from './use-online';

export function OutboxBadge() {
  const { waiting, refused } = useOutbox();
  const online = useOnline();
  useEffect(() => {
    void refreshOutbox();
  }, []);
  if (online && waiting === 0 && refused === 0) return null;
  return (
    <Group gap={6} wrap="nowrap">
      {!online && (
        <Badge color="gray" variant="light" leftSection={<IconCloudOff size={12} aria-hidden />}>
          Offline
        </Badge>
      )}
      {(waiting > 0 || refused > 0) && (
        <Badge
          component={Link}
          to={paths.outbox.to()}
          color={refused > 0 ? 'red' : 'yellow'}
          variant="filled"
          style={{ cursor: 'pointer' }}
          data-testid="outbox-badge"
        >
          {waiting} waiting{refused > 0 ? ` · ${refused} refused` : ''}
        </Badge>
      )}
    </Group>
  );
}

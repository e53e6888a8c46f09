/**
 * A history entry's 'User' cell: who made the change and, for an imported change, the file and row
 * it came from under the name (docs/decisions/258).
 */
import { Stack, Text } from '@mantine/core';
import type { RevisionEntry } from '@cooler-hub/contract/revisions';

export function RevisionUser({ entry }: { entry: Pick<RevisionEntry, 'creator' | 'source'> }) {
  if (entry.source === null) return <span style={{ whiteSpace: 'nowrap' }}>{entry.creator.username}</span>;
  return (
    <Stack gap={2}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {entry.creator.username}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }} miw={140}>
        Imported from {entry.source}
      </Text>
    </Stack>
  );
}

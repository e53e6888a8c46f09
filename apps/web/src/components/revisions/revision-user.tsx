/**
 * A history entry's 'User' cell: who made the change and, under the name, where it came from besides
 * them — an import's file and row (docs/decisions/258), or the API token it was made with
 * (docs/decisions/279: 'admin via token nightly-import').
 */
import { Stack, Text } from '@mantine/core';
import { tokenOfSource } from '@cooler-hub/contract/api-tokens';
import type { RevisionEntry } from '@cooler-hub/contract/revisions';

export function RevisionUser({ entry }: { entry: Pick<RevisionEntry, 'creator' | 'source'> }) {
  if (entry.source === null) return <span style={{ whiteSpace: 'nowrap' }}>{entry.creator.username}</span>;
  const token = tokenOfSource(entry.source);
  return (
    <Stack gap={2}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {entry.creator.username}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }} miw={140}>
        {token === null ? `Imported from ${entry.source}` : `via token ${token}`}
      </Text>
    </Stack>
  );
}

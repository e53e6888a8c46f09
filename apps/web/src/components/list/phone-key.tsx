/** What a row's phone key cell holds (DataList `phoneKey`): its key, and under it its customer. */
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function PhoneKey({ rowKey, customer }: { rowKey: ReactNode; customer?: string | null }) {
  return (
    <>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {rowKey}
      </Text>
      {customer && (
        <Text size="xs" c="dimmed" lineClamp={2} style={{ whiteSpace: 'normal' }}>
          {customer}
        </Text>
      )}
    </>
  );
}

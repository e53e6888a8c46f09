import { Box, Group, HoverCard, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface PopoverSpec<T> {
  /** Default 'More information'. */
  title?: string;
  items: (row: T) => { label: string; value: ReactNode }[];
}

/** A list cell with a hover popover of label/value pairs (docs/product.md §2.2); focusable, so keyboards reach it too. */
export function CellPopover<T>({ spec, row, children }: { spec: PopoverSpec<T>; row: T; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <HoverCard width={300} shadow="md" withinPortal openDelay={150}>
      <HoverCard.Target>
        <Box component="span" tabIndex={0} style={{ cursor: 'help', textDecoration: 'underline dotted' }}>
          {children}
        </Box>
      </HoverCard.Target>
      <HoverCard.Dropdown>
        <Text fw={600} mb="xs">
          {spec.title ?? t('list.moreInformation')}
        </Text>
        <Stack gap={4}>
          {spec.items(row).map((item) => (
            <Group key={item.label} justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {item.label}
              </Text>
              <Text size="sm">{item.value}</Text>
            </Group>
          ))}
        </Stack>
      </HoverCard.Dropdown>
    </HoverCard>
  );
}

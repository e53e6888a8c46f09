import { Group, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ListSort } from './list-params';

type Direction = ListSort['direction'] | null;

function SortIcon({ direction }: { direction: Direction }) {
  if (direction === 'asc') return <IconArrowUp size={14} aria-hidden />;
  if (direction === 'desc') return <IconArrowDown size={14} aria-hidden />;
  return <IconArrowsSort size={14} aria-hidden style={{ opacity: 0.4 }} />;
}

/** The direction of `field` in the list's sort, for the header's icon and its aria-sort. */
export function sortDirection(sort: ListSort | null, field: string): Direction {
  return sort?.field === field ? sort.direction : null;
}

export function ariaSort(direction: Direction) {
  return direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
}

/** A column header that sorts (docs/product.md §2.2: first click desc, then toggles). */
export function SortButton(props: { label: string; direction: Direction; onClick: () => void }) {
  return (
    <UnstyledButton onClick={props.onClick} fw={700} fz="sm">
      <Group gap={4} wrap="nowrap">
        <span>{props.label}</span>
        <SortIcon direction={props.direction} />
      </Group>
    </UnstyledButton>
  );
}

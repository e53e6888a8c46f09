/**
 * A screen that holds several lists (Customers, Settings): the page heading, then each list in its
 * own landmark named by its (h2) title, so screen-reader users can jump between them.
 */
import { Box, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataList, type DataListProps } from './data-list';

export function ListsScreen({ title, children }: { title: string; children: ReactNode }) {
  // The page title is drawn larger than the lists' own (h2) headings.
  return (
    <Stack gap="xl">
      <Title order={1} size="h1">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function ListSection<T>({ maw, ...props }: Omit<DataListProps<T>, 'titleOrder'> & { maw?: number }) {
  return (
    <Box component="section" aria-label={props.title} maw={maw}>
      <DataList<T> {...props} titleOrder={2} />
    </Box>
  );
}

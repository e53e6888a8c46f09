/**
 * A history of changes (docs/product.md §2.9, §2.11; /receipt/:receipt/revisions, /coolers-revisions/:receipt):
 * Created (dd/MM/yyyy HH:mm, Europe/London), Changes and User, newest first, from
 * listRevisionEntries of one entity. A create or delete entry reads as its sentences, an
 * update as 'Field: old → new' per changed field; an imported change names its file and row under the user; it stays readable after the entity is deleted.
 * Each feature gives its field labels and the way back.
 */
import { Button, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { listRevisionEntries } from '@cooler-hub/contract/operations/revision-entries';
import type { RevisionEntry, RevisionEntryKind } from '@cooler-hub/contract/revisions';
import { api } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-date';
import { DataList, type ListColumn } from '../list/data-list';
import { useListController, type ListFetcher } from '../list/use-list-controller';
import { changeLines, type ChangeLabels } from './change-lines';
import { RevisionUser } from './revision-user';

function revisionsFetcher(kind: RevisionEntryKind, ref: string): ListFetcher<RevisionEntry> {
  const filter = new URLSearchParams({ entryKind: kind, entryRef: ref }).toString();
  return (q, signal) => api.call(listRevisionEntries, { query: q.apiQuery ? `${q.apiQuery}&${filter}` : filter, signal });
}

export interface RevisionsListProps {
  kind: RevisionEntryKind;
  /** The entity's id. */
  entryRef: string;
  title: string;
  labels: ChangeLabels;
  back: { to: string; label: string };
}

export function RevisionsList({ kind, entryRef, title, labels, back }: RevisionsListProps) {
  const fetch = useMemo(() => revisionsFetcher(kind, entryRef), [kind, entryRef]);
  const list = useListController({ queryKey: ['revision_entries', kind, entryRef], fetch, getRowId: (e) => e.id });
  const columns = useMemo<ListColumn<RevisionEntry>[]>(
    () => [
      { key: 'createdAt', header: 'Created', width: 160, render: (e) => formatDateTime(e.createdAt) },
      {
        key: 'changes',
        header: 'Changes',
        render: (e) => (
          <Stack gap={2}>
            {changeLines(e, labels).map((line, i) => (
              <Text key={i} size="sm">
                {line}
              </Text>
            ))}
          </Stack>
        ),
      },
      { key: 'user', header: 'User', render: (e) => <RevisionUser entry={e} /> },
    ],
    [labels],
  );
  return (
    <DataList
      title={title}
      list={list}
      columns={columns}
      toolbar={
        <Button component={Link} to={back.to} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          {back.label}
        </Button>
      }
    />
  );
}

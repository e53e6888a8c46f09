/**
 * History of one receipt's changes (/receipt/:receipt/revisions, spec 2.9): Created (dd/MM/yyyy
 * HH:mm, Europe/London), Changes and User, newest first — a create or delete entry as its
 * sentences, an update as 'Field: old → new' per changed field. It stays readable after the
 * receipt is deleted.
 */
import { Button, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { z } from 'zod';
import type { RevisionEntry } from '@cooler-hub/contract/revisions';
import { DataList, type ListColumn } from '../../components/list/data-list';
import { useListController } from '../../components/list/use-list-controller';
import { formatDateTime } from '../../lib/format-date';
import { paths } from '../../lib/paths';
import { RECEIPT_REVISIONS_KEY, receiptRevisionsFetcher } from './api';
import { receiptChangeLines } from './receipt-change-lines';

const columns: ListColumn<RevisionEntry>[] = [
  { key: 'createdAt', header: 'Created', width: 160, render: (e) => formatDateTime(e.createdAt) },
  {
    key: 'changes',
    header: 'Changes',
    render: (e) => (
      <Stack gap={2}>
        {receiptChangeLines(e).map((line, i) => (
          <Text key={i} size="sm">
            {line}
          </Text>
        ))}
      </Stack>
    ),
  },
  { key: 'user', header: 'User', render: (e) => e.creator.username },
];

function ReceiptRevisions({ receiptId }: { receiptId: string }) {
  const fetch = useMemo(() => receiptRevisionsFetcher(receiptId), [receiptId]);
  const list = useListController({ queryKey: [...RECEIPT_REVISIONS_KEY, receiptId], fetch, getRowId: (e) => e.id });
  return (
    <DataList
      title={paths.receiptRevisions.title}
      list={list}
      columns={columns}
      toolbar={
        <Button component={Link} to={paths.main.to()} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          {paths.main.title}
        </Button>
      }
    />
  );
}

export default function ReceiptRevisionsPage() {
  const { receipt } = useParams();
  if (receipt === undefined || !z.uuid().safeParse(receipt).success) return <Navigate to={paths.notFound.to()} replace />;
  return <ReceiptRevisions receiptId={receipt} />;
}

/**
 * History of one cooler's changes (/coolers-revisions/:receipt — the parameter is the cooler id
 * despite its name, spec 2.1): Created (dd/MM/yyyy HH:mm, Europe/London), Changes and User, newest
 * first. A create or delete entry reads as its sentences; an update lists each changed field as
 * 'Field: old → new'. It stays readable after the cooler is deleted.
 */
import { Button, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { z } from 'zod';
import type { RevisionEntry } from '@cooler-hub/contract/revisions';
import { DataList, type ListColumn } from '../../components/list/data-list';
import { useListController } from '../../components/list/use-list-controller';
import { formatDateTime } from '../../lib/format-date';
import { paths } from '../../lib/paths';
import { COOLER_REVISIONS_KEY, coolerRevisionsFetcher } from './api';
import { changeLines } from './change-lines';

const columns: ListColumn<RevisionEntry>[] = [
  { key: 'createdAt', header: 'Created', width: 160, render: (e) => formatDateTime(e.createdAt) },
  {
    key: 'changes',
    header: 'Changes',
    render: (e) => (
      <Stack gap={2}>
        {changeLines(e).map((line, i) => (
          <Text key={i} size="sm">
            {line}
          </Text>
        ))}
      </Stack>
    ),
  },
  { key: 'user', header: 'User', render: (e) => e.creator.username },
];

function CoolerRevisions({ coolerId }: { coolerId: string }) {
  const { t } = useTranslation();
  const fetch = useMemo(() => coolerRevisionsFetcher(coolerId), [coolerId]);
  const list = useListController({ queryKey: [...COOLER_REVISIONS_KEY, coolerId], fetch, getRowId: (e) => e.id });
  return (
    <DataList
      title={t('list.history')}
      list={list}
      columns={columns}
      toolbar={
        <Button component={Link} to={paths.coolersList.to()} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          {paths.coolersList.title}
        </Button>
      }
    />
  );
}

export default function CoolerRevisionsPage() {
  const { receipt: coolerId } = useParams();
  if (coolerId === undefined || !z.uuid().safeParse(coolerId).success) return <Navigate to={paths.notFound.to()} replace />;
  return <CoolerRevisions coolerId={coolerId} />;
}

/**
 * The cooler page (/coolers/:cooler, docs/decisions/251): one cooler's whole life from
 * GET /api/coolers/{id}/timeline — its fields; each receipt of it, newest first, with its LB number
 * (→ the receipt's edit screen), date, customer, option/state and the transfer or scrap note it went
 * on (→ the note's edit screen) with that note's status; and its history merged with its receipts'
 * in one timeline, newest first, paged in the hash query ('h.page').
 */
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconHistory, IconPencil } from '@tabler/icons-react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { z } from 'zod';
import type { ListResponse } from '@cooler-hub/contract/common';
import type { CoolerHistoryEntry, CoolerReceipt, CoolerTimeline } from '@cooler-hub/contract/cooler-timeline';
import { receiptStatus } from '@cooler-hub/contract/receipts';
import { ListSection } from '../../components/list/list-section';
import { RowActions } from '../../components/list/row-actions';
import { useListController, type ListFetcher } from '../../components/list/use-list-controller';
import type { DataListProps, ListColumn } from '../../components/list/data-list';
import { PhoneKey } from '../../components/list/phone-key';
import { changeLines } from '../../components/revisions/change-lines';
import { RECEIPT_LABELS } from '../../components/revisions/receipt-labels';
import { RevisionUser } from '../../components/revisions/revision-user';
import { DELIVERY_SCREENS } from '../../lib/delivery-screens';
import { formatDate, formatDateTime } from '../../lib/format-date';
import { paths } from '../../lib/paths';
import { COOLERS_KEY, getCoolerTimeline } from './api';
import { COOLER_LABELS } from './change-lines';

/** The head of the page (cooler and receipts) comes with the first history entry; the receipts list reads the same answer. */
const HEAD_QUERY = 'page=1&perPage=1';
const headKey = (id: string) => [...COOLERS_KEY, 'timeline', id, 'head'] as const;
const fetchHead = (client: QueryClient, id: string) =>
  client.fetchQuery({ queryKey: headKey(id), queryFn: ({ signal }) => getCoolerTimeline(id, HEAD_QUERY, signal), staleTime: 5_000 });

const NOTE_STATUS = { pending: 'Pending', approved: 'Approved' } as const;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </div>
  );
}

function NoteCell({ receipt }: { receipt: CoolerReceipt }) {
  const note = receipt.deliveryNote;
  if (!note)
    return (
      <Text size="sm" c="dimmed">
        Not on a note
      </Text>
    );
  return (
    <Group gap={6} wrap="nowrap">
      <Anchor component={Link} to={DELIVERY_SCREENS[note.type].edit(note.id)} aria-label={`Delivery note ${note.id} (${note.type})`}>
        {note.id}
      </Anchor>
      <Badge size="sm" variant="light" color={note.status === 'approved' ? 'green' : 'yellow'}>
        {NOTE_STATUS[note.status]}
      </Badge>
    </Group>
  );
}

const LbLink = ({ receipt }: { receipt: CoolerReceipt }) => (
  <Anchor component={Link} to={paths.receiptEdit.to({ receipt: receipt.id })}>
    {receipt.lbNumber}
  </Anchor>
);

/** On a phone a receipt's row keeps its LB number and account in view, as Master Data's (docs/decisions/221). */
const receiptPhoneKey: DataListProps<CoolerReceipt>['phoneKey'] = {
  replaces: 'lbNumber',
  render: (r) => <PhoneKey rowKey={<LbLink receipt={r} />} customer={r.account.name} />,
};

// Values stay on one line: on a narrow screen the table scrolls sideways instead of folding them.
const oneLine = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;

const receiptColumns: ListColumn<CoolerReceipt>[] = [
  { key: 'lbNumber', header: 'LB Number', render: (r) => <LbLink receipt={r} /> },
  { key: 'receiptDate', header: 'Receipt Date', render: (r) => formatDate(r.receiptDate) },
  { key: 'account', header: 'Account No', render: (r) => oneLine(r.account.name) },
  { key: 'customer', header: 'Customer', render: (r) => oneLine(r.customer) },
  { key: 'status', header: 'Status', render: (r) => receiptStatus(r) },
  { key: 'deliveryNote', header: 'Delivery Note No', render: (r) => <NoteCell receipt={r} /> },
];

const historyColumns: ListColumn<CoolerHistoryEntry>[] = [
  { key: 'createdAt', header: 'Created', width: 150, render: (e) => formatDateTime(e.createdAt) },
  {
    key: 'record',
    header: 'Record',
    render: (e) =>
      e.entryKind === 'Cooler' ? (
        'Cooler'
      ) : (
        <Anchor component={Link} to={paths.receiptRevisions.to({ receipt: e.entryRef })}>
          {`Receipt ${e.lbNumber ?? ''}`.trim()}
        </Anchor>
      ),
  },
  {
    key: 'changes',
    header: 'Changes',
    render: (e) => (
      <Stack gap={2} miw={220}>
        {changeLines(e, e.entryKind === 'Cooler' ? COOLER_LABELS : RECEIPT_LABELS).map((line, i) => (
          <Text key={i} size="sm" style={{ whiteSpace: 'normal', overflowWrap: 'break-word' }}>
            {line}
          </Text>
        ))}
      </Stack>
    ),
  },
  { key: 'user', header: 'User', render: (e) => <RevisionUser entry={e} /> },
];

function receiptsPage(timeline: CoolerTimeline): ListResponse<CoolerReceipt> {
  const n = timeline.receipts.length;
  return { page: 1, perPage: Math.max(n, 1), pagesCount: n === 0 ? 0 : 1, items: timeline.receipts, totalCount: n };
}

function CoolerTimelinePage({ id }: { id: string }) {
  const client = useQueryClient();
  const head = useQuery({
    queryKey: headKey(id),
    queryFn: ({ signal }) => getCoolerTimeline(id, HEAD_QUERY, signal),
    staleTime: 5_000,
    refetchOnMount: 'always',
  });
  const fetchReceipts = useMemo<ListFetcher<CoolerReceipt>>(() => async () => receiptsPage(await fetchHead(client, id)), [client, id]);
  const fetchHistory = useMemo<ListFetcher<CoolerHistoryEntry>>(
    () => async (q, signal) => (await getCoolerTimeline(id, q.apiQuery, signal)).history,
    [id],
  );
  const receipts = useListController({
    queryKey: [...COOLERS_KEY, 'timeline', id, 'receipts'],
    fetch: fetchReceipts,
    getRowId: (r) => r.id,
    namespace: 'r',
  });
  const history = useListController({
    queryKey: [...COOLERS_KEY, 'timeline', id, 'history'],
    fetch: fetchHistory,
    getRowId: (e) => e.id,
    namespace: 'h',
  });

  const timeline = head.data;
  const cooler = timeline?.cooler;
  const more = timeline && timeline.receiptsCount > timeline.receipts.length;
  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {cooler ? `${paths.cooler.title} ${cooler.serialNumber}` : paths.cooler.title}
        </Title>
        <Group gap="xs">
          <Button component={Link} to={paths.coolersList.to()} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
            {paths.coolersList.title}
          </Button>
          <Button
            component={Link}
            to={paths.coolersRevisions.to({ receipt: id })}
            variant="default"
            leftSection={<IconHistory size={16} aria-hidden />}
          >
            {paths.coolersRevisions.title}
          </Button>
          <Button component={Link} to={paths.coolersEdit.to({ cooler: id })} leftSection={<IconPencil size={16} aria-hidden />}>
            {paths.coolersEdit.title}
          </Button>
        </Group>
      </Group>
      <Paper withBorder p="md" radius="md" component="section" aria-label="Cooler details">
        {head.isError ? (
          <Text c="red" role="alert">
            The cooler could not be loaded.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="xs">
            <Fact label="Serial number" value={cooler?.serialNumber ?? ''} />
            <Fact label="Part number" value={cooler?.partNumber.partNumber ?? ''} />
            <Fact label="Date of manufacture" value={cooler ? formatDate(cooler.dateOfManufacture) : ''} />
            <Fact label="Receipts" value={timeline ? String(timeline.receiptsCount) : ''} />
          </SimpleGrid>
        )}
      </Paper>
      <ListSection
        title="Receipts"
        list={receipts}
        columns={receiptColumns}
        phoneKey={receiptPhoneKey}
        rowActions={(r) => (
          <RowActions editTo={paths.receiptEdit.to({ receipt: r.id })} historyTo={paths.receiptRevisions.to({ receipt: r.id })} />
        )}
      />
      {more && (
        <Text size="sm" c="dimmed">
          {`The newest ${timeline.receipts.length} of ${timeline.receiptsCount} receipts; Master Data lists them all by serial number.`}
        </Text>
      )}
      <ListSection title="Timeline" list={history} columns={historyColumns} />
    </Stack>
  );
}

export default function CoolerPage() {
  const { cooler } = useParams();
  if (cooler === undefined || !z.uuid().safeParse(cooler).success) return <Navigate to={paths.notFound.to()} replace />;
  return <CoolerTimelinePage id={cooler} />;
}

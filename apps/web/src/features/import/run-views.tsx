/**
 * What a run shows: its progress while it goes (rows done, rows per second, time left, Cancel), its
 * four counts once it is over, and the rows it refused with their problems, paged.
 */
import { Button, Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { ImportCounts, ImportJob, ImportRefusal } from '@cooler-hub/contract/imports';
import { DataList, type ListColumn } from '../../components/list/data-list';
import { useListController } from '../../components/list/use-list-controller';
import { runWithToast } from '../../components/run-with-toast';
import { IMPORTS_KEY, cancelRun, refusalsFetcher } from './api';

const number = new Intl.NumberFormat('en-GB');

/** '45 s', '3 min 05 s', '1 h 02 min'. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

export function RunProgress({ job, label, onChanged }: { job: ImportJob; label: string; onChanged: (job: ImportJob) => void }) {
  const [cancelling, setCancelling] = useState(false);
  const percent = Math.round(Math.min(1, Math.max(0, job.progress)) * 100);
  const details = [
    `${number.format(job.rowsDone)} rows done`,
    job.rowsPerSecond !== null ? `${number.format(Math.round(job.rowsPerSecond))} rows per second` : null,
    job.secondsLeft !== null ? `about ${formatDuration(job.secondsLeft)} left` : null,
  ].filter(Boolean);
  const cancel = async () => {
    setCancelling(true);
    await runWithToast(async () => onChanged(await cancelRun(job.id)));
    setCancelling(false);
  };
  return (
    <Paper withBorder p="md" maw={760}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={500}>{label}</Text>
          <Text size="sm" c="dimmed">
            {percent} %
          </Text>
        </Group>
        <Progress value={percent} size="lg" animated striped aria-label={label} />
        <Text size="sm" c="dimmed" aria-live="polite">
          {details.join(' · ')}
        </Text>
        <Button
          variant="default"
          color="red"
          leftSection={<IconPlayerStop size={16} aria-hidden />}
          loading={cancelling}
          onClick={() => void cancel()}
          style={{ alignSelf: 'flex-start' }}
        >
          Cancel
        </Button>
      </Stack>
    </Paper>
  );
}

const COUNTS: { key: keyof ImportCounts; label: string; color?: string }[] = [
  { key: 'new', label: 'New', color: 'teal.4' },
  { key: 'updated', label: 'Updated', color: 'blue.4' },
  { key: 'unchanged', label: 'Unchanged' },
  { key: 'refused', label: 'Refused', color: 'red.4' },
];

export function CountsView({ counts }: { counts: ImportCounts }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" maw={760}>
      {COUNTS.map((c) => (
        <Paper key={c.key} withBorder p="sm" role="group" aria-label={c.label} data-testid={`count-${c.key}`}>
          <Text size="sm" c="dimmed">
            {c.label}
          </Text>
          <Text fz={28} fw={600} c={counts[c.key] > 0 ? c.color : undefined} lh={1.2}>
            {number.format(counts[c.key])}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** One line per problem: a refused row with two problems reads as two lines in both cells. */
function Lines({ lines }: { lines: string[] }) {
  return (
    <Stack gap={2}>
      {lines.map((line, i) => (
        <Text key={i} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

const refusalColumns: ListColumn<ImportRefusal>[] = [
  { key: 'row', header: 'Row', width: 70, render: (r) => r.row },
  { key: 'column', header: 'Column', width: '30%', render: (r) => <Lines lines={r.problems.map((p) => p.field)} /> },
  { key: 'problem', header: 'Problem', render: (r) => <Lines lines={r.problems.map((p) => p.message)} /> },
];

/** The refused rows of the import's last run; `run` changes with each run so a new run's rows load afresh. */
export function RefusalsList({ job, toolbar }: { job: ImportJob; toolbar?: React.ReactNode }) {
  const fetch = useMemo(() => refusalsFetcher(job.id), [job.id]);
  const list = useListController({
    queryKey: [...IMPORTS_KEY, 'refusals', job.id, job.status, job.counts.refused],
    fetch,
    getRowId: (r) => r.row,
    namespace: 'refused',
  });
  return (
    <section aria-label="Refused rows">
      <DataList title="Refused rows" titleOrder={2} list={list} columns={refusalColumns} toolbar={toolbar} />
    </section>
  );
}

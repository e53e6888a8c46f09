/**
 * Import (/import, /import/:importId; docs/decisions/258): Upload → Columns → Dry run → Import. Once
 * uploaded, the import has its own address, so a reload or another tab shows the same import and its
 * live progress: the screen draws whatever state the server holds.
 */
import { Alert, Anchor, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertCircle, IconArrowRight, IconCircleCheck, IconDownload, IconFileImport, IconPlus } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { IMPORT_KIND_LABELS, type ImportJob, type ImportKind, type ImportStatus } from '@cooler-hub/contract/imports';
import { runWithToast } from '../../components/run-with-toast';
import { formatDateTime } from '../../lib/format-date';
import { paths, type AppPath } from '../../lib/paths';
import { RECEIPTS_KEY } from '../../lib/query-keys';
import { downloadRefusedRows, jobKey, startImport, useImportJob, useRecentImports } from './api';
import { ColumnsStep } from './columns-step';
import { CountsView, RefusalsList, RunProgress } from './run-views';
import { UploadStep } from './upload-step';
import './import.css';

const STEPS = ['Upload', 'Columns', 'Dry run', 'Import'] as const;

const STATUS_LABELS: Record<ImportStatus, string> = {
  uploaded: 'Uploaded',
  checking: 'Dry run running',
  checked: 'Dry run done',
  importing: 'Importing',
  imported: 'Imported',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

/** Where the imported records are listed. */
const LIST_OF: Record<ImportKind, { path: AppPath; label: string }> = {
  receipts: { path: paths.receipts, label: 'Open Master Data' },
  coolers: { path: paths.coolersList, label: 'Open Cooler History' },
  customerAccounts: { path: paths.customers, label: 'Open Customers' },
  partNumbers: { path: paths.settings, label: 'Open Settings' },
};

function StepsBar({ current }: { current: number }) {
  return (
    <nav aria-label="Import steps">
      <ol className="ch-import-steps">
        {STEPS.map((step, i) => (
          <li
            key={step}
            data-state={i < current ? 'done' : i === current ? 'current' : 'todo'}
            aria-current={i === current ? 'step' : undefined}
          >
            <span className="ch-import-step-number" aria-hidden>
              {i + 1}
            </span>
            {step}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function RecentImports() {
  const recent = useRecentImports(5);
  const items = recent.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="recent-imports">
      <Title order={2} size="h4" id="recent-imports" mb="xs">
        Your recent imports
      </Title>
      <Stack gap={6} component="ul" className="ch-import-recent">
        {items.map((job) => (
          <li key={job.id}>
            <Anchor component={Link} underline="always" to={paths.importFile.to({ importId: job.id })} style={{ overflowWrap: 'anywhere' }}>
              {job.fileName}
            </Anchor>
            <Text size="sm" c="dimmed" component="span">
              {' '}
              · {IMPORT_KIND_LABELS[job.kind]} · {STATUS_LABELS[job.status]} · {formatDateTime(job.createdAt)}
            </Text>
          </li>
        ))}
      </Stack>
    </section>
  );
}

function NewImport() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <>
      <StepsBar current={0} />
      <UploadStep
        onUploaded={(job) => {
          queryClient.setQueryData(jobKey(job.id), job);
          void navigate(paths.importFile.to({ importId: job.id }));
        }}
      />
      <RecentImports />
    </>
  );
}

function ImportConfirm({
  job,
  opened,
  onClose,
  onConfirm,
  running,
}: {
  job: ImportJob;
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  running: boolean;
}) {
  const { counts } = job;
  const written = counts.new + counts.updated;
  return (
    <Modal opened={opened} onClose={onClose} title="Import the file?" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <Text size="sm">
          {written} {written === 1 ? 'row' : 'rows'} will be written: {counts.new} new, {counts.updated} updated.
          {counts.unchanged > 0 && ` ${counts.unchanged} unchanged ${counts.unchanged === 1 ? 'row is' : 'rows are'} left as they are.`}
          {counts.refused > 0 && ` The ${counts.refused} refused ${counts.refused === 1 ? 'row is' : 'rows are'} skipped.`}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Back
          </Button>
          <Button onClick={onConfirm} loading={running} leftSection={<IconFileImport size={16} aria-hidden />}>
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function DownloadRefused({ job }: { job: ImportJob }) {
  const [running, setRunning] = useState(false);
  if (job.counts.refused === 0) return null;
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={running}
      onClick={() => {
        setRunning(true);
        void runWithToast(
          () => downloadRefusedRows(job),
          (name) => `Downloaded ${name}`,
        ).finally(() => setRunning(false));
      }}
    >
      Download refused rows
    </Button>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return (
    <Group gap="sm" wrap="wrap">
      {children}
    </Group>
  );
}

function ImportView({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: job, isError } = useImportJob(id);
  const [editColumns, setEditColumns] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [starting, setStarting] = useState(false);
  const status = job?.status;

  useEffect(() => {
    // A run started here or in another tab: the columns form has done its job.
    if (status === 'checking' || status === 'importing') setEditColumns(false);
    if (status === 'imported') void queryClient.invalidateQueries({ queryKey: RECEIPTS_KEY });
  }, [status, queryClient]);

  if (isError) return <Alert color="red">The import could not be loaded.</Alert>;
  if (!job) return <Loader aria-label="Loading the import" />;

  const changed = (next: ImportJob) => queryClient.setQueryData(jobKey(next.id), next);
  const another = () => void navigate(paths.importFile.to());
  const runImport = async () => {
    setStarting(true);
    await runWithToast(async () => changed(await startImport(job.id)));
    setStarting(false);
    setConfirming(false);
  };
  const anotherButton = (
    <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={another}>
      Import another file
    </Button>
  );
  const heading = (
    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {IMPORT_KIND_LABELS[job.kind]} from <b>{job.fileName}</b>
      {job.sheet ? ` (sheet ${job.sheet})` : ''}
    </Text>
  );

  if (status === 'uploaded' || editColumns) {
    return (
      <>
        <StepsBar current={1} />
        <ColumnsStep job={job} onCancel={editColumns ? () => setEditColumns(false) : undefined} />
        {status === 'uploaded' && <Actions>{anotherButton}</Actions>}
      </>
    );
  }

  if (status === 'checking' || status === 'importing') {
    return (
      <>
        <StepsBar current={status === 'checking' ? 2 : 3} />
        {heading}
        <RunProgress
          job={job}
          label={status === 'checking' ? 'Dry run: checking every row, nothing is written' : 'Importing'}
          onChanged={changed}
        />
      </>
    );
  }

  if (status === 'checked') {
    const written = job.counts.new + job.counts.updated;
    return (
      <>
        <StepsBar current={2} />
        {heading}
        <Title order={2}>Dry run result</Title>
        <CountsView counts={job.counts} />
        <Actions>
          <Button leftSection={<IconFileImport size={16} aria-hidden />} disabled={written === 0} onClick={() => setConfirming(true)}>
            Import
          </Button>
          <Button variant="default" onClick={() => setEditColumns(true)}>
            Change columns
          </Button>
          {anotherButton}
        </Actions>
        {written === 0 && (
          <Text size="sm" c="dimmed">
            Nothing to write: every row is unchanged or refused.
          </Text>
        )}
        {job.counts.refused > 0 && <RefusalsList job={job} toolbar={<DownloadRefused job={job} />} />}
        <ImportConfirm
          job={job}
          opened={confirming}
          onClose={() => setConfirming(false)}
          onConfirm={() => void runImport()}
          running={starting}
        />
      </>
    );
  }

  if (status === 'imported') {
    const list = LIST_OF[job.kind];
    return (
      <>
        <StepsBar current={4} />
        {heading}
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} title="Imported">
          The file is imported. Each change is in its record's history, naming the file and its row.
        </Alert>
        <CountsView counts={job.counts} />
        <Actions>
          <Button component={Link} to={list.path.to()} rightSection={<IconArrowRight size={16} aria-hidden />}>
            {list.label}
          </Button>
          {anotherButton}
        </Actions>
        {job.counts.refused > 0 && <RefusalsList job={job} toolbar={<DownloadRefused job={job} />} />}
      </>
    );
  }

  // cancelled or failed: the run stopped; a new dry run starts over, Import carries on a stopped import
  return (
    <>
      <StepsBar current={2} />
      {heading}
      {status === 'failed' ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title="The run failed" role="alert">
          {job.error ?? 'The run stopped on an error.'}
        </Alert>
      ) : (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title="Cancelled">
          The run was cancelled after {job.rowsDone} rows. Run it again when you are ready.
        </Alert>
      )}
      <Paper p={0}>
        <Actions>
          <Button onClick={() => setEditColumns(true)}>Dry run again</Button>
          <Button variant="default" loading={starting} onClick={() => void runImport()}>
            Continue the import
          </Button>
          {anotherButton}
        </Actions>
      </Paper>
    </>
  );
}

export default function ImportPage() {
  const { importId } = useParams();
  return (
    <Stack gap="lg">
      <Title order={1}>Import</Title>
      {importId ? <ImportView key={importId} id={importId} /> : <NewImport />}
    </Stack>
  );
}

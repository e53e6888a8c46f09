/**
 * Label printers on the Settings screen (Admins, docs/decisions/283): each printer the hub sends tags
 * to — where it is, its language, its label and darkness — with 'Print a test label' (what the
 * printer answered, in the contract's sentence, and its ~HS flags), Edit and Delete (asks first);
 * 'Add printer' opens the form (features/printers). Without a printer, tags download as PDF.
 */
import { Alert, Badge, Box, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconEdit, IconPlus, IconPrinter, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { lbTagPreset } from '@cooler-hub/contract/lb-tags';
import * as printerOps from '@cooler-hub/contract/operations/printers';
import { PRINTERS_MAX, type Printer, type PrinterHostStatus, type PrinterTestResult } from '@cooler-hub/contract/printers';
import { runWithToast } from '../../components/run-with-toast';
import { api, isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/async';
import { paths } from '../../lib/paths';
import { PRINTERS_KEY } from '../../lib/query-keys';

const PRINTER_LIST_KEY = [...PRINTERS_KEY, 'list'] as const;
const listPrinters = (signal?: AbortSignal) =>
  api.call(printerOps.listPrinters, { query: { perPage: PRINTERS_MAX, 'order[name]': 'asc' }, signal });
const testPrinter = (id: string) => api.call(printerOps.testPrinter, { params: { id } });
const deletePrinter = (id: string) => api.call(printerOps.deletePrinter, { params: { id } });

/** Where the printer is: `host:port` (an IPv6 host in brackets) or the queue's address. */
function addressOf(p: Printer): string {
  if (p.connection === 'ipp') return p.url ?? '';
  const host = p.host ?? '';
  return `${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${p.port ?? ''}`;
}

const LANGUAGE = { zpl: 'ZPL', pdf: 'PDF' } as const;

function Facts({ printer }: { printer: Printer }) {
  const facts: [string, string][] = [
    [printer.connection === 'ipp' ? 'Queue' : 'Address', addressOf(printer)],
    ['Language', LANGUAGE[printer.language]],
    ['Label', lbTagPreset(printer.preset).label],
  ];
  if (printer.language === 'zpl') facts.push(['Darkness', printer.darkness === null ? "Printer's own" : String(printer.darkness)]);
  return (
    <Group gap="lg" wrap="wrap" component="dl" m={0} style={{ rowGap: 4 }}>
      {facts.map(([label, value]) => (
        <Group key={label} gap={6} wrap="nowrap" align="baseline" style={{ minWidth: 0 }}>
          <Text component="dt" size="sm" c="dimmed" style={{ flexShrink: 0 }}>
            {label}
          </Text>
          <Text
            component="dd"
            size="sm"
            m={0}
            ff={label === 'Address' || label === 'Queue' ? 'monospace' : undefined}
            style={{ overflowWrap: 'anywhere' }}
          >
            {value}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

/** The ~HS flags that stop a Zebra printing, each with what it reads when set and when clear. */
const HOST_FLAGS: [keyof PrinterHostStatus, string, string][] = [
  ['paperOut', 'Out of paper', 'Paper in'],
  ['headOpen', 'Head open', 'Head closed'],
  ['paused', 'Paused', 'Not paused'],
  ['ribbonOut', 'Out of ribbon', 'Ribbon in'],
];

function HostStatusFlags({ status }: { status: PrinterHostStatus }) {
  return (
    <Group gap={6} wrap="wrap" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Printer status">
      {HOST_FLAGS.map(([flag, set, clear]) => (
        <Badge key={flag} component="li" variant={status[flag] ? 'white' : 'default'} color="red" tt="none" fw={status[flag] ? 700 : 500}>
          {status[flag] ? set : clear}
        </Badge>
      ))}
    </Group>
  );
}

type TestOutcome = { result: PrinterTestResult } | { error: string };

/** What the printer said of the test label: green when it took it, red otherwise; the host status under it. */
function TestAnswer({ outcome }: { outcome: TestOutcome }) {
  const sent = 'result' in outcome && outcome.result.status === 'sent';
  const message = 'result' in outcome ? outcome.result.message : outcome.error;
  const hostStatus = 'result' in outcome ? outcome.result.hostStatus : null;
  return (
    <Alert
      role={sent ? 'status' : 'alert'}
      color={sent ? 'green' : 'red'}
      variant="light"
      p="sm"
      icon={sent ? <IconCircleCheck size={18} aria-hidden /> : <IconAlertCircle size={18} aria-hidden />}
    >
      <Stack gap={8}>
        <Text size="sm">{message}</Text>
        {hostStatus && <HostStatusFlags status={hostStatus} />}
      </Stack>
    </Alert>
  );
}

function PrinterItem({ printer, onDelete }: { printer: Printer; onDelete: () => void }) {
  const [testing, setTesting] = useState(false);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const test = async () => {
    setTesting(true);
    setOutcome(null);
    try {
      setOutcome({ result: await testPrinter(printer.id) });
    } catch (error) {
      // The client already showed some errors (a toast, /404): not repeated here.
      if (!(isApiError(error) && error.notified)) setOutcome({ error: errorMessage(error) });
    } finally {
      setTesting(false);
    }
  };
  return (
    <Paper withBorder p="md" radius="md" component="li" aria-label={printer.name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={6} style={{ minWidth: 0, flex: '1 1 300px' }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {printer.name}
            </Text>
            <Facts printer={printer} />
          </Stack>
          {/* A phone has no room for the three on one line: the test label gets the first, Edit and Delete share the second. */}
          <Group gap="xs" wrap="wrap" w={{ base: '100%', xs: 'auto' }}>
            <Button
              size="xs"
              variant="light"
              w={{ base: '100%', xs: 'auto' }}
              leftSection={<IconPrinter size={16} aria-hidden />}
              loading={testing}
              onClick={() => void test()}
              aria-label={`Print a test label on ${printer.name}`}
            >
              Print a test label
            </Button>
            <Button
              size="xs"
              variant="default"
              flex={{ base: 1, xs: 'none' }}
              component={Link}
              to={paths.printerEdit.to({ id: printer.id })}
              leftSection={<IconEdit size={16} aria-hidden />}
              aria-label={`Edit ${printer.name}`}
            >
              Edit
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              flex={{ base: 1, xs: 'none' }}
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={onDelete}
              aria-label={`Delete ${printer.name}`}
            >
              Delete
            </Button>
          </Group>
        </Group>
        {outcome && <TestAnswer outcome={outcome} />}
      </Stack>
    </Paper>
  );
}

function DeletePrinterDialog(props: { printer: Printer | null; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const [running, setRunning] = useState(false);
  const { printer } = props;
  const confirm = async () => {
    if (!printer) return;
    setRunning(true);
    const done = await runWithToast(async () => {
      await deletePrinter(printer.id);
      await queryClient.invalidateQueries({ queryKey: PRINTERS_KEY });
    }, `Printer ${printer.name} deleted`);
    setRunning(false);
    if (done) props.onCancel();
  };
  return (
    <Modal
      opened={printer !== null}
      onClose={props.onCancel}
      title="Delete this printer?"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {printer && (
        <Text mb="lg">
          <strong>{printer.name}</strong> is no longer offered for printing tags, and the records of its print jobs are deleted with it.
          This cannot be undone.
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel} disabled={running}>
          Cancel
        </Button>
        <Button color="red" onClick={() => void confirm()} loading={running}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}

export function PrintersSection() {
  const printers = useQuery({ queryKey: PRINTER_LIST_KEY, queryFn: ({ signal }) => listPrinters(signal) });
  const [deleting, setDeleting] = useState<Printer | null>(null);
  const items = printers.data?.items ?? [];
  const full = items.length >= PRINTERS_MAX;
  return (
    <Box component="section" aria-label="Label printers">
      <Group justify="space-between" wrap="wrap" gap="sm" mb="xs">
        <Title order={2}>Label printers</Title>
        {full ? (
          <Button disabled leftSection={<IconPlus size={16} aria-hidden />}>
            Add printer
          </Button>
        ) : (
          <Button component={Link} to={paths.printerCreate.to()} leftSection={<IconPlus size={16} aria-hidden />}>
            Add printer
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="sm" maw={720}>
        The hub sends LB tags to these printers itself, so a tablet prints with one tap and no driver: a Zebra over raw TCP (ZPL), or a PDF
        to an IPP / CUPS queue (a Brother QL and others).
        {full && ` At most ${PRINTERS_MAX} printers: delete one to add another.`}
      </Text>
      {printers.isError ? (
        <Alert color="red" role="alert">
          The printers could not be loaded.
        </Alert>
      ) : printers.isPending ? (
        <Loader role="status" aria-label="Loading..." size="sm" />
      ) : items.length === 0 ? (
        <Paper withBorder p="md" radius="md">
          <Text c="dimmed" size="sm">
            No label printers yet. Until one is added, &apos;Print tag&apos; downloads each tag as a PDF to print from the device.
          </Text>
        </Paper>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Printers">
          {items.map((printer) => (
            <PrinterItem key={printer.id} printer={printer} onDelete={() => setDeleting(printer)} />
          ))}
        </Stack>
      )}
      <DeletePrinterDialog printer={deleting} onCancel={() => setDeleting(null)} />
    </Box>
  );
}

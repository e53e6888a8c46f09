/**
 * One webhook (/settings/webhooks/:id, docs/decisions/280): its signing secret with Copy and 'Rotate
 * secret', the receiver's check in short, the edit form, Delete (asks first) and its deliveries — event,
 * delivery id, status and every attempt (time, HTTP status or what went wrong, duration) — with
 * 'Send again', ten to a page.
 */
import { Alert, Anchor, Button, Center, Code, CopyButton, Group, Loader, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconCopy, IconRefresh, IconSend, IconTrash } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { WebhookDelivery, WebhookDetail } from '@cooler-hub/contract/webhooks';
import { Pagination } from '../../components/list/pagination';
import { runWithToast } from '../../components/run-with-toast';
import { formatDateTime } from '../../lib/format-date';
import { paths } from '../../lib/paths';
import {
  deleteWebhook,
  getWebhook,
  listWebhookDeliveries,
  redeliverWebhook,
  rotateWebhookSecret,
  WEBHOOKS_KEY,
  webhookDeliveriesKey,
  webhookKey,
} from './api';
import { DeliveryStatusBadge } from './webhook-facts';
import { WebhookForm } from './webhook-form';

function Confirm(props: {
  opened: boolean;
  title: string;
  children: React.ReactNode;
  action: string;
  color?: string;
  onCancel: () => void;
  run: () => Promise<boolean>;
}) {
  const [running, setRunning] = useState(false);
  const confirm = async () => {
    setRunning(true);
    const done = await props.run();
    setRunning(false);
    if (done) props.onCancel();
  };
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title={props.title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Text mb="lg">{props.children}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel} disabled={running}>
          Cancel
        </Button>
        <Button color={props.color} onClick={() => void confirm()} loading={running}>
          {props.action}
        </Button>
      </Group>
    </Modal>
  );
}

function SecretCard({ webhook }: { webhook: WebhookDetail }) {
  const queryClient = useQueryClient();
  const [rotating, setRotating] = useState(false);
  const rotate = () =>
    runWithToast(async () => {
      const saved = await rotateWebhookSecret(webhook.id);
      queryClient.setQueryData(webhookKey(webhook.id), saved);
    }, 'New secret made: update the receiver');
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label="Signing secret">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Signing secret
        </Title>
        <Text size="sm" c="dimmed">
          Each POST carries <Code>Cooler-Hub-Signature: t=&lt;unix seconds&gt;,v1=&lt;hex&gt;</Code>: the receiver computes the HMAC-SHA256
          of <Code>&lt;t&gt;.&lt;raw body&gt;</Code> with this secret, compares it with v1 and refuses a t more than five minutes old.
        </Text>
        <Code block data-testid="webhook-secret" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {webhook.secret}
        </Code>
        <Group justify="flex-end" gap="sm">
          <CopyButton value={webhook.secret}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'light' : 'default'}
                color={copied ? 'teal' : undefined}
                onClick={copy}
                leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              >
                {copied ? 'Copied' : 'Copy secret'}
              </Button>
            )}
          </CopyButton>
          <Button variant="light" color="orange" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => setRotating(true)}>
            Rotate secret
          </Button>
        </Group>
      </Stack>
      <Confirm
        opened={rotating}
        title="Rotate the secret?"
        action="Rotate secret"
        color="orange"
        onCancel={() => setRotating(false)}
        run={rotate}
      >
        Every POST from now on is signed with a new secret; the receiver must be given it, or it will refuse them.
      </Confirm>
    </Paper>
  );
}

function Attempts({ delivery }: { delivery: WebhookDelivery }) {
  // A phone has no room for four columns: each attempt is a short wrapping line instead.
  const narrow = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  if (delivery.attempts.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No attempt yet.
      </Text>
    );
  }
  if (narrow) {
    return (
      <Stack component="ol" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label={`Attempts of ${delivery.id}`}>
        {delivery.attempts.map((a) => (
          <Paper key={a.number} component="li" withBorder radius="sm" px="xs" py={6}>
            <Group gap="xs" wrap="wrap" justify="space-between">
              <Text size="sm" fw={600}>
                Attempt {a.number}
              </Text>
              <Text size="sm" c="dimmed">
                {formatDateTime(a.at)} · {a.durationMs} ms
              </Text>
            </Group>
            <Text size="sm" c={a.error ? 'red' : undefined} style={{ overflowWrap: 'anywhere' }}>
              {a.error ?? `HTTP ${a.statusCode}`}
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table withTableBorder layout="fixed" verticalSpacing={4} horizontalSpacing={8} fz="sm" aria-label={`Attempts of ${delivery.id}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={32}>#</Table.Th>
          <Table.Th w={160}>Time</Table.Th>
          <Table.Th>Answer</Table.Th>
          <Table.Th w={96} ta="right">
            Duration
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {delivery.attempts.map((a) => (
          <Table.Tr key={a.number}>
            <Table.Td>{a.number}</Table.Td>
            <Table.Td>{formatDateTime(a.at)}</Table.Td>
            <Table.Td c={a.error ? 'red' : undefined} style={{ overflowWrap: 'anywhere' }}>
              {a.error ?? `HTTP ${a.statusCode}`}
            </Table.Td>
            <Table.Td ta="right">{a.durationMs} ms</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Deliveries({ webhook }: { webhook: WebhookDetail }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const deliveries = useQuery({
    queryKey: webhookDeliveriesKey(webhook.id, page),
    queryFn: ({ signal }) => listWebhookDeliveries(webhook.id, page, signal),
    placeholderData: keepPreviousData,
    // Deliveries come and settle in the background: look again often while one is pending, else now and then.
    refetchInterval: (query) => (query.state.data?.items.some((d) => d.status === 'pending') ? 2000 : 5000),
  });
  const sendAgain = async (delivery: WebhookDelivery) => {
    await runWithToast(() => redeliverWebhook(webhook.id, delivery.id), 'Sent again');
    await queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
  };
  const data = deliveries.data;
  return (
    <Stack component="section" aria-label="Deliveries" gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4">
          Deliveries
        </Title>
        {data && data.totalCount > 0 && (
          <Text size="sm" c="dimmed">
            {data.totalCount} in all, newest first
          </Text>
        )}
      </Group>
      {deliveries.isError ? (
        <Alert color="red" role="alert">
          The deliveries could not be loaded.
        </Alert>
      ) : !data ? (
        <Center mih={80}>
          <Loader role="status" aria-label="Loading..." size="sm" />
        </Center>
      ) : data.items.length === 0 ? (
        <Paper withBorder p="md" radius="md">
          <Text size="sm" c="dimmed">
            Nothing sent yet: deliveries show here once one of its events happens.
          </Text>
        </Paper>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Webhook deliveries">
          {data.items.map((d) => (
            <Paper key={d.id} withBorder p="md" radius="md" component="li" aria-label={`Delivery ${d.id}`}>
              <Stack gap="xs">
                <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={600} ff="monospace" size="sm">
                        {d.event}
                      </Text>
                      <DeliveryStatusBadge status={d.status} />
                      <Text size="sm" c="dimmed">
                        {formatDateTime(d.createdAt)}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      Delivery id <Code>{d.id}</Code>
                    </Text>
                  </Stack>
                  <Button size="xs" variant="light" leftSection={<IconSend size={14} aria-hidden />} onClick={() => void sendAgain(d)}>
                    Send again
                  </Button>
                </Group>
                <Attempts delivery={d} />
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      {data && data.pagesCount > 1 && (
        <Group justify="center">
          <Pagination page={page} pagesCount={data.pagesCount} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}

export default function WebhookPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const webhook = useQuery({ queryKey: webhookKey(id), queryFn: ({ signal }) => getWebhook(id, signal) });
  const remove = async () => {
    const done = await runWithToast(() => deleteWebhook(id), 'Webhook deleted');
    if (done) {
      await queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
      void navigate(paths.settings.to());
    }
    return done;
  };
  const hook = webhook.data;
  return (
    <Stack maw={880}>
      <Anchor component={Link} to={paths.settings.to()} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          Settings
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Title order={1} size="h2">
            Webhook
          </Title>
          {hook && (
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {hook.url}
            </Text>
          )}
        </Stack>
        {hook && (
          <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDeleting(true)}>
            Delete webhook
          </Button>
        )}
      </Group>
      {webhook.isError ? (
        <Alert color="red" role="alert">
          The webhook could not be loaded.
        </Alert>
      ) : !hook ? (
        <Center mih={160}>
          <Loader role="status" aria-label="Loading..." />
        </Center>
      ) : (
        <>
          <SecretCard webhook={hook} />
          <Paper withBorder p="lg" radius="md" component="section" aria-label="Settings of the webhook">
            <Title order={2} size="h4" mb="sm">
              Address and events
            </Title>
            <WebhookForm key={hook.id} record={hook} />
          </Paper>
          <Deliveries webhook={hook} />
          <Confirm
            opened={deleting}
            title="Delete this webhook?"
            action="Delete"
            color="red"
            onCancel={() => setDeleting(false)}
            run={remove}
          >
            Nothing more is sent to {hook.url}, and its deliveries are deleted with it. This cannot be undone.
          </Confirm>
        </>
      )}
    </Stack>
  );
}

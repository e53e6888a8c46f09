/**
 * 'Waiting to send' (/outbox, docs/decisions/270): what this device keeps for the server, in the
 * order it is sent, with what the server said — sent, or refused with its own sentence and a way
 * to fix it and send it again. Reached from the top bar's 'N waiting'.
 */
import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCloudOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { getReceipt } from '@cooler-hub/contract/operations/receipts';
import { formatLbInput, isLbNumber } from '@cooler-hub/contract/rules';
import { api } from '../../lib/api-client';
import { discardItem, resendItem, useOutbox } from '../../lib/outbox/outbox';
import { updateItem } from '../../lib/outbox/store';
import type { OutboxItem } from '../../lib/outbox/types';
import { paths } from '../../lib/paths';
import { noteFollowingLb, refusedLb, refusedLbIndexes, withLb, withoutRefusedLbs } from './outbox-fixes';
import { useOnline } from './use-online';

const STATUS: Record<OutboxItem['status'], { label: string; color: string }> = {
  waiting: { label: 'Waiting', color: 'yellow' },
  held: { label: 'Waits for a refused item', color: 'orange' },
  refused: { label: 'Refused', color: 'red' },
  sent: { label: 'Sent', color: 'green' },
};

function SentLink({ item }: { item: OutboxItem }) {
  const answer = item.answer as { id?: string | number } | null;
  if (answer?.id === undefined) return null;
  if (item.kind === 'receipt' || item.kind === 'receipt-update')
    return <Link to={paths.receiptEdit.to({ receipt: String(answer.id) })}>Open the receipt</Link>;
  if (item.kind === 'delivery') return <Text size="sm">Note {answer.id} on the server</Text>;
  return null;
}

function LbFix({ item, items }: { item: OutboxItem; items: readonly OutboxItem[] }) {
  const old = (item.request.body as { lbNumber?: string }).lbNumber ?? '';
  const [lb, setLb] = useState(old);
  const valid = isLbNumber(lb) && lb !== old;
  const resend = async () => {
    // The notes kept with the old LB number follow the new one.
    for (const note of items) {
      const changed = noteFollowingLb(note, old, lb);
      if (changed && note.status !== 'sent') await updateItem(note.id, () => changed);
    }
    await resendItem(item.id, (i) => withLb(i, lb));
  };
  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        label="Another LB number"
        value={lb}
        onChange={(e) => setLb(formatLbInput(e.currentTarget.value))}
        autoComplete="off"
        w={200}
      />
      <Button onClick={() => void resend()} disabled={!valid}>
        Resend with this LB number
      </Button>
    </Group>
  );
}

function Fixes({ item, items }: { item: OutboxItem; items: readonly OutboxItem[] }) {
  const lbIndexes = item.kind === 'delivery' ? refusedLbIndexes(item) : [];
  const takeTheirVersion = async () => {
    const id = item.request.path.split('/')[3] ?? '';
    const current = await api.call(getReceipt, { params: { id } });
    await resendItem(item.id, (i) => ({ ...i, request: { ...i.request, ifMatch: current.version } }));
  };
  return (
    <Stack gap="xs">
      {refusedLb(item) && <LbFix item={item} items={items} />}
      <Group gap="sm">
        {lbIndexes.length > 0 && (
          <Button onClick={() => void resendItem(item.id, withoutRefusedLbs)}>
            Resend without the {lbIndexes.length === 1 ? 'refused LB number' : `${lbIndexes.length} refused LB numbers`}
          </Button>
        )}
        {item.refusal?.status === 409 && item.kind === 'receipt-update' && (
          <Button onClick={() => void takeTheirVersion()}>Save mine over their change</Button>
        )}
        <Button variant="default" onClick={() => void resendItem(item.id)}>
          Resend as it is
        </Button>
        <Button variant="subtle" color="red" onClick={() => void discardItem(item.id)}>
          Discard
        </Button>
      </Group>
    </Stack>
  );
}

export default function OutboxPage() {
  const { items, waiting, refused } = useOutbox();
  const online = useOnline();
  const sent = items.filter((i) => i.status === 'sent');
  return (
    <Stack maw={900}>
      <Title order={1} size="h2">
        {paths.outbox.title}
      </Title>
      {!online && (
        <Alert color="yellow" variant="light" icon={<IconCloudOff size={18} aria-hidden />} title="This device is offline">
          What you save is kept on this device and sent, in order, when the network returns. It is not on the server until it shows as Sent.
        </Alert>
      )}
      <Text size="sm" role="status" data-testid="outbox-summary">
        {waiting} waiting, {refused} refused, {sent.length} sent.
      </Text>
      {items.length === 0 && <Text c="dimmed">Nothing is waiting to be sent from this device.</Text>}
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Outbox">
        {items.map((item) => (
          <Paper component="li" key={item.id} withBorder p="sm" radius="md" data-status={item.status} aria-label={item.label}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600} size="sm">
                  {item.label}
                </Text>
                <Badge color={STATUS[item.status].color} variant="light">
                  {STATUS[item.status].label}
                </Badge>
              </Group>
              {item.status === 'waiting' && item.attempts > 0 && (
                <Text size="xs" c="dimmed">
                  Tried {item.attempts} {item.attempts === 1 ? 'time' : 'times'}:{' '}
                  {item.lastFailure === 'network' ? 'no network' : 'the server was busy'}; trying again.
                </Text>
              )}
              {item.status === 'sent' && <SentLink item={item} />}
              {item.refusal && (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title="The server said">
                  <Text size="sm" data-testid="refusal">
                    {item.refusal.sentence}
                  </Text>
                </Alert>
              )}
              {item.status === 'refused' && <Fixes item={item} items={items} />}
            </Stack>
          </Paper>
        ))}
      </Stack>
      {sent.length > 0 && (
        <Group>
          <Button variant="default" onClick={() => void Promise.all(sent.map((i) => discardItem(i.id)))}>
            Clear the sent items
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * 'Approve selected' on the transfer and scrap lists (docs/product.md §2.2's selection, §2.13;
 * docs/decisions/257): one confirmation naming how many notes and that each is e-mailed to its
 * recipients, then one call that approves each note in its own transaction with its own mail. The
 * dialog then shows what became of each note — approved, already approved, or not approved and
 * why — and the list reloads.
 */
import { Badge, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import type { ApproveSelectedResponse, DeliveryListItem } from '@cooler-hub/contract/deliveries';
import type { DeliveryType } from '@cooler-hub/contract/delivery-types';
import { runWithToast } from '../../../components/run-with-toast';
import { notifySuccess } from '../../../lib/notify';
import { approveSelectedDeliveries } from '../api';
import { APPROVED_MESSAGE } from './approve-switch';
import { APPROVE_SELECTED_LABEL, approveQuestion, outcomeLines, outcomeSummary, type OutcomeLine } from './approve-selected-model';

const BADGE_COLOR: Record<OutcomeLine['outcome'], string> = { approved: 'green', alreadyApproved: 'gray', failed: 'red' };

export function ApproveSelectedButton({
  type,
  notes,
  onApproved,
  onFinished,
}: {
  type: DeliveryType;
  /** The selected rows, in the order the list shows them. */
  notes: DeliveryListItem[];
  /** Reloads the list; called while the outcomes show. */
  onApproved: () => Promise<unknown>;
  /**
   * Called when the outcomes are closed: clears the selection — not before, as this button and its
   * dialog live on the selection bar, which goes with the selection.
   */
  onFinished: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const [answer, setAnswer] = useState<ApproveSelectedResponse | null>(null);
  const pending = notes.filter((n) => n.status === 'pending').length;
  const question = approveQuestion(type, pending, notes.length - pending);

  const approve = async () => {
    setRunning(true);
    const call: { answer?: ApproveSelectedResponse } = {};
    await runWithToast(async () => {
      call.answer = await approveSelectedDeliveries(notes.map((n) => n.id));
    });
    setRunning(false);
    if (!call.answer) return;
    if (call.answer.items.some((i) => i.outcome === 'approved')) notifySuccess(APPROVED_MESSAGE, outcomeSummary(call.answer));
    setAnswer(call.answer);
    await onApproved();
  };

  const close = () => {
    if (running) return;
    setOpen(false);
    if (answer) onFinished();
    setAnswer(null);
  };

  return (
    <>
      <Button size="xs" leftSection={<IconChecks size={16} aria-hidden />} onClick={() => setOpen(true)}>
        {APPROVE_SELECTED_LABEL}
      </Button>
      <Modal
        opened={open}
        onClose={close}
        title={answer ? 'Approval finished' : question.title}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {answer ? (
          <Stack gap="sm">
            <Text fw={500}>{outcomeSummary(answer)}</Text>
            <List spacing="xs" listStyleType="none" aria-label="What became of each note">
              {outcomeLines(type, answer).map((line) => (
                <List.Item key={line.id}>
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <Badge color={BADGE_COLOR[line.outcome]} variant="light" style={{ flexShrink: 0 }}>
                      {line.status}
                    </Badge>
                    <div>
                      <Text size="sm">{line.title}</Text>
                      {line.detail && (
                        <Text size="sm" c={line.outcome === 'failed' ? 'red.4' : 'dimmed'}>
                          {line.detail}
                        </Text>
                      )}
                    </div>
                  </Group>
                </List.Item>
              ))}
            </List>
            <Group justify="flex-end">
              <Button onClick={close}>Done</Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="sm">
            {question.text && <Text>{question.text}</Text>}
            {question.skipped && <Text c="dimmed">{question.skipped}</Text>}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={running}>
                {pending === 0 ? 'Close' : 'Cancel'}
              </Button>
              {pending > 0 && (
                <Button onClick={() => void approve()} loading={running}>
                  Approve {pending}
                </Button>
              )}
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}

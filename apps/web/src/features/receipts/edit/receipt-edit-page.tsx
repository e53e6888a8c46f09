/**
 * 'Update receipt' (/receipt/:receipt/edit, docs/product.md §2.9, §4, §5.3, §8): the linked cooler's part number,
 * serial number and DOM, then LB Number, Process option, Process State (D only), Scrap reason (S, or
 * D with D5), collection point or engineer number (the mode inferred from which is present; the
 * engineer number takes a wedge scan), Notes, Tag Fault Comment and Asset No. Update stays disabled
 * while the form is pristine. Saved, it says 'Receipt has been successfully updated' and goes back
 * to the screen the user came from — /main, Master Data, /lb-tag — or /main (docs/decisions/121).
 * Offline, or with writes still waiting, the update is kept in this device's outbox and says so,
 * never 'updated'; opened again, the receipt shows what is kept, and says it is not yet on the
 * server. The form is receipt-edit-form.tsx, its state use-receipt-edit-form.ts.
 */
import { Alert, Anchor, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconCloudUp } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { z } from 'zod';
import type { ReceiptUpdateBody } from '@cooler-hub/contract/receipts';
import { FormScreen } from '../../../components/form/form-screen';
import { onOutboxSent, useOutbox } from '../../../lib/outbox/outbox';
import type { OutboxItem } from '../../../lib/outbox/types';
import { paths } from '../../../lib/paths';
import { keptUpdateOf, useReceipt } from '../api';
import { receiptKey } from './receipt-edit-model';
import { ReceiptEditForm } from './receipt-edit-form';

/** An update of this receipt kept on this device: said at the top, with the list of what waits. */
function KeptNotice({ kept }: { kept: OutboxItem }) {
  const lb = (kept.request.body as ReceiptUpdateBody).lbNumber;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconCloudUp size={18} aria-hidden />}
      role="status"
      aria-label="Update kept on this device"
    >
      Kept on this device, not yet on the server: the update of{' '}
      <Anchor component={Link} to={paths.outbox.to()} fw={600}>
        {lb}
      </Anchor>
      {kept.status === 'refused' ? ', refused by the server. ' : '. '}
      The form shows it; a change saved here goes after it.
    </Alert>
  );
}

function EditReceipt({ id }: { id: string }) {
  const query = useReceipt(id);
  const queryClient = useQueryClient();
  const kept = keptUpdateOf(useOutbox().items, id);
  // A kept update of this receipt reached the server: the screen reads the receipt as it now is.
  useEffect(
    () =>
      onOutboxSent((item) => {
        if (item.kind === 'receipt-update' && (item.answer as { id?: string } | null)?.id === id)
          void queryClient.invalidateQueries({ queryKey: receiptKey(id) });
      }),
    [id, queryClient],
  );
  return (
    <FormScreen
      title={paths.receiptEdit.title}
      maw={720}
      loading={!query.data}
      failed={query.isError}
      failedMessage="The receipt could not be loaded."
    >
      {query.data && (
        <Stack gap="md">
          {kept && <KeptNotice kept={kept} />}
          <ReceiptEditForm key={query.data.id} record={query.data} kept={kept} />
        </Stack>
      )}
    </FormScreen>
  );
}

export default function ReceiptEditPage() {
  const { receipt } = useParams();
  if (receipt === undefined || !z.uuid().safeParse(receipt).success) return <Navigate to={paths.notFound.to()} replace />;
  return <EditReceipt id={receipt} />;
}

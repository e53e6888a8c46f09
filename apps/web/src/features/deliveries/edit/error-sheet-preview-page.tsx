/**
 * /error-sheet/{id}/preview (docs/product.md §2.13): the sheet's lines — LB Number, Part Number, DOM, Serial and
 * the icons edit item (the cooler's form) and delete line. Lines are deleted at once (with the house
 * dialog), so 'Save Error Sheet' has nothing left to send: it confirms the sheet and returns to
 * /error-sheet (docs/decisions/182). 'Edit error sheet' goes back to the update form.
 */
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { APPROVED_READ_ONLY, wrongTypeMessage } from '@cooler-hub/contract/deliveries';
import { LAST_LINE, type DeliveryLine } from '@cooler-hub/contract/delivery-lines';
import { DataList, type ListColumn } from '../../../components/list/data-list';
import { RowActions } from '../../../components/list/row-actions';
import { SerialLink } from '../../../components/links/serial-link';
import { useListController, type ListFetcher } from '../../../components/list/use-list-controller';
import { formatDate } from '../../../lib/format-date';
import { notifySuccess } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import { parseRecordId } from '../../../lib/record-id';
import { DELIVERIES_KEY, DELIVERY_LINES_KEY, deleteDeliveryLine, listDeliveryLines, useDelivery } from '../api';

export const SAVED_MESSAGE = 'Delivery was successfully updated';

const columns: ListColumn<DeliveryLine>[] = [
  { key: 'lbNumber', header: 'LB Number', render: (l) => l.lbNumber },
  { key: 'partNumber', header: 'Part Number', render: (l) => l.inventoryItem.partNumber.partNumber },
  { key: 'dom', header: 'DOM', render: (l) => formatDate(l.inventoryItem.dateOfManufacture) },
  {
    key: 'serial',
    header: 'Serial',
    render: (l) => <SerialLink coolerId={l.inventoryItem.id} serialNumber={l.inventoryItem.serialNumber} />,
  },
];

/** What 'Save Error Sheet' saved, said under its message: the sheet and its LB numbers. */
export function savedDetail(id: number, lbNumbers: readonly string[]): string {
  const count = lbNumbers.length === 1 ? '1 LB number' : `${lbNumbers.length} LB numbers`;
  const shown = lbNumbers.slice(0, 3).join(', ');
  const more = lbNumbers.length > 3 ? ` and ${lbNumbers.length - 3} more` : '';
  return `Error sheet ${id}: ${count}${lbNumbers.length ? ` (${shown}${more})` : ''}.`;
}

/** Why a line cannot go: the server refuses the last line of a sheet and any line of an approved one. */
function lineDeleteBlocked(approved: boolean, totalCount: number | undefined): string | undefined {
  if (approved) return APPROVED_READ_ONLY;
  if (totalCount !== undefined && totalCount <= 1) return LAST_LINE;
  return undefined;
}

function Preview({ id }: { id: number }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const delivery = useDelivery(id);
  const fetchLines: ListFetcher<DeliveryLine> = (q, signal) => listDeliveryLines(id, q.page, signal);
  const list = useListController({
    queryKey: [...DELIVERY_LINES_KEY, id],
    fetch: fetchLines,
    getRowId: (l) => l.id,
    remove: async (l) => {
      await deleteDeliveryLine(l.id);
      // The sheet's item count and LB numbers changed too.
      await queryClient.invalidateQueries({ queryKey: DELIVERIES_KEY });
    },
  });
  const approved = delivery.data?.status === 'approved';
  const blocked = lineDeleteBlocked(approved, list.lastAnswer?.totalCount);

  const save = () => {
    notifySuccess(SAVED_MESSAGE, savedDetail(id, delivery.data?.lbNumbers ?? []));
    void navigate(paths.errorSheet.to());
  };

  const title = `${paths.errorSheetView.title} ${id}`;
  if (delivery.data && delivery.data.type !== 'error_sheet') {
    // A transfer or scrap id typed into this address: its lines are not an error sheet's to edit.
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Alert color="red" role="alert">
          {wrongTypeMessage(delivery.data.type)}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Group gap="sm">
          <Button
            component={Link}
            to={paths.errorSheetView.to({ deliveryId: String(id), view: 'update' })}
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            Edit error sheet
          </Button>
          <Button onClick={save} leftSection={<IconDeviceFloppy size={16} aria-hidden />} disabled={list.view === 'loading'}>
            Save Error Sheet
          </Button>
        </Group>
      </Group>
      {approved && (
        <Text c="dimmed" size="sm">
          {APPROVED_READ_ONLY}
        </Text>
      )}
      <DataList
        title="Items"
        titleOrder={2}
        list={list}
        columns={columns}
        rowActions={(l) => (
          <RowActions
            editTo={paths.coolersEdit.to({ cooler: l.inventoryItem.id })}
            onDelete={() => list.deletion.ask(l)}
            deleteBlockedReason={blocked}
          />
        )}
      />
    </Stack>
  );
}

export default function ErrorSheetPreviewPage() {
  const { deliveryId } = useParams();
  const id = parseRecordId(deliveryId ?? '');
  return id === null ? <Navigate to={paths.notFound.to()} replace /> : <Preview id={id} />;
}

/**
 * The three delivery lists (docs/product.md §2.2, §2.13): transfer and scrap notes (ID, Created at, Customers,
 * Items, Email status, Receipt Date, Approved, Download CSV/PDF, Actions edit/Resend/delete) and
 * error sheets (ID, Created at, Date, Items, Download CSV, Actions edit/delete). Pagination sits at
 * the top right; the create button opens /create-dn with the list's type in the navigation state.
 */
import { Anchor, Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { DeliveryListItem } from '@cooler-hub/contract/deliveries';
import type { DeliveryType } from '@cooler-hub/contract/delivery-types';
import type { SavedViewList } from '@cooler-hub/contract/saved-views';
import { DataList, type ListColumn } from '../../../components/list/data-list';
import { PhoneKey } from '../../../components/list/phone-key';
import { RowActions } from '../../../components/list/row-actions';
import { useSavedViews } from '../../../components/list/saved-views';
import { useListController } from '../../../components/list/use-list-controller';
import { useCan } from '../../../lib/current-user';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { DELIVERY_SCREENS } from '../../../lib/delivery-screens';
import { paths } from '../../../lib/paths';
import { ApproveSelectedButton } from './approve-selected';
import { ApproveSwitch } from './approve-switch';
import { DELIVERIES_KEY, deleteDelivery, listDeliveries } from '../api';
import { deleteBlockedReason, editPathOf, itemsLabel, itemsPathOf, listScreenOf } from './delivery-list-model';
import { DownloadButtons } from './download-buttons';
import { EmailStatusCell } from './email-status-cell';
import { ResendButton } from './resend-button';

type Reload = () => Promise<unknown>;

const SAVED_VIEW_LIST_OF: Record<DeliveryType, SavedViewList | null> = {
  transfer: 'transferDeliveries',
  scrap: 'scrapDeliveries',
  error_sheet: null,
};

const idColumn: ListColumn<DeliveryListItem> = { key: 'id', header: 'ID', sortField: 'id', render: (n) => n.id };
const createdColumn: ListColumn<DeliveryListItem> = {
  key: 'createdAt',
  header: 'Created at',
  sortField: 'createdAt',
  render: (n) => formatDateTime(n.createdAt),
};
const itemsColumn: ListColumn<DeliveryListItem> = {
  key: 'itemsCount',
  header: 'Items',
  sortField: 'itemsCount',
  render: (n) => (
    <Anchor component={Link} to={itemsPathOf(n)} aria-label={itemsLabel(n)}>
      {n.itemsCount}
    </Anchor>
  ),
};
const dayColumn = (header: string): ListColumn<DeliveryListItem> => ({
  key: 'deliveryDay',
  header,
  sortField: 'deliveryDay',
  render: (n) => formatDate(n.deliveryDay),
});

function fullColumns(reload: Reload): ListColumn<DeliveryListItem>[] {
  return [
    idColumn,
    createdColumn,
    { key: 'customerAccount', header: 'Customers', sortField: 'customerAccount', render: (n) => n.customerAccount?.name ?? '' },
    itemsColumn,
    { key: 'emailStatus', header: 'Email status', render: (n) => <EmailStatusCell delivery={n} onResent={reload} /> },
    dayColumn('Receipt Date'),
    { key: 'status', header: 'Approved', sortField: 'status', render: (n) => <ApproveSwitch delivery={n} onApproved={reload} /> },
    { key: 'download', header: 'Download', render: (n) => <DownloadButtons delivery={n} formats={['csv', 'pdf']} /> },
  ];
}

const shortColumns: ListColumn<DeliveryListItem>[] = [
  idColumn,
  createdColumn,
  dayColumn('Date'),
  itemsColumn,
  { key: 'download', header: 'Download', render: (n) => <DownloadButtons delivery={n} formats={['csv']} /> },
];

export function DeliveryList({ type }: { type: DeliveryType }) {
  const can = useCan();
  const screen = listScreenOf(type);
  const full = DELIVERY_SCREENS[type].listColumns === 'full';
  const list = useListController({
    // One cache entry per type: the three lists share the deliveries key, so any write reloads them all.
    queryKey: [...DELIVERIES_KEY, type],
    fetch: listDeliveries(type),
    getRowId: (n) => n.id,
    remove: (n) => deleteDelivery(n.id),
  });
  const reload = () => list.reload();
  const columns = full ? fullColumns(reload) : shortColumns;
  // Error sheets have no filters: their list keeps no views (docs/decisions/253).
  const views = useSavedViews({ list: SAVED_VIEW_LIST_OF[type], columns, columnChooser: full });

  return (
    <DataList
      title={screen.title}
      list={list}
      columns={views.columns}
      phoneKey={{ replaces: 'id', render: (n) => <PhoneKey rowKey={n.id} customer={n.customerAccount?.name} /> }}
      paginationPosition="top"
      toolbar={
        <>
          {views.controls}
          <Button component={Link} to={paths.createDn.to()} state={{ type }} leftSection={<IconPlus size={16} aria-hidden />}>
            {screen.createLabel}
          </Button>
        </>
      }
      // Transfer and scrap notes can be approved several at a time (docs/decisions/257).
      selectable={full}
      selectionActions={(ids) => (
        <ApproveSelectedButton
          type={type}
          notes={list.items.filter((n) => ids.includes(n.id))}
          onApproved={reload}
          onFinished={list.selection.clear}
        />
      )}
      rowActions={(n) => (
        <Group gap={4} wrap="nowrap">
          <RowActions editTo={editPathOf(n)} />
          {full && <ResendButton delivery={n} onResent={reload} />}
          <RowActions
            onDelete={() => list.deletion.ask(n)}
            canDelete={can('manipulateInventory')}
            deleteBlockedReason={deleteBlockedReason(n)}
          />
        </Group>
      )}
    />
  );
}

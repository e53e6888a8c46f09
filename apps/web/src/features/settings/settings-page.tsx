/**
 * Settings (docs/product.md §2.12): four shared lists on one screen — CC codes and scrap reasons show every row
 * (no pagination), part numbers and collection points are paginated. Each list keeps its page and
 * sort in the hash query under its own prefix (cc., pn., cp., sr.) so they never collide. Every list
 * has its 'Add New' link; every row an edit action and the shared delete dialog.
 */
import { useNavigate } from 'react-router';
import { formatPence } from '@cooler-hub/contract/rules';
import type { CcCode, CollectionPoint, PartNumber, ScrapReason } from '@cooler-hub/contract/settings';
import type { ListColumn } from '../../components/list/data-list';
import { ListSection, ListsScreen } from '../../components/list/list-section';
import { RowActions } from '../../components/list/row-actions';
import { useListController } from '../../components/list/use-list-controller';
import { useCan } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import {
  CC_CODES_KEY,
  COLLECTION_POINTS_KEY,
  PART_NUMBERS_KEY,
  SCRAP_REASONS_KEY,
  deleteCcCode,
  deleteCollectionPoint,
  deletePartNumber,
  deleteScrapReason,
  listCcCodes,
  listCollectionPoints,
  listPartNumbers,
  listScrapReasons,
} from './api';
import { BackupSection } from './backup-section';
import { PrintersSection } from './printers-section';
import { WebhooksSection } from './webhooks-section';
import type { CollectionPointEditState } from './collection-point-form-page';
import type { ScrapReasonEditState } from './scrap-reason-form-page';

const ccCodeColumns: ListColumn<CcCode>[] = [
  { key: 'code', header: 'Code', sortField: 'code', render: (c) => c.code },
  { key: 'name', header: 'Name', sortField: 'name', render: (c) => c.name },
  { key: 'price', header: 'Price', sortField: 'price', render: (c) => formatPence(c.price.amount) },
];

function CcCodesList() {
  const list = useListController({
    queryKey: CC_CODES_KEY,
    fetch: listCcCodes,
    getRowId: (c) => c.id,
    namespace: 'cc',
    remove: (c) => deleteCcCode(c.id),
  });
  return (
    <ListSection
      title="CC codes"
      list={list}
      columns={ccCodeColumns}
      addNewTo={paths.ccodeCreate.to()}
      rowActions={(c) => <RowActions editTo={paths.ccodeEdit.to({ id: c.id })} onDelete={() => list.deletion.ask(c)} />}
    />
  );
}

const partNumberColumns: ListColumn<PartNumber>[] = [
  { key: 'partNumber', header: 'Part Number', sortField: 'partNumber', render: (p) => p.partNumber },
  {
    key: 'description',
    header: 'Description',
    sortField: 'description',
    render: (p) => <span style={{ whiteSpace: 'pre-line' }}>{p.description ?? ''}</span>,
  },
];

function PartNumbersList() {
  const list = useListController({
    queryKey: PART_NUMBERS_KEY,
    fetch: listPartNumbers,
    getRowId: (p) => p.id,
    namespace: 'pn',
    remove: (p) => deletePartNumber(p.id),
  });
  return (
    <ListSection
      title="Part numbers"
      list={list}
      columns={partNumberColumns}
      addNewTo={paths.partNumberCreate.to()}
      rowActions={(p) => <RowActions editTo={paths.partNumberEdit.to({ part: p.id })} onDelete={() => list.deletion.ask(p)} />}
    />
  );
}

const collectionPointColumns: ListColumn<CollectionPoint>[] = [
  { key: 'id', header: 'ID', sortField: 'id', width: 90, render: (p) => p.id },
  { key: 'name', header: 'Name', sortField: 'name', render: (p) => p.name },
];

function CollectionPointsList() {
  const navigate = useNavigate();
  const list = useListController({
    queryKey: COLLECTION_POINTS_KEY,
    fetch: listCollectionPoints,
    getRowId: (p) => p.id,
    namespace: 'cp',
    remove: (p) => deleteCollectionPoint(p.id),
  });
  // The form is handed the name, so it needs no call to show it.
  const edit = (p: CollectionPoint) =>
    void navigate(paths.collectionPointEdit.to({ id: String(p.id) }), { state: { name: p.name } satisfies CollectionPointEditState });
  return (
    <ListSection
      title="Collection points"
      list={list}
      columns={collectionPointColumns}
      addNewTo={paths.collectionPointCreate.to()}
      rowActions={(p) => <RowActions onEdit={() => edit(p)} onDelete={() => list.deletion.ask(p)} />}
    />
  );
}

const scrapReasonColumns: ListColumn<ScrapReason>[] = [
  { key: 'code', header: 'Code', sortField: 'code', width: 110, render: (r) => r.code },
  { key: 'reason', header: 'Name', sortField: 'reason', render: (r) => r.reason },
];

function ScrapReasonsList() {
  const navigate = useNavigate();
  const list = useListController({
    queryKey: SCRAP_REASONS_KEY,
    fetch: listScrapReasons,
    getRowId: (r) => r.id,
    namespace: 'sr',
    remove: (r) => deleteScrapReason(r.id),
  });
  // The form is handed the code and name, so it needs no call to show them.
  const edit = (r: ScrapReason) =>
    void navigate(paths.scrapReasonEdit.to({ id: String(r.id) }), {
      state: { code: r.code, name: r.reason } satisfies ScrapReasonEditState,
    });
  return (
    <ListSection
      title="Scrap reasons"
      list={list}
      columns={scrapReasonColumns}
      addNewTo={paths.scrapReasonCreate.to()}
      rowActions={(r) => <RowActions onEdit={() => edit(r)} onDelete={() => list.deletion.ask(r)} />}
    />
  );
}

export default function SettingsPage() {
  const can = useCan();
  return (
    <ListsScreen title="Settings">
      <CcCodesList />
      <PartNumbersList />
      <CollectionPointsList />
      <ScrapReasonsList />
      {can('manageWebhooks') && <WebhooksSection />}
      {can('managePrinters') && <PrintersSection />}
      {can('backup') && <BackupSection />}
    </ListsScreen>
  );
}

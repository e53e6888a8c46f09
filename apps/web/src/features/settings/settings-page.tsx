/**
 * Settings (spec 2.12): four shared lists on one screen — CC codes and scrap reasons show every row
 * (no pagination), part numbers and collection points are paginated. Each list keeps its page and
 * sort in the hash query under its own prefix (cc., pn., cp., sr.) so they never collide. Every list
 * has its 'Add New' link; every row an edit action and the shared delete dialog.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatPence } from '@cooler-hub/contract/rules';
import type { CcCode, CollectionPoint, PartNumber, ScrapReason } from '@cooler-hub/contract/settings';
import type { ListColumn } from '../../components/list/data-list';
import { ListSection, ListsScreen } from '../../components/list/list-section';
import { RowActions } from '../../components/list/row-actions';
import { useListParams } from '../../components/list/use-list-params';
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
  useCcCodesList,
  useCollectionPointsList,
  usePartNumbersList,
  useScrapReasonsList,
} from './api';
import type { CollectionPointEditState } from './collection-point-form-page';
import type { ScrapReasonEditState } from './scrap-reason-form-page';

function useReload(key: readonly string[]) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: key });
}

function CcCodesList() {
  const { t } = useTranslation();
  const list = useListParams([], { namespace: 'cc' });
  const query = useCcCodesList(list.sort);
  const reload = useReload(CC_CODES_KEY);
  const columns: ListColumn<CcCode>[] = [
    { key: 'code', header: 'Code', sortField: 'code', render: (c) => c.code },
    { key: 'name', header: 'Name', sortField: 'name', render: (c) => c.name },
    { key: 'price', header: 'Price', sortField: 'price', render: (c) => formatPence(c.price.amount) },
    {
      key: 'actions',
      header: t('list.actions'),
      width: 110,
      render: (c, ctx) => <RowActions editTo={paths.ccodeEdit.to({ id: c.id })} onDelete={ctx.remove} />,
    },
  ];
  return (
    <ListSection
      title="CC codes"
      columns={columns}
      query={query}
      list={list}
      getRowId={(c) => c.id}
      addNewTo={paths.ccodeCreate.to()}
      remove={(c) => deleteCcCode(c.id)}
      onRemoved={reload}
    />
  );
}

function PartNumbersList() {
  const { t } = useTranslation();
  const list = useListParams([], { namespace: 'pn' });
  const query = usePartNumbersList(list.apiQuery);
  const reload = useReload(PART_NUMBERS_KEY);
  const columns: ListColumn<PartNumber>[] = [
    { key: 'partNumber', header: 'Part Number', sortField: 'partNumber', render: (p) => p.partNumber },
    {
      key: 'description',
      header: 'Description',
      sortField: 'description',
      render: (p) => <span style={{ whiteSpace: 'pre-line' }}>{p.description ?? ''}</span>,
    },
    {
      key: 'actions',
      header: t('list.actions'),
      width: 110,
      render: (p, ctx) => <RowActions editTo={paths.partNumberEdit.to({ part: p.id })} onDelete={ctx.remove} />,
    },
  ];
  return (
    <ListSection
      title="Part numbers"
      columns={columns}
      query={query}
      list={list}
      getRowId={(p) => p.id}
      addNewTo={paths.partNumberCreate.to()}
      remove={(p) => deletePartNumber(p.id)}
      onRemoved={reload}
    />
  );
}

function CollectionPointsList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams([], { namespace: 'cp' });
  const query = useCollectionPointsList(list.apiQuery);
  const reload = useReload(COLLECTION_POINTS_KEY);
  const columns: ListColumn<CollectionPoint>[] = [
    { key: 'id', header: 'ID', sortField: 'id', width: 90, render: (p) => p.id },
    { key: 'name', header: 'Name', sortField: 'name', render: (p) => p.name },
    {
      key: 'actions',
      header: t('list.actions'),
      width: 110,
      render: (p, ctx) => (
        <RowActions
          onEdit={() =>
            void navigate(paths.collectionPointEdit.to({ id: String(p.id) }), { state: { name: p.name } satisfies CollectionPointEditState })
          }
          onDelete={ctx.remove}
        />
      ),
    },
  ];
  return (
    <ListSection
      title="Collection points"
      columns={columns}
      query={query}
      list={list}
      getRowId={(p) => p.id}
      addNewTo={paths.collectionPointCreate.to()}
      remove={(p) => deleteCollectionPoint(p.id)}
      onRemoved={reload}
    />
  );
}

function ScrapReasonsList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams([], { namespace: 'sr' });
  const query = useScrapReasonsList(list.sort);
  const reload = useReload(SCRAP_REASONS_KEY);
  const columns: ListColumn<ScrapReason>[] = [
    { key: 'code', header: 'Code', sortField: 'code', width: 110, render: (r) => r.code },
    { key: 'reason', header: 'Name', sortField: 'reason', render: (r) => r.reason },
    {
      key: 'actions',
      header: t('list.actions'),
      width: 110,
      render: (r, ctx) => (
        <RowActions
          onEdit={() =>
            void navigate(paths.scrapReasonEdit.to({ id: String(r.id) }), {
              state: { code: r.code, name: r.reason } satisfies ScrapReasonEditState,
            })
          }
          onDelete={ctx.remove}
        />
      ),
    },
  ];
  return (
    <ListSection
      title="Scrap reasons"
      columns={columns}
      query={query}
      list={list}
      getRowId={(r) => r.id}
      addNewTo={paths.scrapReasonCreate.to()}
      remove={(r) => deleteScrapReason(r.id)}
      onRemoved={reload}
    />
  );
}

export default function SettingsPage() {
  return (
    <ListsScreen title="Settings">
      <CcCodesList />
      <PartNumbersList />
      <CollectionPointsList />
      <ScrapReasonsList />
    </ListsScreen>
  );
}

/**
 * The one list view every screen of spec 2.2 uses: title, summary, page buttons, optional filter
 * area and 'Add New' link, sortable headers, optional sticky first column, 20 skeleton rows while
 * loading, the empty message, optional row selection, optional totals, hover popovers, and the
 * delete dialog. State (page, sort, filters) comes from useListParams; data from a TanStack query.
 */
import {
  Box,
  Button,
  Checkbox,
  Group,
  HoverCard,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ListResponse } from '@cooler-hub/contract/common';
import { isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/async';
import { notifyError, notifySuccess } from '../../lib/notify';
import { DeleteDialog } from './delete-dialog';
import { PageSummary, Pagination } from './pagination';
import type { ListParams } from './use-list-params';

const SKELETON_ROWS = 20;
const SELECT_COLUMN_WIDTH = 44;

export interface RowContext {
  /** Opens the delete dialog for this row. */
  remove: () => void;
}

export interface PopoverSpec<T> {
  /** Default 'More information'. */
  title?: string;
  items: (row: T) => { label: string; value: ReactNode }[];
}

export interface ListColumn<T> {
  key: string;
  header: string;
  render: (row: T, ctx: RowContext) => ReactNode;
  /** The API's sort field; makes the header a sort button. */
  sortField?: string;
  width?: number | string;
  /** Hover popover with label/value pairs on this column's cells. */
  popover?: PopoverSpec<T>;
  /** This column's value in the totals row. */
  total?: (rows: T[]) => ReactNode;
}

export interface ListQueryLike<T> {
  data?: ListResponse<T>;
  isPending: boolean;
  isFetching: boolean;
  isError?: boolean;
  refetch: () => unknown;
}

export interface DataListProps<T> {
  title: string;
  /** Heading level: 1 (the page's title, default) or lower when a screen holds several lists. */
  titleOrder?: 1 | 2 | 3;
  columns: ListColumn<T>[];
  getRowId: (row: T) => string | number;
  query: ListQueryLike<T>;
  /** Page and sort state; without it the list has no page buttons and no sorting. */
  list?: ListParams<string>;
  /** A create route: shows the 'Add New' link. */
  addNewTo?: string;
  addNewLabel?: string;
  /** Buttons next to the title (create, filters…). */
  toolbar?: ReactNode;
  /** An inline filter area above the table. */
  filters?: ReactNode;
  stickyFirstColumn?: boolean;
  selectable?: boolean;
  onSelectionChange?: (ids: (string | number)[]) => void;
  /** Extra controls on the selection bar. */
  selectionActions?: (ids: (string | number)[]) => ReactNode;
  /** Shows 'Expand Totals' and a totals row from the columns' `total`. */
  withTotals?: boolean;
  /** The delete operation; without it, asking to delete shows 'Delete method is not implemented'. */
  remove?: (row: T) => Promise<unknown>;
  /** Called after a successful delete; defaults to reloading the query. */
  onRemoved?: () => unknown;
  paginationPosition?: 'top' | 'bottom';
}

function SortIcon({ direction }: { direction: 'asc' | 'desc' | null }) {
  if (direction === 'asc') return <IconArrowUp size={14} aria-hidden />;
  if (direction === 'desc') return <IconArrowDown size={14} aria-hidden />;
  return <IconArrowsSort size={14} aria-hidden style={{ opacity: 0.4 }} />;
}


function CellPopover<T>({ spec, row, children }: { spec: PopoverSpec<T>; row: T; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <HoverCard width={300} shadow="md" withinPortal openDelay={150}>
      <HoverCard.Target>
        <Box component="span" tabIndex={0} style={{ cursor: 'help', textDecoration: 'underline dotted' }}>
          {children}
        </Box>
      </HoverCard.Target>
      <HoverCard.Dropdown>
        <Text fw={600} mb="xs">
          {spec.title ?? t('list.moreInformation')}
        </Text>
        <Stack gap={4}>
          {spec.items(row).map((item) => (
            <Group key={item.label} justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {item.label}
              </Text>
              <Text size="sm">{item.value}</Text>
            </Group>
          ))}
        </Stack>
      </HoverCard.Dropdown>
    </HoverCard>
  );
}

export function DataList<T>(props: DataListProps<T>) {
  const { t } = useTranslation();
  const { columns, query, list, getRowId } = props;
  const data = query.data;
  const items = useMemo(() => data?.items ?? [], [data]);
  const loading = query.isPending && !data;

  const [selected, setSelected] = useState<Set<string | number>>(new Set());
  const [totalsOpen, setTotalsOpen] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<{ row: T } | null>(null);
  const [deleting, setDeleting] = useState(false);

  // A new page, sort or filter starts with no selection.
  const apiQuery = list?.apiQuery;
  const onSelectionChange = useRef(props.onSelectionChange);
  useEffect(() => {
    onSelectionChange.current = props.onSelectionChange;
  });
  useEffect(() => {
    setSelected((current) => (current.size === 0 ? current : new Set()));
    onSelectionChange.current?.([]);
  }, [apiQuery]);

  // A delete can empty the last page: step back to the new last page.
  const page = list?.page;
  const setPage = list?.setPage;
  useEffect(() => {
    if (data && page && setPage && data.items.length === 0 && page > 1 && data.pagesCount >= 1 && page > data.pagesCount) {
      setPage(data.pagesCount);
    }
  }, [data, page, setPage]);

  const changeSelection = (next: Set<string | number>) => {
    setSelected(next);
    props.onSelectionChange?.([...next]);
  };
  const pageIds = items.map(getRowId);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const someSelected = pageIds.some((id) => selected.has(id));

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    if (!props.remove) {
      setPendingDelete(null);
      notifyError(t('dialog.deleteNotImplemented'));
      return;
    }
    setDeleting(true);
    try {
      await props.remove(pendingDelete.row);
      notifySuccess(t('dialog.removed'));
      setPendingDelete(null);
      await (props.onRemoved ? props.onRemoved() : query.refetch());
    } catch (error) {
      setPendingDelete(null);
      if (!(isApiError(error) && error.notified)) notifyError(errorMessage(error));
    } finally {
      setDeleting(false);
    }
  };

  const colCount = columns.length + (props.selectable ? 1 : 0);
  const pagination =
    list && data ? <Pagination page={list.page} pagesCount={data.pagesCount} onChange={list.setPage} /> : null;
  const summary = data ? (
    <PageSummary page={data.page} perPage={data.perPage} totalCount={data.totalCount} pagesCount={data.pagesCount} />
  ) : null;
  // The sticky first column is the first data column (and the selection checkboxes before it).
  const firstDataIndex = props.selectable ? 1 : 0;
  // Sticky cells are opaque (global.css .ch-sticky) so scrolled cells do not show through.
  const sticky = (index: number): { className?: string; style?: CSSProperties } =>
    props.stickyFirstColumn && index <= firstDataIndex
      ? { className: 'ch-sticky', style: { left: index === 0 ? 0 : SELECT_COLUMN_WIDTH } }
      : {};

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={props.titleOrder ?? 1} size={(props.titleOrder ?? 1) === 1 ? 'h2' : undefined}>
          {props.title}
        </Title>
        <Group gap="sm">
          {props.toolbar}
          {props.addNewTo !== undefined && (
            <Button component={Link} to={props.addNewTo} leftSection={<IconPlus size={16} aria-hidden />}>
              {props.addNewLabel ?? t('list.addNew')}
            </Button>
          )}
          {props.paginationPosition === 'top' && pagination}
        </Group>
      </Group>

      {props.filters}

      {props.selectable && selected.size > 0 && (
        <Paper withBorder p="xs" role="region" aria-label={t('list.selected', { count: selected.size })}>
          <Group justify="space-between">
            <Text fw={500}>{t('list.selected', { count: selected.size })}</Text>
            <Group gap="xs">
              {props.selectionActions?.([...selected])}
              <Button variant="default" size="xs" onClick={() => changeSelection(new Set())}>
                {t('list.close')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}

      {props.withTotals && (
        <Group justify="flex-end">
          <Button variant="subtle" size="xs" onClick={() => setTotalsOpen((o) => !o)} aria-expanded={totalsOpen}>
            {totalsOpen ? t('list.hideTotals') : t('list.expandTotals')}
          </Button>
        </Group>
      )}

      <Table.ScrollContainer minWidth={600}>
        <Table
          striped
          highlightOnHover
          verticalSpacing="xs"
          aria-busy={query.isFetching || undefined}
          aria-label={props.title}
          style={{ opacity: query.isFetching && !loading ? 0.7 : 1, transition: 'opacity 150ms' }}
        >
          <Table.Thead>
            <Table.Tr>
              {props.selectable && (
                <Table.Th w={SELECT_COLUMN_WIDTH} miw={SELECT_COLUMN_WIDTH} {...sticky(0)}>
                  <Checkbox
                    aria-label={t('list.selectAll')}
                    checked={allSelected}
                    indeterminate={someSelected && !allSelected}
                    disabled={pageIds.length === 0}
                    onChange={() => {
                      const next = new Set(selected);
                      if (allSelected) pageIds.forEach((id) => next.delete(id));
                      else pageIds.forEach((id) => next.add(id));
                      changeSelection(next);
                    }}
                  />
                </Table.Th>
              )}
              {columns.map((column, i) => {
                const sortField = list ? column.sortField : undefined;
                const sortable = sortField !== undefined;
                const direction = sortable && list?.sort?.field === sortField ? list.sort.direction : null;
                return (
                  <Table.Th
                    key={column.key}
                    w={column.width}
                    {...sticky(i + firstDataIndex)}
                    aria-sort={sortable ? (direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none') : undefined}
                  >
                    {sortable ? (
                      <UnstyledButton onClick={() => list?.toggleSort(sortField)} fw={700} fz="sm">
                        <Group gap={4} wrap="nowrap">
                          <span>{column.header}</span>
                          <SortIcon direction={direction} />
                        </Group>
                      </UnstyledButton>
                    ) : (
                      column.header
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading &&
              Array.from({ length: SKELETON_ROWS }, (_, r) => (
                <Table.Tr key={`skeleton-${r}`} data-testid="skeleton-row">
                  {Array.from({ length: colCount }, (_, c) => (
                    <Table.Td key={c}>
                      <Skeleton height={14} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            {!loading && items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={colCount}>
                  <Text ta="center" c="dimmed" py="lg">
                    {t('list.noItems')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {!loading &&
              items.map((row) => {
                const id = getRowId(row);
                const ctx: RowContext = { remove: () => setPendingDelete({ row }) };
                return (
                  <Table.Tr key={id} data-selected={selected.has(id) || undefined}>
                    {props.selectable && (
                      <Table.Td {...sticky(0)}>
                        <Checkbox
                          aria-label={t('list.selectRow')}
                          checked={selected.has(id)}
                          onChange={() => {
                            const next = new Set(selected);
                            if (next.has(id)) next.delete(id);
                            else next.add(id);
                            changeSelection(next);
                          }}
                        />
                      </Table.Td>
                    )}
                    {columns.map((column, i) => (
                      <Table.Td key={column.key} {...sticky(i + firstDataIndex)}>
                        {column.popover ? (
                          <CellPopover spec={column.popover} row={row}>
                            {column.render(row, ctx)}
                          </CellPopover>
                        ) : (
                          column.render(row, ctx)
                        )}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
          </Table.Tbody>
          {props.withTotals && totalsOpen && !loading && (
            <Table.Tfoot>
              <Table.Tr>
                {props.selectable && <Table.Td />}
                {columns.map((column, i) => (
                  <Table.Td key={column.key} fw={700} {...sticky(i + firstDataIndex)}>
                    {i === 0 ? t('list.total') : (column.total?.(items) ?? null)}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </Table.ScrollContainer>

      <Group justify="space-between" wrap="wrap">
        {summary}
        {props.paginationPosition !== 'top' && pagination}
      </Group>

      <DeleteDialog
        opened={pendingDelete !== null}
        loading={deleting}
        onCancel={() => !deleting && setPendingDelete(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Stack>
  );
}

/**
 * The one list view every screen of docs/product.md §2.2 uses. It only draws what a `useListController` holds:
 * title, toolbar and 'Add New', sortable headers, 20 skeleton rows, the rows or the empty message
 * or the error state, selection bar, totals, the 'a-b of N items' summary, page buttons and the
 * delete dialog. The Actions column sticks to the right edge, so a phone never scrolls it away.
 */
import { Button, Checkbox, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CellPopover, type PopoverSpec } from './cell-popover';
import { DeleteDialog } from './delete-dialog';
import { ListError } from './list-error';
import type { RowId } from './list-model';
import { PageSummary, Pagination } from './pagination';
import { SortButton, ariaSort, sortDirection } from './sort-header';
import type { ListController } from './use-list-controller';
import './data-list.css';

export type { PopoverSpec } from './cell-popover';

const SKELETON_ROWS = 20;
/** A table of this many columns or fewer wraps its cells to fit a phone; a wider one scrolls sideways. */
const NARROW_COLUMNS = 4;
const SELECT_COLUMN_WIDTH = 44;

export interface ListColumn<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** The API's sort field; makes the header a sort button. */
  sortField?: string;
  width?: number | string;
  /** Hover popover with label/value pairs on this column's cells. */
  popover?: PopoverSpec<T>;
  /** This column's value in the totals row. */
  total?: (rows: T[]) => ReactNode;
}

export interface DataListProps<T> {
  title: string;
  /** Heading level: 1 (the page's title, default) or lower when a screen holds several lists. */
  titleOrder?: 1 | 2 | 3;
  list: ListController<T>;
  columns: ListColumn<T>[];
  /** The row's icons (usually `<RowActions>`), drawn in a last 'Actions' column that stays on screen. */
  rowActions?: (row: T) => ReactNode;
  /** A create route: shows the 'Add New' link. */
  addNewTo?: string;
  addNewLabel?: string;
  /** Buttons next to the title (create, filters…). */
  toolbar?: ReactNode;
  /** An inline filter area above the table. */
  filters?: ReactNode;
  stickyFirstColumn?: boolean;
  /**
   * On a phone (≤ 48em) the row's key and its customer in a first column that stays on screen while
   * the table scrolls sideways under it (docs/decisions/221): it takes the place of the column
   * `replaces` (its header and sort), drawn by `render`. On a wider screen it is not there.
   */
  phoneKey?: { replaces: string; render: (row: T) => ReactNode };
  selectable?: boolean;
  /** Extra controls on the selection bar. */
  selectionActions?: (ids: RowId[]) => ReactNode;
  /** Shows 'Expand Totals' and a totals row from the columns' `total`. */
  withTotals?: boolean;
  paginationPosition?: 'top' | 'bottom';
}

// Sticky cells are opaque (global.css .ch-sticky) so the cells scrolled under them do not show through.
// The Actions column is as narrow as its icons and sticks to the right edge.
const ACTIONS_CELL = { className: 'ch-sticky ch-list-actions', w: 1, style: { right: 0, whiteSpace: 'nowrap' } } as const;
// The phone's key column (data-list.css shows it on a phone only) sticks to the left edge.
const PHONE_KEY = '__phone-key';
const PHONE_KEY_CELL = { className: 'ch-sticky ch-phone-key', style: { left: 0 } } as const;

export function DataList<T>(props: DataListProps<T>) {
  const { t } = useTranslation();
  const { columns, list } = props;
  const { params, selection, deletion, lastAnswer } = list;
  const [totalsOpen, setTotalsOpen] = useState(false);

  const withActions = props.rowActions !== undefined;
  const colCount = columns.length + (props.selectable ? 1 : 0) + (withActions ? 1 : 0);
  const pagination = lastAnswer ? <Pagination page={params.page} pagesCount={lastAnswer.pagesCount} onChange={params.setPage} /> : null;
  // The sticky first column is the first data column (and the selection checkboxes before it).
  const firstDataIndex = props.selectable ? 1 : 0;
  const sticky = (index: number): { className?: string; style?: CSSProperties } =>
    props.stickyFirstColumn && index <= firstDataIndex
      ? { className: 'ch-sticky', style: { left: index === 0 ? 0 : SELECT_COLUMN_WIDTH } }
      : {};

  // The phone's key column: drawn first, shown only on a phone, where the column it replaces is not.
  const replaced = props.phoneKey && columns.find((c) => c.key === props.phoneKey!.replaces);
  const phoneColumn: ListColumn<T> | undefined = replaced && { ...replaced, key: PHONE_KEY, render: props.phoneKey!.render };
  const cellOf = (column: ListColumn<T>, i: number): { className?: string; style?: CSSProperties } => {
    if (column.key === PHONE_KEY) return PHONE_KEY_CELL;
    if (column === replaced) return { className: 'ch-phone-replaced' };
    return sticky(i + firstDataIndex);
  };
  const drawn = phoneColumn ? [phoneColumn, ...columns] : columns;

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

      {props.selectable && selection.ids.size > 0 && (
        <Paper withBorder p="xs" role="region" aria-label={t('list.selected', { count: selection.ids.size })}>
          <Group justify="space-between">
            <Text fw={500}>{t('list.selected', { count: selection.ids.size })}</Text>
            <Group gap="xs">
              {props.selectionActions?.([...selection.ids])}
              <Button variant="default" size="xs" onClick={selection.clear}>
                {t('list.close')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}

      {props.withTotals && list.view === 'rows' && (
        <Group justify="flex-end">
          <Button variant="subtle" size="xs" onClick={() => setTotalsOpen((o) => !o)} aria-expanded={totalsOpen}>
            {totalsOpen ? t('list.hideTotals') : t('list.expandTotals')}
          </Button>
        </Group>
      )}

      {list.view === 'error' ? (
        <ListError reason={list.error ?? ''} retrying={list.fetching} onRetry={list.retry} />
      ) : (
        <Table.ScrollContainer
          minWidth={props.columns.length > NARROW_COLUMNS ? 600 : 0}
          // A table wider than the screen scrolls in this frame: a keyboard must reach it even when no
          // cell holds a link or button (axe scrollable-region-focusable: an empty or link-less sheet).
          scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}
        >
          <Table
            striped
            highlightOnHover
            verticalSpacing="xs"
            aria-busy={list.fetching || undefined}
            aria-label={props.title}
            style={{ opacity: list.fetching && list.view !== 'loading' ? 0.7 : 1, transition: 'opacity 150ms' }}
          >
            <Table.Thead>
              <Table.Tr>
                {props.selectable && (
                  <Table.Th w={SELECT_COLUMN_WIDTH} miw={SELECT_COLUMN_WIDTH} {...sticky(0)}>
                    <Checkbox
                      aria-label={t('list.selectAll')}
                      checked={selection.all}
                      indeterminate={selection.some && !selection.all}
                      disabled={list.items.length === 0}
                      onChange={selection.togglePage}
                    />
                  </Table.Th>
                )}
                {drawn.map((column, i) => {
                  const field = column.sortField;
                  const direction = field !== undefined ? sortDirection(params.sort, field) : null;
                  return (
                    <Table.Th
                      key={column.key}
                      w={column.key === PHONE_KEY ? undefined : column.width}
                      {...cellOf(column, i)}
                      aria-sort={field !== undefined ? ariaSort(direction) : undefined}
                    >
                      {field !== undefined ? (
                        <SortButton label={column.header} direction={direction} onClick={() => params.toggleSort(field)} />
                      ) : (
                        column.header
                      )}
                    </Table.Th>
                  );
                })}
                {withActions && <Table.Th {...ACTIONS_CELL}>{t('list.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.view === 'loading' &&
                Array.from({ length: SKELETON_ROWS }, (_, r) => (
                  <Table.Tr key={`skeleton-${r}`} data-testid="skeleton-row">
                    {Array.from({ length: colCount }, (_, c) => (
                      <Table.Td key={c}>
                        <Skeleton height={14} radius="sm" />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              {list.view === 'empty' && (
                <Table.Tr>
                  <Table.Td colSpan={colCount}>
                    <Text ta="center" c="dimmed" py="lg">
                      {t('list.noItems')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {list.view === 'rows' &&
                list.items.map((row) => {
                  const id = list.getRowId(row);
                  const selected = selection.ids.has(id);
                  return (
                    <Table.Tr key={id} data-selected={selected || undefined}>
                      {props.selectable && (
                        <Table.Td {...sticky(0)}>
                          <Checkbox aria-label={t('list.selectRow')} checked={selected} onChange={() => selection.toggle(id)} />
                        </Table.Td>
                      )}
                      {drawn.map((column, i) => (
                        <Table.Td key={column.key} {...cellOf(column, i)}>
                          {column.popover ? (
                            <CellPopover spec={column.popover} row={row}>
                              {column.render(row)}
                            </CellPopover>
                          ) : (
                            column.render(row)
                          )}
                        </Table.Td>
                      ))}
                      {withActions && <Table.Td {...ACTIONS_CELL}>{props.rowActions?.(row)}</Table.Td>}
                    </Table.Tr>
                  );
                })}
            </Table.Tbody>
            {props.withTotals && totalsOpen && list.view === 'rows' && (
              <Table.Tfoot>
                <Table.Tr>
                  {props.selectable && <Table.Td />}
                  {columns.map((column, i) => (
                    <Table.Td key={column.key} fw={700} {...sticky(i + firstDataIndex)}>
                      {i === 0 ? t('list.total') : (column.total?.(list.items) ?? null)}
                    </Table.Td>
                  ))}
                  {withActions && <Table.Td />}
                </Table.Tr>
              </Table.Tfoot>
            )}
          </Table>
        </Table.ScrollContainer>
      )}

      <Group justify="space-between" wrap="wrap">
        {lastAnswer && (
          <PageSummary
            page={lastAnswer.page}
            perPage={lastAnswer.perPage}
            totalCount={lastAnswer.totalCount}
            pagesCount={lastAnswer.pagesCount}
          />
        )}
        {props.paginationPosition !== 'top' && pagination}
      </Group>

      <DeleteDialog
        opened={deletion.row !== null}
        loading={deletion.running}
        onCancel={deletion.cancel}
        onConfirm={() => void deletion.confirm()}
      />
    </Stack>
  );
}

/**
 * The headless half of every list (docs/architecture.md §8.4, react-admin's useListController): page, sort
 * and filters in the hash query, the list call, the last answer that arrived, the selection and
 * the delete flow. `DataList` draws what this returns and keeps no state of its own.
 *
 *   const list = useListController({ queryKey: USERS_KEY, fetch: listUsers, getRowId: (u) => u.id,
 *     filters: ['username', 'role'], remove: (u) => deleteUser(u.id) });
 *   <DataList title="Users" list={list} columns={columns} rowActions={(u) => …} />
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListResponse } from '@cooler-hub/contract/common';
import { errorMessage } from '../../lib/async';
import { notifyError } from '../../lib/notify';
import { runWithToast } from '../run-with-toast';
import type { ListState } from './list-params';
import { listView, pageAfterShrink, selectionState, togglePage, toggleRow, type ListView, type RowId } from './list-model';
import { useListParams, type ListParams } from './use-list-params';

/** What a list call gets: the state from the query string and the API query built from it. */
export interface ListQuery<F extends string = string> extends ListState<F> {
  /** e.g. 'page=2&order[username]=desc&role=Admin' */
  apiQuery: string;
}

/** A feature's list call (its api.ts): `(q, signal) => api.call(listReceipts, { query: q.apiQuery, signal })`. */
export type ListFetcher<T, F extends string = string> = (query: ListQuery<F>, signal: AbortSignal) => Promise<ListResponse<T>>;

export interface ListControllerOptions<T, F extends string> {
  /** The resource's query key: the list is cached under [...queryKey, 'list', apiQuery]; a delete reloads the whole key. */
  queryKey: readonly unknown[];
  fetch: ListFetcher<T, F>;
  getRowId: (row: T) => RowId;
  /** The filters kept in the query string. */
  filters?: readonly F[];
  /** A prefix for the query-string keys when a screen holds several lists ('pn' → pn.page=2). */
  namespace?: string;
  /** The delete call; without it, confirming a delete says 'Delete method is not implemented' (docs/product.md §8). */
  remove?: (row: T) => Promise<unknown>;
}

export interface ListSelection {
  ids: ReadonlySet<RowId>;
  /** Every / some row of the current page is selected. */
  all: boolean;
  some: boolean;
  toggle: (id: RowId) => void;
  togglePage: () => void;
  clear: () => void;
}

export interface ListDeletion<T> {
  /** The row whose delete dialog is open. */
  row: T | null;
  ask: (row: T) => void;
  cancel: () => void;
  confirm: () => Promise<void>;
  running: boolean;
}

export interface ListController<T, F extends string = string> {
  params: ListParams<F>;
  /** The rows to draw (the previous page's, faded, while the next one loads). */
  items: T[];
  view: ListView;
  /** The newest answer that arrived, for the 'a-b of N items' summary and the page buttons: kept while a reload runs or fails. */
  lastAnswer: ListResponse<T> | undefined;
  fetching: boolean;
  /** Why the list could not be loaded (view 'error'). */
  error: string | null;
  retry: () => void;
  /** Reloads every list and record of the resource (after a create or edit made elsewhere). */
  reload: () => Promise<void>;
  getRowId: (row: T) => RowId;
  selection: ListSelection;
  deletion: ListDeletion<T>;
}

const NO_SELECTION: ReadonlySet<RowId> = new Set();

export function useListController<T, const F extends string = never>(options: ListControllerOptions<T, F>): ListController<T, F> {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { queryKey, fetch, getRowId, remove } = options;
  const params = useListParams(options.filters ?? [], { namespace: options.namespace });
  const { apiQuery, page, sort, filters, setPage } = params;

  const query = useQuery({
    queryKey: [...queryKey, 'list', apiQuery],
    queryFn: ({ signal }) => fetch({ page, sort, filters, apiQuery }, signal),
    placeholderData: keepPreviousData,
  });

  // The newest real answer outlives a failed or running request, so the summary never goes blank.
  const fresh = query.isSuccess && !query.isPlaceholderData ? query.data : undefined;
  const [lastAnswer, setLastAnswer] = useState(fresh);
  if (fresh && fresh !== lastAnswer) setLastAnswer(fresh);

  const items = query.data?.items ?? [];
  const view = listView({ hasData: query.data !== undefined, isError: query.isError, itemCount: items.length });

  // A delete can empty the last page: step back to the new last page.
  const data = query.data;
  useEffect(() => {
    const target = data ? pageAfterShrink(page, data) : null;
    if (target !== null) setPage(target);
  }, [data, page, setPage]);

  // The selection belongs to one page, sort and filter: another query starts with none.
  const [selected, setSelected] = useState({ apiQuery, ids: NO_SELECTION });
  const ids = selected.apiQuery === apiQuery ? selected.ids : NO_SELECTION;
  const pageIds = items.map(getRowId);
  const select = (next: ReadonlySet<RowId>) => setSelected({ apiQuery, ids: next });

  const [pendingDelete, setPendingDelete] = useState<{ row: T } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const reload = () => queryClient.invalidateQueries({ queryKey });

  const confirm = async () => {
    if (!pendingDelete) return;
    if (!remove) {
      setPendingDelete(null);
      notifyError(t('dialog.deleteNotImplemented'));
      return;
    }
    setDeleting(true);
    try {
      const removed = await runWithToast(() => remove(pendingDelete.row), t('dialog.removed'));
      setPendingDelete(null);
      if (removed) await reload();
    } finally {
      setDeleting(false);
    }
  };

  return {
    params,
    items,
    view,
    lastAnswer: fresh ?? lastAnswer,
    fetching: query.isFetching,
    error: query.isError ? errorMessage(query.error) : null,
    retry: () => void query.refetch(),
    reload,
    getRowId,
    selection: {
      ids,
      ...selectionState(ids, pageIds),
      toggle: (id) => select(toggleRow(ids, id)),
      togglePage: () => select(togglePage(ids, pageIds)),
      clear: () => select(NO_SELECTION),
    },
    deletion: {
      row: pendingDelete?.row ?? null,
      ask: (row) => setPendingDelete({ row }),
      cancel: () => {
        if (!deleting) setPendingDelete(null);
      },
      confirm,
      running: deleting,
    },
  };
}
